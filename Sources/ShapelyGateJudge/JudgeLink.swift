// JudgeLink.swift — the judge's end of the socket its door (the sudo plugin, the PAM
// module) hands it on standard input and output; the protocol is shapelygate_protocol.h,
// imported here, so each kind, the version and the limit are written once.
//
// Contract:
// - A judge begins only where a door started it: as root, with the empty environment
//   the doors give, and standard input a socket whose peer, as the kernel recorded it
//   (SO_PEERCRED), is the judge's own parent and runs as root. Anything else is refused
//   before a byte is read: one line on standard error, status 2, no record, no board.
// - A message is a run of entries, each a kind byte, its text and a NUL; an empty entry
//   ends it. Text that is not UTF-8 is read with each bad byte replaced (U+FFFD), so a
//   word is never dropped, and marked as not exact: the judge shows no such word.
// - The door's first entry is its protocol version; a door of another version is
//   refused (`refusal(of:)`) before any other fact is used.
// - A message longer than SG_MESSAGE_LIMIT bytes, or a link closed before a message
//   ends, is no message (nil): the judge then denies or ends.
// - An answer is written whole, with MSG_NOSIGNAL: a door that went away cannot end the
//   judge by SIGPIPE. Every message it writes begins with the judge's protocol version.

import CShapelyGateGuard
import ShapelyGatePolicy
import ShapelyGateSession
import ShapelyGateSystem

