// TextSearch.swift — a substring test over UTF-8 bytes, for the environment checks made
// before the first board. The standard `contains` builds a generic searcher whose type
// information the runtime assembles on first use, which costs more at startup than the
// whole search.

extension StringProtocol {
    /// Whether `needle` occurs in this text, byte for byte (no Unicode normalisation:
    /// meant for ASCII names such as `utf-8` or `256color`).
    func containsBytes(_ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard !pattern.isEmpty else { return true }
        let text = Array(utf8)
        guard text.count >= pattern.count else { return false }
        for start in 0...(text.count - pattern.count) {
            var index = 0
            while index < pattern.count && text[start + index] == pattern[index] { index += 1 }
            if index == pattern.count { return true }
        }
        return false
    }
}
