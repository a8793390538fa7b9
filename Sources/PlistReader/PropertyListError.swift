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

    public var description: String {
        switch place {
        case .line(let line): return "line \(line): \(reason)"
        case .byteOffset(let offset): return "byte offset \(offset): \(reason)"
        }
    }
}