package struct JudgeLink {
    /// A user or group id as a door writes it: decimal ASCII, never -1; nil otherwise.
    package static func id(_ text: String?) -> UInt32? {
        guard let text, !text.isEmpty, text.allSatisfy(\.isASCII), let value = UInt32(text), value != UInt32.max else { return nil }
        return value
    }

    /// How each judge begins: started by its door (see the contract), or refused with a
    /// line naming the door (false); then with `signals` blocked, so that the judge takes
    /// each in its own turn.
    package static func beginJudging(_ flag: String, startedBy door: String, holding signals: [Int32]) -> Bool {
        if let problem = startProblem(startedBy: door) {
            Platform.printError("shapelygate: \(flag) is started by \(door) only: \(problem)\n")
            return false
        }
        Platform.block(signals: signals)
        return true
    }

    /// Why this process was not started by a door, or nil when it was.
    package static func startProblem(startedBy door: String) -> String? {
        guard Platform.effectiveUser == 0 else { return "it runs as root" }
        guard Platform.environmentIsEmpty else { return "its environment is not the empty one \(door) gives" }
        guard let peer = Platform.peer(0) else { return "standard input is not a socket from \(door)" }
        guard peer.pid == Platform.parentProcessID else { return "the socket on standard input is not its parent's" }
        guard peer.uid == 0 else { return "the socket on standard input is not root's" }
        return nil
    }

    /// The kinds of entries, by name (shapelygate_protocol.h).
    package enum Kind {
        package static let version = Int(SG_PROTOCOL_VERSION)
        package static let limit = Int(SG_MESSAGE_LIMIT)
        package static func of(_ value: Int) -> Character { Character(Unicode.Scalar(UInt8(value))) }

        package static let protocolVersion = of(SG_FACT_PROTOCOL), program = of(SG_FACT_PROGRAM), option = of(SG_FACT_OPTION)
        package static let sudoInterface = of(SG_SUDO_INTERFACE), setting = of(SG_SUDO_SETTING), userInfo = of(SG_SUDO_USER_INFO)
        package static let optind = of(SG_SUDO_OPTIND), argument = of(SG_SUDO_ARGUMENT), environment = of(SG_SUDO_ENVIRONMENT)
        package static let commandInfo = of(SG_SUDO_COMMAND_INFO), runArgument = of(SG_SUDO_RUN_ARGUMENT)
        package static let runEnvironment = of(SG_SUDO_RUN_ENVIRONMENT)
        package static let service = of(SG_PAM_SERVICE), user = of(SG_PAM_USER), remoteUser = of(SG_PAM_REMOTE_USER)
        package static let terminal = of(SG_PAM_TERMINAL), remoteHost = of(SG_PAM_REMOTE_HOST), realUID = of(SG_PAM_REAL_UID)
        package static let inputPeer = of(SG_PAM_INPUT_PEER)
        package static let answer = of(SG_PAM_ANSWER), said = of(SG_PAM_SAID), failed = of(SG_PAM_FAILED)
        package static let decision = of(SG_JUDGE_DECISION), message = of(SG_JUDGE_MESSAGE), warning = of(SG_JUDGE_WARNING)
        package static let judgeVersion = of(SG_JUDGE_VERSION), notGated = of(SG_JUDGE_NOT_GATED), restore = of(SG_JUDGE_RESTORE)
        package static let info = of(SG_JUDGE_INFO), error = of(SG_JUDGE_ERROR), prompt = of(SG_JUDGE_PROMPT)

        package static let pass = SG_DECISION_PASS, deny = SG_DECISION_DENY, failure = SG_DECISION_ERROR
        package static let notGatedDecision = SG_DECISION_NOT_GATED
    }

    /// Why a door's opening message is refused, or nil: its first entry must be this
    /// judge's protocol version.
    package static func refusal(of opening: [Entry]) -> String? {
        guard let first = opening.first, first.tag == Kind.protocolVersion else {
            return "the door speaks an older protocol (1) and this program protocol \(Kind.version); install the door and the program from one release"
        }
        guard first.text == String(Kind.version) else {
            let theirs = first.text.count <= 10 && first.text.allSatisfy(\.isASCII) ? first.text : "?"
            return "the door speaks protocol \(theirs) and this program protocol \(Kind.version); install the door and the program from one release"
        }
        return nil
    }

    package struct Entry: Equatable {
        package let tag: Character
        package let text: String
        /// False when the bytes were not UTF-8 and `text` has replacements in it.
        package var exact = true
    }

    package let descriptor: Int32
    package var limit = Kind.limit
    private var pending: [UInt8] = []

    package init(descriptor: Int32 = 0) { self.descriptor = descriptor }

    /// The next message, or nil when the link closed or the message is too long.
    package mutating func receive() -> [Entry]? {
        var entries: [Entry] = []
        var scanned = 0
        while true {
            while let end = pending[scanned...].firstIndex(of: 0) {
                let bytes = pending[scanned..<end]
                scanned = end + 1
                guard let tag = bytes.first else {
                    pending.removeFirst(scanned)
                    return entries
                }
                let exact = String(validating: bytes.dropFirst(), as: UTF8.self)
                entries.append(Entry(tag: Character(Unicode.Scalar(tag)),
                                     text: exact ?? String(decoding: bytes.dropFirst(), as: UTF8.self), exact: exact != nil))
            }
            guard pending.count < limit, let more = readSome(atMost: limit - pending.count) else { return nil }
            pending += more
        }
    }

    private func readSome(atMost most: Int) -> [UInt8]? {
        Platform.readSome(descriptor, atMost: min(65536, most))
    }

    /// Sends one answer, ended; a NUL inside a text is cut there.
    package func answer(_ entries: [Entry]) {
        write(entries, ended: true)
    }

    /// Sends entries ahead of the answer (warnings the plugin prints as they come, what
    /// to write to the terminal if the judge dies).
    package func say(_ entries: [Entry]) {
        write(entries, ended: false)
    }

    private func write(_ entries: [Entry], ended: Bool) {
        // Every message begins with this judge's protocol version, which the door checks.
        var bytes: [UInt8] = []
        for entry in [Entry(tag: Kind.protocolVersion, text: String(Kind.version))] + entries {
            bytes += Array(String(entry.tag).utf8) + entry.text.utf8.prefix { $0 != 0 } + [0]
        }
        if ended { bytes.append(0) }
        _ = Platform.sendAll(descriptor, bytes)
    }
}
