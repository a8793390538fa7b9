// JournalField.swift — one field of a journal record (Journal.swift): an upper-case
// name and the exact bytes of its value, which the native protocol carries unescaped.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One field of a journal record: an upper-case name and the exact bytes of its value.
package struct JournalField: Equatable, Sendable {
    package var name: String
    package var value: [UInt8]

    package init(_ name: String, _ value: [UInt8]) {
        self.name = name
        self.value = value
    }

    package init(_ name: String, _ value: String) {
        self.init(name, Array(value.utf8))
    }
}
