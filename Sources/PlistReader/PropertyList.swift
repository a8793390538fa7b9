// PropertyList.swift — reads property lists the way Apple's PropertyListSerialization
// (CoreFoundation's CFPropertyListCreateWithData) reads them, and writes XML ones.
//
// Contract:
// - `parse` takes bytes, does no I/O, never traps, and returns a tree or a
//   `PropertyListError` saying what is wrong and where (a line for text, a byte offset
//   for a binary file).
// - A file starting with "bplist0" is read as a binary plist
//   (BinaryPropertyListReader.swift); anything else, or a binary file that fails, is
//   decoded to UTF-8 (TextEncodings.swift) and read as XML (XMLPropertyListReader.swift),
//   then, if that fails, in the old text format (OldStylePropertyListReader.swift), as
//   Apple's reader tries them.
// - Dictionaries keep one value per key, keys compared code point by code point: in XML
//   and the text format the last duplicate wins, in a binary file the first, as in
//   Apple's reader.
// - Values other than strings, arrays and dictionaries are kept by kind only.

public enum PropertyList {
    /// Nesting deeper than this is refused, as Apple's reader refuses it.
    static let maximumDepth = 512

    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        guard !bytes.isEmpty else { throw PropertyListError(.line(1), "the file is empty") }
        guard BinaryPropertyListReader.looksBinary(bytes) else { return try text(bytes) }
        do {
            var reader = try BinaryPropertyListReader(bytes)
            return try reader.read()
        } catch {
            // Apple's reader then tries the text forms, which all but never read such a file.
            do { return try text(bytes) } catch _ { throw error }
        }
    }

    /// XML, then the old text format, as Apple's reader tries them; the error reported
    /// is the XML one when the text starts with '<'.
    private static func text(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        let text = try TextEncodings.utf8Text(of: bytes)
        var reader = XMLPropertyListReader(text)
        do {
            return try reader.document()
        } catch {
            let units = TextEncodings.utf16Units(bytes) ?? TextEncodings.appleUTF8(text[...]).map { Array($0.utf16) }
            guard let units, !units.isEmpty else { throw error }
            do {
                return try OldStylePropertyListReader.parse(units)
            } catch let oldStyleError {
                let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
                throw first == UInt8(ascii: "<") ? error : oldStyleError
            }
        }
    }

    /// An XML plist for `value`, indented with tabs as Apple's tools write them. Only
    /// strings, arrays and dictionaries are written faithfully; a kind kept without its
    /// value (`.other`) is written as an empty element of that name.
    public static func xml(_ value: PropertyListValue) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(value, depth: 0, into: &out)
        out += "</plist>\n"
        return out
    }

    private static func write(_ value: PropertyListValue, depth: Int, into out: inout String) {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .string(let text):
            out += "\(indent)<string>\(escape(text))</string>\n"
        case .other(let kind):
            out += "\(indent)<\(kind)/>\n"
        case .array(let items):
            out += "\(indent)<array>\n"
            for item in items { write(item, depth: depth + 1, into: &out) }
            out += "\(indent)</array>\n"
        case .dictionary(let entries):
            out += "\(indent)<dict>\n"
            for entry in entries {
                out += "\(indent)\t<key>\(escape(entry.key))</key>\n"
                write(entry.value, depth: depth + 1, into: &out)
            }
            out += "\(indent)</dict>\n"
        }
    }

    /// Escapes the markup characters; every other character is written as it is.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
