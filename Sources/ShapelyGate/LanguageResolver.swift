// LanguageResolver.swift — which built-in language to speak. Order: an explicit choice
// (`--lang`), then LANGUAGE (a colon-separated list; its first known entry), LC_ALL,
// LC_MESSAGES, LANG. A locale such as `es_MX.UTF-8` gives `es` with region `MX`; `C`,
// `POSIX` and unknown languages give English. As in GNU gettext, LANGUAGE is ignored
// when the locale itself is C or POSIX.

public enum LanguageResolver {
    public static func resolve(explicit: String?, environment: [String: String]) -> LanguageChoice {
        if let explicit, !explicit.isEmpty { return choice(from: explicit) }
        let locale = [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty }
        let localeIsC = locale.map { $0 == "C" || $0 == "POSIX" || $0.hasPrefix("C.") } ?? true
        if !localeIsC, let list = environment["LANGUAGE"], !list.isEmpty {
            for entry in list.split(separator: ":") {
                let candidate = choice(from: String(entry))
                if candidate.language == candidate.requested { return candidate }
            }
        }
        return choice(from: locale ?? "C")
    }

    /// `es_MX.UTF-8@euro` → es, MX. Unknown languages fall back to English but keep the
    /// requested code so an override folder can still supply that language.
    public static func choice(from locale: String) -> LanguageChoice {
        var tag = locale[...]
        if let cut = tag.firstIndex(where: { $0 == "." || $0 == "@" }) { tag = tag[..<cut] }
        let parts = tag.split(maxSplits: 1, whereSeparator: { $0 == "_" || $0 == "-" })
        let code = parts.first.map { $0.lowercased() } ?? ""
        let region = parts.count > 1 ? parts[1].uppercased() : nil
        let valid = !code.isEmpty && code.count <= 8 && code.allSatisfy { $0.isASCII && $0.isLetter }
        guard valid, code != "c", code != "posix" else {
            return LanguageChoice(language: "en", region: nil, requested: "en")
        }
        let known = BuiltInStrings.table(for: code) != nil
        return LanguageChoice(language: known ? code : "en", region: region, requested: code)
    }
}
