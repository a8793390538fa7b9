// DictionaryBuilder.swift — a dictionary built one entry at a time with one value per
// key, keys compared code point by code point: the last duplicate wins in XML and the
// text format, the first in a binary file (`keepFirst`), as in Apple's reader.

/// Builds a dictionary with one value per key; `keepFirst` is the binary rule.
struct DictionaryBuilder {
    private(set) var entries: [(key: String, value: PropertyListValue)] = []
    private var positions: [[UInt8]: Int] = [:]
    let keepFirst: Bool

    init(keepFirst: Bool) { self.keepFirst = keepFirst }

    mutating func set(_ key: String, _ value: PropertyListValue) {
        let exact = Array(key.utf8)
        if let position = positions[exact] {
            if !keepFirst { entries[position].value = value }
        } else {
            positions[exact] = entries.count
            entries.append((key, value))
        }
    }
}
