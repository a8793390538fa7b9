// AppleReader.swift — the reference: the toolchain's Foundation reads the same bytes.
// `read` calls CFPropertyListCreateWithData, the function PropertyListSerialization is
// built on, and walks the CoreFoundation objects directly: PropertyListSerialization's
// bridging traps on a binary plist holding a set, which a mutated file can. `bridged`
// is PropertyListSerialization itself, for files that hold no set.

import CoreFoundation
import Foundation
import PlistReader

enum AppleOutcome: Equatable, CustomStringConvertible {
    case read(PropertyListValue)
    /// Read only by Apple's old text-format parser, which the gate does not implement
    /// (except for a blank file, an empty dictionary in both).
    case oldStyle(PropertyListValue)
    case rejected

    var description: String {
        switch self {
        case .read(let value): return "read \(String("\(value)".prefix(300)))"
        case .oldStyle: return "read as the old text format"
        case .rejected: return "rejected"
        }
    }
}

enum AppleReader {
    static func read(_ bytes: [UInt8]) -> AppleOutcome {
        let data = CFDataCreate(nil, bytes, bytes.count)
        var format = CFPropertyListFormat(rawValue: 0)!
        guard let object = CFPropertyListCreateWithData(nil, data, 0, &format, nil)?.takeRetainedValue() else {
            return .rejected
        }
        return format == .openStepFormat ? .oldStyle(tree(object)) : .read(tree(object))
    }

    static func tree(_ object: AnyObject) -> PropertyListValue {
        if object is NSNull { return .other(kind: "null") }
        switch CFGetTypeID(object) {
        case CFStringGetTypeID(): return .string(string(object))
        case CFArrayGetTypeID():
            let array = cast(object, to: CFArray.self)
            return .array((0..<CFArrayGetCount(array)).map { index in
                tree(Unmanaged<AnyObject>.fromOpaque(CFArrayGetValueAtIndex(array, index)!).takeUnretainedValue())
            })
        case CFDictionaryGetTypeID():
            let dictionary = cast(object, to: CFDictionary.self)
            let count = CFDictionaryGetCount(dictionary)
            var keys = [UnsafeRawPointer?](repeating: nil, count: count)
            var values = [UnsafeRawPointer?](repeating: nil, count: count)
            CFDictionaryGetKeysAndValues(dictionary, &keys, &values)
            var entries: [(key: String, value: PropertyListValue)] = []
            for index in 0..<count {
                let key = Unmanaged<AnyObject>.fromOpaque(keys[index]!).takeUnretainedValue()
                guard CFGetTypeID(key) == CFStringGetTypeID() else {
                    return .other(kind: "dictionary with keys that are not strings")
                }
                entries.append((string(key), tree(Unmanaged<AnyObject>.fromOpaque(values[index]!).takeUnretainedValue())))
            }
            return .dictionary(entries)
        case CFBooleanGetTypeID():
            return .other(kind: CFBooleanGetValue(cast(object, to: CFBoolean.self)) ? "true" : "false")
        case CFNumberGetTypeID():
            return .other(kind: CFNumberIsFloatType(cast(object, to: CFNumber.self)) ? "real" : "integer")
        case CFDateGetTypeID(): return .other(kind: "date")
        case CFDataGetTypeID(): return .other(kind: "data")
        case CFNullGetTypeID(): return .other(kind: "null")
        case CFSetGetTypeID(): return .other(kind: "set")
        default: return .other(kind: "uid")
        }
    }

    /// The CoreFoundation type that `CFGetTypeID` reported for `object`.
    static func cast<T: AnyObject>(_ object: AnyObject, to: T.Type) -> T {
        Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque()).takeUnretainedValue()
    }

    /// A CFString's UTF-16, as Swift decodes it (an unpaired surrogate becomes U+FFFD).
    static func string(_ object: AnyObject) -> String {
        let string = cast(object, to: CFString.self)
        let length = CFStringGetLength(string)
        var units = [UniChar](repeating: 0, count: length)
        CFStringGetCharacters(string, CFRangeMake(0, length), &units)
        return String(decoding: units, as: UTF16.self)
    }

    /// PropertyListSerialization's own answer, reduced to strings, arrays and dictionaries
    /// (every other value becomes "value"), or nil when it refuses the bytes.
    static func bridged(_ bytes: [UInt8]) -> PropertyListValue? {
        guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) else { return nil }
        return reduce(any: object)
    }

    static func reduce(any: Any) -> PropertyListValue {
        switch any {
        case let text as String: return .string(text)
        case let items as [Any]: return .array(items.map(reduce(any:)))
        case let entries as [String: Any]: return .dictionary(entries.map { ($0.key, reduce(any: $0.value)) })
        default: return .other(kind: "value")
        }
    }

    static func reduce(_ value: PropertyListValue) -> PropertyListValue {
        switch value {
        case .string: return value
        case .array(let items): return .array(items.map(reduce))
        case .dictionary(let entries): return .dictionary(entries.map { ($0.key, reduce($0.value)) })
        case .other: return .other(kind: "value")
        }
    }
}
