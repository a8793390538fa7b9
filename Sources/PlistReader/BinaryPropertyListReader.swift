// BinaryPropertyListReader.swift — the binary property list reader ("bplist0" and any one
// character, as Apple's reader accepts), with the checks Apple's reader makes:
// - the 32-byte trailer: offset and reference sizes of at least one byte, at least one
//   object, the top object among them, the offset table after the objects and the file
//   exactly as long as objects + table + trailer, references and offsets wide enough;
// - every entry of the offset table inside the object area;
// - each object inside the object area with all its bytes, counts read with bounds and
//   overflow checks, references inside the table, nesting at most 512, no cycles
//   (an object reached again on its own path), dictionary keys never collections.
// Strings: ASCII (bytes above 0x7F read as Latin-1, as Apple's reader reads them) and
// UTF-16BE (unpaired surrogates become U+FFFD, as they do once Swift sees them; an
// empty one fails, as it does in Apple's reader).
// Duplicate keys: the first wins. Objects are read once and reused by offset, so a file
// whose objects share children costs no more than its size. Never traps.

struct BinaryPropertyListReader {
    private let b: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let tableOffset: Int
    private let topOffset: Int
    private var cache: [Int: PropertyListValue] = [:]
    private var path: Set<Int> = []

    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes.starts(with: Array("bplist0".utf8))
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<start + size { value = value &<< 8 | UInt64(bytes[index]) }
        return value
    }

    init(_ bytes: [UInt8]) throws(PropertyListError) {
        b = bytes
        let count = bytes.count
        let trailer = count - 32
        func bad(_ reason: String) -> PropertyListError { PropertyListError(.byteOffset(max(trailer, 0)), reason) }
        guard count >= 32 + 8 + 1 else { throw bad("binary property list too short for its trailer") }
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let objects = Self.number(bytes, trailer + 8, 8)
        let top = Self.number(bytes, trailer + 16, 8)
        let table = Self.number(bytes, trailer + 24, 8)
        guard objects <= UInt64(Int64.max), table <= UInt64(Int64.max) else { throw bad("trailer counts out of range") }
        objectCount = Int(objects)
        tableOffset = Int(table)
        guard objectCount >= 1, top < objects else { throw bad("trailer names no top object") }
        guard tableOffset >= 9, tableOffset < trailer else { throw bad("offset table outside the file") }
        guard offsetSize >= 1, referenceSize >= 1 else { throw bad("zero-sized offsets or references") }
        let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: offsetSize)
        guard !overflow, tableSize >= 1, tableSize <= count, tableOffset + tableSize + 32 == count else {
            throw bad("offset table does not end at the trailer")
        }
        if referenceSize < 8 && UInt64(1) << (8 * referenceSize) <= objects { throw bad("references too narrow for the object count") }
        if offsetSize < 8 && UInt64(1) << (8 * offsetSize) <= table { throw bad("offsets too narrow for the object area") }
        for index in 0..<objectCount {
            let entry = tableOffset + index * offsetSize
            if Self.number(bytes, entry, offsetSize) > UInt64(tableOffset - 1) {
                throw PropertyListError(.byteOffset(entry), "offset table entry outside the object area")
            }
        }
        let topEntry = Self.number(bytes, tableOffset + Int(top) * offsetSize, offsetSize)
        guard topEntry >= 8 else { throw bad("top object outside the object area") }
        topOffset = Int(topEntry)
    }

    mutating func read() throws(PropertyListError) -> PropertyListValue {
        try object(at: topOffset, depth: 0)
    }

    /// The last byte objects may use.
    private var objectsEnd: Int { tableOffset - 1 }

    private func fail(_ offset: Int, _ reason: String) -> PropertyListError {
        PropertyListError(.byteOffset(offset), reason)
    }

    /// Whether `length` bytes from `start` stay inside the object area.
    private func fits(_ start: Int, _ length: Int) -> Bool {
        let (last, overflow) = start.addingReportingOverflow(length)
        return !overflow && last - 1 <= objectsEnd
    }

    /// A count from the marker's low nibble, or from the integer after it when that is 0xF.
    private func count(_ marker: UInt8, after position: Int, object: Int) throws(PropertyListError) -> (count: Int, next: Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, position) }
        guard position <= objectsEnd, b[position] & 0xF0 == 0x10 else { throw fail(object, "count is not an integer") }
        let size = 1 << Int(b[position] & 0x0F)
        guard fits(position + 1, size) else { throw fail(object, "count runs past the object area") }
        let value = Self.number(b, position + 1, size)
        guard value <= UInt64(Int64.max) else { throw fail(object, "count out of range") }
        return (Int(value), position + 1 + size)
    }

    /// The object offset that the reference stored at `position` points to.
    private func reference(at position: Int, object: Int) throws(PropertyListError) -> Int {
        guard position >= 8, position <= tableOffset - referenceSize else { throw fail(object, "reference outside the object area") }
        let index = Self.number(b, position, referenceSize)
        guard index < UInt64(objectCount) else { throw fail(object, "reference to object \(index) of \(objectCount)") }
        return Int(Self.number(b, tableOffset + Int(index) * offsetSize, offsetSize))
    }

    private mutating func object(at offset: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        guard depth <= PropertyList.maximumDepth else { throw fail(offset, "nested too deeply") }
        if let known = cache[offset] { return known }
        guard !path.contains(offset) else { throw fail(offset, "an object contains itself") }
        guard offset >= 8, offset <= objectsEnd else { throw fail(offset, "object outside the object area") }
        let marker = b[offset]
        let value: PropertyListValue
        switch marker >> 4 {
        case 0xA, 0xC, 0xD: value = try collection(marker, at: offset, depth: depth)
        default: value = try scalar(marker, at: offset)
        }
        cache[offset] = value
        return value
    }

    /// The object at `offset` that is not a collection, checked to lie inside the object area.
    private func scalar(_ marker: UInt8, at offset: Int) throws(PropertyListError) -> PropertyListValue {
        let value: PropertyListValue
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: value = .other(kind: "null")
            case 0x08: value = .other(kind: "false")
            case 0x09: value = .other(kind: "true")
            default: throw fail(offset, "unknown object marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard fits(offset + 1, size), size <= 16 else { throw fail(offset, "integer runs past the object area") }
            value = .other(kind: "integer")
        case 0x2:
            let size = marker & 0x0F == 2 ? 4 : marker & 0x0F == 3 ? 8 : 0
            guard size > 0, fits(offset + 1, size) else { throw fail(offset, "bad real") }
            value = .other(kind: "real")
        case 0x3:
            guard marker == 0x33, fits(offset + 1, 8) else { throw fail(offset, "bad date") }
            value = .other(kind: "date")
        case 0x4:
            let (length, start) = try count(marker, after: offset + 1, object: offset)
            guard fits(start, length) else { throw fail(offset, "data runs past the object area") }
            value = .other(kind: "data")
        case 0x5, 0x6:
            value = try string(marker, at: offset)
        case 0x8:
            let size = Int(marker & 0x0F) + 1
            guard fits(offset + 1, size), Self.number(b, offset + 1, size) <= UInt64(UInt32.max) else {
                throw fail(offset, "bad uid")
            }
            value = .other(kind: "uid")
        default:
            throw fail(offset, "unknown object marker 0x\(String(marker, radix: 16))")
        }
        return value
    }

    /// The string at `offset`: ASCII (marker 0x5_) or big-endian UTF-16 (0x6_).
    private func string(_ marker: UInt8, at offset: Int) throws(PropertyListError) -> PropertyListValue {
        let (length, start) = try count(marker, after: offset + 1, object: offset)
        if marker >> 4 == 0x5 {
            guard fits(start, length) else { throw fail(offset, "string runs past the object area") }
            var text = ""
            text.unicodeScalars.reserveCapacity(length)
            for byte in b[start..<start + length] { text.unicodeScalars.append(Unicode.Scalar(byte)) }
            return .string(text)
        }
        let (bytes, overflow) = length.multipliedReportingOverflow(by: 2)
        guard !overflow, fits(start, bytes) else { throw fail(offset, "string runs past the object area") }
        // Apple's reader allocates the characters first and fails on zero bytes.
        guard length > 0 else { throw fail(offset, "empty UTF-16 string") }
        let units = stride(from: start, to: start + bytes, by: 2).map { UInt16(b[$0]) << 8 | UInt16(b[$0 + 1]) }
        return .string(String(decoding: units, as: UTF16.self))
    }

    private mutating func collection(_ marker: UInt8, at offset: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        let isDictionary = marker >> 4 == 0xD
        let (declared, start) = try count(marker, after: offset + 1, object: offset)
        let (references, doubled) = declared.multipliedReportingOverflow(by: isDictionary ? 2 : 1)
        let (bytes, overflow) = references.multipliedReportingOverflow(by: referenceSize)
        guard !doubled, !overflow, fits(start, bytes) else { throw fail(offset, "collection runs past the object area") }
        path.insert(offset)
        defer { path.remove(offset) }
        var children: [PropertyListValue] = []
        children.reserveCapacity(references)
        for index in 0..<references {
            let child = try reference(at: start + index * referenceSize, object: offset)
            let value = try object(at: child, depth: depth + 1)
            if isDictionary && index < declared {
                switch value {
                case .array, .dictionary, .other(kind: "set"), .other(kind: Self.mixedKeys):
                    throw fail(offset, "a dictionary key is a collection")
                default: break
                }
            }
            children.append(value)
        }
        guard isDictionary else { return marker >> 4 == 0xA ? .array(children) : .other(kind: "set") }
        var builder = DictionaryBuilder(keepFirst: true)
        for index in 0..<declared {
            guard case .string(let key) = children[index] else { return .other(kind: Self.mixedKeys) }
            builder.set(key, children[declared + index])
        }
        return .dictionary(builder.entries)
    }

    static let mixedKeys = "dictionary with keys that are not strings"
}
