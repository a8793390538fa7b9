// GateStrings.swift — resolves every visible string, in the seed's lookup order:
//   1. the override plist, if one was given (`--strings`);
//   2. the built-in table for the language;
//   3. the built-in English table.
// Values carry named placeholders ({shape}, {count}, ...) that are replaced as plain
// text, once, left to right: a value containing %@, %n or %s is shown as written, and a
// placeholder's replacement is never itself searched for placeholders.

import PlistReader

public struct GateStrings: Sendable {
    public let language: String
    public let overrides: [StringKey: String]

    public init(language: String, overrides: [StringKey: String] = [:]) {
        self.language = BuiltInStrings.table(for: language) == nil ? "en" : language
        self.overrides = overrides
    }

    public func text(_ key: StringKey) -> String {
        if let value = overrides[key] { return value }
        if let value = BuiltInStrings.table(for: language)?[key] { return value }
        return BuiltInStrings.english[key] ?? key.description
    }

    public func text(_ key: StringKey, _ values: [String: String]) -> String {
        Self.fill(text(key), values)
    }

    public func name(of kind: ShapeKind) -> String { text(.name(of: kind)) }

    /// The seed's alert for a denial, as text shows it: the heading is the title and its
    /// colon (`Too many attempts:`), the description follows after a space. Its OK
    /// label has no place where there is no button.
    public func alert(_ reason: DenialReason) -> (heading: String, description: String) {
        switch reason {
        case .tooManyAttempts: (text(.tooManyTitle) + text(.colon), text(.tooManyDescription))
        case .timeExpired: (text(.expiredTitle) + text(.colon), text(.expiredDescription))
        }
    }

    /// Replaces each `{name}` that `values` knows; leaves every other character alone.
    /// (Substrings are made strings before they are added: adding a substring to a string
    /// is generic code the runtime sets up on first use, at the gate's start.)
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += String(rest[..<open])
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
                let value = values[String(rest[afterOpen..<close])]
            {
                out += value
                rest = rest[rest.index(after: close)...]
            } else {
                out.append("{")
                rest = rest[afterOpen...]
            }
        }
        out += String(rest)
        return out
    }

    // MARK: Override files

    public static let overrideFileName = "ParentalGateStrings.plist"

    /// The `.lproj` folders to try for `language`, in the seed's lookup order: the full
    /// tag (`es_MX`, `es-MX`), the language alone, `Base`, then `en`; each named once.
    public static func lprojCandidates(language: String, region: String?) -> [String] {
        var folders: [String] = []
        if let region { folders += ["\(language)_\(region)", "\(language)-\(region)"] }
        for folder in [language, "Base", "en"] where !folders.contains(folder) { folders.append(folder) }
        return folders
    }

    /// Parses an override plist's bytes (any form `PropertyList.parse` reads) in the
    /// seed's schema: Category → Key → {value, comment}. `path` only names the file in
    /// errors; no file is read here.
    public static func overrides(parsing bytes: [UInt8], path: String) throws(GateStringsError) -> [StringKey: String] {
        let root: PropertyListValue
        do {
            root = try PropertyList.parse(bytes)
        } catch {
            throw GateStringsError(path: path, reason: error.description)
        }
        return try overrides(from: root, path: path)
    }

    /// Categories and keys the gate does not know are ignored whatever they hold, so a
    /// file written for a later version still works; a known category or key that is
    /// not a dictionary, or a known key whose `value` is not a string, is an error.
    /// Names are compared code point by code point, as Apple's dictionaries compare them.
    public static func overrides(from root: PropertyListValue, path: String) throws(GateStringsError) -> [StringKey: String] {
        guard case .dictionary = root else {
            throw GateStringsError(path: path, reason: "the top level must be a dictionary of categories")
        }
        var table: [StringKey: String] = [:]
        for known in Set(StringKey.all.map(\.category)).sorted() {
            guard let category = root[known] else { continue }
            guard case .dictionary = category else {
                throw GateStringsError(path: path, reason: "category \(known) must be a dictionary")
            }
            for key in StringKey.all where key.category == known {
                guard let entry = category[key.key] else { continue }
                guard case .dictionary = entry else {
                    throw GateStringsError(path: path, reason: "\(key) must be a dictionary with a value")
                }
                guard let field = entry["value"] else { continue }
                guard case .string(let value) = field else {
                    throw GateStringsError(path: path, reason: "\(key): value must be a string")
                }
                table[key] = value
            }
        }
        return table
    }

    /// A complete strings plist for `language`: every key, its value and a comment.
    public static func template(language: String) -> String {
        let strings = GateStrings(language: language)
        var categories: [(key: String, value: PropertyListValue)] = []
        for key in StringKey.all {
            let entry: (key: String, value: PropertyListValue) = (
                key.key,
                .dictionary([("value", .string(strings.text(key))), ("comment", .string(key.comment))])
            )
            if let index = categories.firstIndex(where: { $0.key == key.category }),
                case .dictionary(var entries) = categories[index].value
            {
                entries.append(entry)
                categories[index].value = .dictionary(entries)
            } else {
                categories.append((key.category, .dictionary([entry])))
            }
        }
        return PropertyList.xml(.dictionary(categories))
    }
}
