// ApprovalRequest.swift — one request for an approver's yes: who asks, on which
// terminal, for what (the words the board would show), and its id.
//
// Contract:
// - The id is 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), drawn
//   from the system's generator: 31^8 ids, so one cannot be guessed, and two requests
//   never share one while both wait (each id lives only as long as its judge).
// - Every field the judge sends an approver is already visible text: the words are
//   quoted as the board quotes them, every field passes Visible.screen once (what could
//   act on a terminal written out, a backslash left as it is), and a tab or newline
//   never appears inside a field.
// - A reason the person types is one line of at most `reasonLimit` bytes once made
//   visible (cut on a character's boundary), its long blank runs written out as the
//   words' are; a reason with nothing but blanks is none.

import ShapelyGate
import ShapelyGateScreen
import ShapelyGateSystem

package struct ApprovalRequest: Equatable, Sendable {
    package let id: String
    package let requester: String
    package let requesterUID: UserID
    package let terminal: String
    package let shown: String
    /// A yes covers this run only, never a window: what the request runs cannot be seen
    /// (polkit's helper does not tell the PAM stack which action it authenticates).
    package var onlyOnce = false
    package init(id: String, requester: String, requesterUID: UserID, terminal: String, shown: String) {
        self.id = id
        self.requester = requester
        self.requesterUID = requesterUID
        self.terminal = terminal
        self.shown = shown
    }

    package static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    package static func newID<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        String((0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    package static func isID(_ text: String) -> Bool {
        text.count == 8 && text.allSatisfy { alphabet.contains($0) }
    }

    /// The line the judge sends for `--pending`: tab-separated, one line; the reason,
    /// when the person gave one, last.
    package func pendingLine(waited seconds: Int, reason: String? = nil) -> String {
        (["request", id, Self.field(requester), Self.field(terminal), String(max(0, seconds)), Self.field(forApprovers)]
            + (reason.map { [Self.field($0)] } ?? [])).joined(separator: "\t") + "\n"
    }

    /// The longest reason, in bytes, once made visible.
    package static let reasonLimit = 200

    /// A reason as typed, made visible and cut to `reasonLimit` bytes on a character's
    /// boundary; nil when it says nothing.
    package static func reason(_ typed: [UInt8]) -> String? {
        let visible = Visible.screen(String(decoding: typed, as: UTF8.self))
        let trimmed = String(visible.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard !trimmed.isEmpty else { return nil }
        var cut = ""
        for character in blanksWrittenOut(trimmed) {
            guard cut.utf8.count + String(character).utf8.count <= reasonLimit else { break }
            cut.append(character)
        }
        return cut
    }

    /// The words as an approver reads them: each run of more than two blanks (any space
    /// Unicode has: no-break, ideographic, the typographic widths) written as
    /// `<N blanks>`, so that no padding can push what runs off an approver's screen and
    /// leave only a harmless-looking tail (the board, which must show the run whole,
    /// refuses a screen too small instead).
    package var forApprovers: String { Self.blanksWrittenOut(shown) }

    /// `text` with each run of more than two blanks written as `<N blanks>`.
    package static func blanksWrittenOut(_ text: String) -> String {
        var out = "", run = 0
        func flush() {
            out += run > 2 ? "<\(run) blanks>" : String(repeating: " ", count: run)
            run = 0
        }
        for character in text {
            if character.isWhitespace { run += 1; continue }
            flush()
            out.append(character)
        }
        flush()
        return out
    }

    /// One field of a line to an approver: what could act on a terminal written out, a
    /// tab or line end as a space (they part fields and lines). A backslash stays one:
    /// the words are already quoted as the board shows them, and are shown once.
    package static func field(_ text: String) -> String {
        Visible.screen(text)
    }
}

/// An approver's answer to one request, and who gave it.
extension ApprovalRequest {
    /// `600`, `10m`, `1h`: a window's seconds, 1 to 86400, in the one spelling of whole
    /// numbers, with an optional unit (s, m, h).
    package static func duration(_ text: String) -> Int? {
        let unit = text.last.flatMap { ["s": 1, "m": 60, "h": 3600][$0] }
        let digits = unit == nil ? text : String(text.dropLast())
        guard let number = try? ValueReader.number(digits, 0...86400), number > 0 else { return nil }
        let seconds = number * (unit ?? 1)
        return seconds <= 86400 ? seconds : nil
    }
}

package enum ApprovalAnswer: Equatable, Sendable {
    /// A yes; `window` seconds (0: this run only) in which the same command runs again unasked.
    case approved(by: String, window: Int)
    case denied(by: String)
}
