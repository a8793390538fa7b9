// Suggestion.swift — the word a person most likely meant when they misspelt an option or
// a policy word, as git and cargo suggest one: the one known word within a small edit
// distance (a letter left out, added, changed, or two swapped).
//
// Contract:
// - Nil when no known word is close enough (at most 1 edit for words of up to 4
//   letters, 2 for longer ones), or when two are equally close: a guess that could be
//   wrong is no help.

package enum Suggestion {
    package static func closest(to word: String, among known: [String]) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        let limit = typed.count <= 4 ? 1 : 2
        let scored = Set(known).map { ($0, distance(typed, Array($0))) }.filter { $0.1 <= limit }
        guard let best = scored.map(\.1).min() else { return nil }
        let nearest = scored.filter { $0.1 == best }
        return nearest.count == 1 ? nearest[0].0 : nil
    }

    /// Edits from `a` to `b`, a swap of two neighbours counting as one.
    package static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }

    /// "; did you mean X?" for a near word, or nothing.
    package static func clause(for word: String, among known: [String], spelled: (String) -> String) -> String {
        closest(to: word, among: known).map { "; did you mean \(spelled($0))?" } ?? ""
    }
}
