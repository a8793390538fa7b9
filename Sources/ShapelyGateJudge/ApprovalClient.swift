// ApprovalClient.swift — an approver's side: `shapelygate --pending`, `--approve ID`,
// `--deny ID`. It asks every waiting judge (ApprovalDesk) in turn; each judge decides
// from the kernel's word on who is asking, so this side is trusted with nothing.
//
// Contract:
// - --pending prints one line per request the caller may answer, oldest wait first:
//   `ID  USER  TERMINAL  WAITED  COMMAND` (the command whole, as its board shows it);
//   nothing when there is none; a reason the person gave on a line of its own below,
//   `    reason: ...`. Status 0.
// - --approve ID and --deny ID answer that one request: one line saying what was
//   answered, status 0; or `no request ID that you may answer`, status 1 (an id that
//   is gone, another's, or never was). An id that is not 8 of the id's characters is a
//   usage error (2).
// - Every field printed came from a judge already made visible (Visible.log); it is
//   made visible again here all the same, since this side cannot tell a judge from a
//   socket someone else put there (only root can, in a folder of root's).

import ShapelyGate
import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package struct ApprovalClient {
    package typealias Request = ApproverRequest

    package let request: Request
    package var folder = ApprovalDesk.folder
    package init(request: Request, folder: String = ApprovalDesk.folder) {
        self.request = request
        self.folder = folder
    }

    package func run() -> Ending {
        switch request {
        case .pending:
            let lines = ask("pending").compactMap(\.last).compactMap { reply -> (Int, String)? in
                let fields = reply.split(separator: "\t", omittingEmptySubsequences: false).map { Visible.screen(String($0)) }
                guard fields.count == 6 || fields.count == 7, fields[0] == "request", let waited = Int(fields[4]) else { return nil }
                let reason = fields.count == 7 ? Self.reasonLine(fields[6], width: TerminalDevice.columns(of: 1)) : ""
                return (waited, "\(fields[1])  \(fields[2])  \(fields[3])  \(Self.duration(waited)) ago  \(fields[5])\n" + reason)
            }
            return Ending(.informed(lines.sorted { $0.0 > $1.0 }.map(\.1).joined()))
        case .approve(let id, let window): return answer(id, approving: true, window: window)
        case .deny(let id): return answer(id, approving: false, window: nil)
        case .revoke(let id): return revoke(id)
        }
    }

    /// A request's reason under its line: on a terminal, cut to one row with an ellipsis,
    /// so that no wrapped row of a person's words can pass for another request's line.
    static func reasonLine(_ reason: String, width: Int?) -> String {
        let line = "    reason: " + reason
        return (width.map { TextLayout.truncate(line, width: $0) } ?? line) + "\n"
    }

    /// One request answered: `approve ID [SECONDS]` or `deny ID`, then confirmed.
    private func answer(_ id: String, approving: Bool, window: Int?) -> Ending {
        guard ApprovalRequest.isID(id) else {
            return .failed(.usage("invalid request id '\(id.prefix(40))': expected 8 letters and digits, as --pending shows"))
        }
        let word = approving ? "approved" : "denied"
        let line = approving ? "approve \(id)" + (window.map { " \($0)" } ?? "") : "deny \(id)"
        var silent = false
        for replies in ask(line, then: { first in
            // The judge names the request back; the answer counts once it is confirmed.
            first.hasPrefix("confirm\t\(id)\t") ? (approving ? "yes" : "no") : nil
        }) {
            guard let reply = replies.last else { silent = true; continue }
            if window != nil, reply == "once\t\(id)" {
                return .failed(.denied("request \(id) may be approved only once, not --for a while: its door does not "
                                       + "show what a yes would let through again; approve it without --for"))
            }
            let fields = reply.split(separator: "\t", omittingEmptySubsequences: false).map { Visible.screen(String($0)) }
            if fields.count == 5, fields[0] == word, fields[1] == id {
                let lasting = window.map { " for \(Self.duration($0)) (at most the policy's max-approval-window)" } ?? ""
                return Ending(.informed("\(word) \(id)\(lasting): \(fields[2]) on \(fields[3]): \(fields[4])\n"))
            }
        }
        let late = silent ? " (a request did not answer in time: try again)" : ""
        return Ending(.failed(.denied("no request \(id) that you may answer\(late)")))
    }

    /// `--revoke [ID]`: a line in this approver's own file, which every judge reads before
    /// it lets a window through (ApprovalWindows.swift).
    private func revoke(_ id: String?) -> Ending {
        if let id, !ApprovalRequest.isID(id) {
            return .failed(.usage("invalid request id '\(id.prefix(40))': expected 8 letters and digits"))
        }
        guard let account = SystemAccounts.account(uid: Platform.effectiveUser) else {
            return .failed(.denied("cannot find your account's home"))
        }
        let path = Revocations.file(home: account.home)
        var folder = account.home
        for part in [".local", "state", "shapelygate"] {
            folder += "/" + part
            _ = Platform.makeFolder(folder, mode: 0o700)
        }
        let line = id ?? "all \(Int(StateStore.clocks().wall.rounded(.up)))"
        do throws(FileReadError) {
            let (file, _) = try FileDescriptor.openRegularFile(path, flags: [.writeOnly, .create, .append, .noFollow], mode: 0o600)
            defer { file.close() }
            guard file.writeOnce(Array((line + "\n").utf8)) else { return .failed(.denied("cannot write \(path)")) }
        } catch {
            return .failed(.denied("\(path): \(error.reason)"))
        }
        return Ending(.informed(id.map { "revoked the window of request \($0)\n" } ?? "revoked every window you granted\n"))
    }

    /// Sends `line` to every judge listening in the folder; each judge's replies, in
    /// order (none when it did not answer in time). When `then` has something to say to
    /// a first reply, it is said and the next reply read.
    package func ask(_ line: String, then: (String) -> String? = { _ in nil }) -> [[String]] {
        var replies: [[String]] = []
        for name in Platform.folderEntries(folder) {
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let connection = connect("\(folder)/\(name)") else { continue }
            defer { _ = Platform.closeDescriptor(connection) }
            var said: [String] = []
            if Platform.sendAll(connection, Array("\(line)\n".utf8)),
               let reply = Platform.readLine(connection, limit: 20_000, within: 2) {
                said.append(reply)
                if let answer = then(reply), Platform.sendAll(connection, Array("\(answer)\n".utf8)),
                   let last = Platform.readLine(connection, limit: 20_000, within: 2) {
                    said.append(last)
                }
            }
            replies.append(said)
        }
        return replies
    }

    /// A connection to a desk. A desk whose queue is full (others connecting in a crowd)
    /// is busy, not gone: said once, and tried again for a while. A socket no one listens
    /// on (a judge gone) is no request.
    private func connect(_ path: String) -> Int32? {
        let patience = Platform.monotonicSeconds() + Self.busyPatience
        var told = false
        while true {
            if let connection = Platform.connectedSocket(to: path, patience: 1) { return connection }
            let busy = SystemError.last == SystemError.wouldBlock || SystemError.last == SystemError.timedOut
            guard busy, Platform.monotonicSeconds() < patience else { return nil }
            if !told { Platform.printError("shapelygate: a request is busy, trying again\n") }
            told = true
        }
    }

    /// How long a busy desk is tried again.
    static let busyPatience = 15.0

    package static func duration(_ seconds: Int) -> String { ApproverNotice.duration(seconds) }
}
