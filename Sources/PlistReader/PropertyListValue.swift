// PropertyListValue.swift — a property list as read (PropertyList.swift): strings,
// arrays and dictionaries in full, every other value by its kind only. Strings and keys
// compare code point by code point, as Apple's reader compares them; a dictionary holds
// each key once, in the order it first appeared.

public indirect enum PropertyListValue: Equatable, Sendable {
    case string(String)
    /// Unique keys (compared by code point), in the order each key first appeared.
    case dictionary([(key: String, value: PropertyListValue)])
    case array([PropertyListValue])
    /// integer, real, true, false, date, data, uid, null, set, or a dictionary whose
    /// keys are not all strings: kept by kind.
    case other(kind: String)

    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case let (.array(a), .array(b)): return a == b
        case let (.other(a), .other(b)): return a == b
        case let (.dictionary(a), .dictionary(b)):
            guard a.count == b.count else { return false }
            var index: [[UInt8]: PropertyListValue] = [:]
            for entry in b { index[Array(entry.key.utf8)] = entry.value }
            return a.allSatisfy { index[Array($0.key.utf8)] == $0.value }
        default: return false
        }
    }

    /// The value under `key`, compared code point by code point.
    public subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let entries) = self else { return nil }
        let wanted = Array(key.utf8)
        return entries.first { $0.key.utf8.elementsEqual(wanted) }?.value
    }
}
