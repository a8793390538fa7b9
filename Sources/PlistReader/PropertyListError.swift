// PropertyListError.swift — what is wrong with a property list and where: a line of a
// text file, or a byte offset of a binary one, for a one-line message.

public struct PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Place: Equatable, Sendable {
        case line(Int)
        case byteOffset(Int)
    }
    public let place: Place
    public let reason: String

    public init(_ place: Place, _ reason: String) {
        self.place = place
        self.reason = reason
    }

    /// The line of text `units` (code units, UTF-8 or UTF-16) that `position` falls on,
    /// counting CR, LF and CR LF as one line end each.
    static func line<Unit: BinaryInteger>(in units: [Unit], before position: Int) -> Place {
        var line = 1
        var index = 0
        let stop = min(position, units.count)
        while index < stop {
            if units[index] == 0x0D {
                line += 1
                if index + 1 < stop, units[index + 1] == 0x0A { index += 1 }
            } else if units[index] == 0x0A {
                line += 1
            }
            index += 1
        }
        return .line(line)
    }

    public var description: String {
        switch place {
        case .line(let line): return "line \(line): \(reason)"
        case .byteOffset(let offset): return "byte offset \(offset): \(reason)"
        }
    }
}
