// PamConversation.swift — the judge's side of the application's PAM conversation, which
// the module (pam_door.c) relays: information to say, one prompt to ask, and at the end
// the decision.
//
// Contract:
// - Text only, as an agent with no terminal and a proportional font shows it: each
//   message is cut at line ends into pieces the conversation carries (PAM_MAX_MSG_SIZE
//   bytes with the NUL: at most `longest`); a single line longer than that is cut too,
//   never inside a character. Leading and trailing line ends are dropped: each
//   application ends a message its own way.
// - The prompt asks for digits and is shown with echo on; whether the agent echoes
//   changes nothing.
// - Every exchange has an answer or an ending: `closed` when the conversation failed
//   or the module went away, `timedOut` at the deadline (the module may still be
//   waiting on the person; it reads the decision once they answer), `interrupted` on
//   SIGTERM, SIGHUP, SIGINT or SIGQUIT (blocked by the judge, taken here).
// - Every text given here is already visible text (Visible.screen, Renderer).

import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package struct PamConversation {
    package enum Reply: Equatable {
        case answer([UInt8])
        case said
        case closed
        case timedOut
        case interrupted
        /// `interject` said to stop waiting (an approver answered).
        case interjected
    }

    package static let longest = 511
    package static let endings = Signals.judgeEndings

    package var input = JudgeLink(descriptor: 0)
    package let output = JudgeLink(descriptor: 1)
    package var clock: () -> Double = Platform.monotonicSeconds
    /// Looked at while waiting; true ends the wait (an approver answered).
    package var interject: () -> Bool = { false }

    /// Says `text` as information messages; `said` once the application has shown it.
    package mutating func say(_ text: String, error: Bool = false, deadline: Double? = nil) -> Reply {
        let pieces = Self.pieces(text)
        guard !pieces.isEmpty else { return .said }
        output.answer(pieces.map { JudgeLink.Entry(tag: error ? JudgeLink.Kind.error : JudgeLink.Kind.info, text: $0) })
        return wait(until: deadline)
    }

    /// Says `text`, then asks `prompt`: the person's answer, as typed.
    package mutating func ask(_ prompt: String, after texts: [String], deadline: Double?) -> Reply {
        let question = Self.pieces(prompt).last ?? "?"
        output.answer(texts.flatMap(Self.pieces).map { JudgeLink.Entry(tag: JudgeLink.Kind.info, text: $0) }
                      + [JudgeLink.Entry(tag: JudgeLink.Kind.prompt, text: question)])
        return wait(until: deadline)
    }

    /// The end: `pass` (PAM_SUCCESS), `notGated` (PAM_IGNORE), or anything else denied,
    /// with `message` said as an error first.
    package func decide(_ decision: Decision, message: String? = nil) {
        var entries = (message.map(Self.pieces) ?? []).map { JudgeLink.Entry(tag: JudgeLink.Kind.message, text: $0) }
        entries.append(JudgeLink.Entry(tag: JudgeLink.Kind.decision, text: decision.text))
        output.answer(entries)
    }

    package enum Decision {
        case pass, denied, failed, notGated

        package var text: String {
            switch self {
            case .pass: JudgeLink.Kind.pass
            case .denied: JudgeLink.Kind.deny
            case .failed: JudgeLink.Kind.failure
            case .notGated: JudgeLink.Kind.notGatedDecision
            }
        }
    }

    /// Waits, saying nothing, until `deadline`, an interjection, the conversation's end
    /// or an ending signal.
    package mutating func hold(until deadline: Double) -> Reply {
        wait(until: deadline)
    }

    private mutating func wait(until deadline: Double?) -> Reply {
        while true {
            let left = deadline.map { max(0, $0 - clock()) } ?? 0.25
            let count = Platform.waitForInput(input.descriptor, within: min(left, 0.25))
            if count > 0 { break }
            if count < 0 && SystemError.last != SystemError.interrupted { return .closed }
            if Platform.waitForSignal(among: Self.endings, within: 0) != nil { return .interrupted }
            if let deadline, clock() >= deadline { return .timedOut }
            if interject() { return .interjected }
        }
        guard let reply = input.receive(), let first = reply.first else { return .closed }
        switch first.tag {
        case JudgeLink.Kind.answer: return .answer(Array(first.text.utf8))
        case JudgeLink.Kind.said: return .said
        default: return .closed
        }
    }

    /// `text` in pieces of at most `longest` bytes, cut at line ends where it can be.
    package static func pieces(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        let trimmed = text.drop { $0 == "\n" }.reversed().drop { $0 == "\n" }.reversed()
        for line in String(trimmed).split(separator: "\n", omittingEmptySubsequences: false) {
            for part in cut(String(line)) {
                let joined = current.isEmpty ? part : current + "\n" + part
                if joined.utf8.count <= longest {
                    current = joined
                } else {
                    pieces.append(current)
                    current = part
                }
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// One line in parts of at most `longest` bytes, each ending on a whole character.
    private static func cut(_ line: String) -> [String] {
        guard line.utf8.count > longest else { return [line] }
        var parts: [String] = [], part = ""
        for character in line {
            if part.utf8.count + String(character).utf8.count > longest {
                parts.append(part)
                part = ""
            }
            part.append(character)
        }
        return parts + [part]
    }
}
