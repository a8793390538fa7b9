// LanguageChoice.swift — the built-in language chosen (LanguageResolver.swift), the
// region of the locale that chose it, and the language as it was asked for, before
// falling back to English (an override file is looked for under that name).

public struct LanguageChoice: Equatable, Sendable {
    /// A built-in language code: en, es, fr or de.
    public let language: String
    /// The region of the locale that chose it, e.g. MX, used to pick `es_MX.lproj`.
    public let region: String?
    /// The language as requested, before falling back (used to pick `<lang>.lproj`).
    public let requested: String
}
