// ApprovalDesk.swift — where a waiting request is answered: a Unix socket the judge
// listens on, /run/shapelygate-requests/<slot>, for as long as it waits, and no longer.
//
// Contract:
// - The folder is root's, mode 0755 (made so when missing, refused otherwise), its lock
//   a file of root's alone (.lock), waited for at most 5 s; a slot is taken under a lock on the folder, the lowest one whose socket
//   no one listens on (a judge killed outright leaves a socket no one answers; it is
//   replaced). The socket is 0666: anyone may connect, and the kernel names who did.
// - An approver's yes or no takes two steps (`confirm`, then the approver's program says
//   `yes` or `no`): one it gave up waiting for is never acted on. The words approvers
//   read have long runs of blanks written out (ApprovalRequest.forApprovers).
// - Who asks is the peer's process and user as the kernel recorded them (SO_PEERCRED),
//   never a name it sends, and is looked at before anything is read: anyone else than an
//   approver (Approvers.admit: never the requester), or a process whose login or any
//   process above it is the requester's (the child's own `sudo -u mum` or `su mum`), is
//   answered `refused` and learns nothing, not even the request's id. An approver's
//   connection is one line, within a second, and one answer; at most a few connections
//   are answered at each look.
// - One person has at most `perPerson` live requests at once from one origin (their own
//   machine, or one remote host; a note of root's beside each socket, `<slot>.who`, says
//   whose and from where); another is refused, naming why.
// - `pending` lists this request; `approve ID`, `approve ID SECONDS` (a yes that lasts a
//   window, capped by the policy) and `deny ID` answer it when ID is its id, and only
//   then; anything else changes nothing. A request whose action cannot be seen
//   (`onlyOnce`) answers `approve ID SECONDS` with `once ID` and stays unanswered. Once answered, or once the judge
//   stops waiting, the socket is removed: an id is never answered twice.
// - A file system that is full (no space, no inode, the quota) refuses the request naming
//   the folder whose file system it is; a socket whose note cannot be written is closed.
// - A reason the person gives while the request waits (`give`, once) is listed with it
//   and handed to `heard` (which tells the approvers again).

import ShapelyGate
import ShapelyGateSystem

package final class ApprovalDesk {
    package static let folder = "/run/shapelygate-requests"
    package static let slots = 64

    package let listener: FileDescriptor
    package let path: String
    package let request: ApprovalRequest
    package let approvers: Approvers
    private let opened = Platform.monotonicSeconds()
    /// The person's reason, once given (already visible text, ApprovalRequest.reason).
    package private(set) var reason: String?
    /// Told the reason when it comes (the approvers' second notice).
    package var heard: (String) -> Void = { _ in }
    /// The socket's node, so that closing removes this socket and no other.
    private let node: (device: UInt64, inode: UInt64)

    private init(listener: Int32, path: String, request: ApprovalRequest, approvers: Approvers) {
        self.listener = FileDescriptor(owning: listener)
        self.path = path
        self.request = request
        self.approvers = approvers
        let info = Platform.facts(of: path, followingLinks: false)
        node = info.map { ($0.device, $0.inode) } ?? (0, 0)
    }

    /// At most this many connections are answered at each look, so a crowd cannot hold
    /// the judge from its deadline, its signals and its terminal.
    package static let connectionsPerLook = 32

    /// Opens a desk for `request`, or says why it cannot.
    package static func open(for request: ApprovalRequest, approvers: Approvers, folder: String = folder,
                             origin: String = "") -> Result<ApprovalDesk, Refusal> {
        if !Platform.makeFolder(folder, mode: 0o755) && SystemError.last != SystemError.exists {
            let code = SystemError.last
            return .failure(Refusal(StateStore.problem(code, writing: folder, in: folder)
                                    ?? "cannot make \(folder): \(Platform.describe(errno: code))"))
        }
        let directory = FileDescriptor.openFolder(folder, followingLinks: false)
        guard let directory, let info = directory.facts, info.owner == Platform.effectiveUser, info.permissions == 0o755 else {
            directory?.close()
            return .failure(Refusal("\(folder) must be a folder of root's, mode 0755"))
        }
        defer { directory.close() }
        let lock: FileDescriptor
        switch locked(directory, folder: folder) {
        case .success(let held): lock = held
        case .failure(let refusal): return .failure(refusal)
        }
        defer { lock.close() }
        let whose = "\(request.requesterUID) \(origin)"
        if let refusal = crowded(request, whose, in: directory, folder: folder) { return .failure(refusal) }
        for slot in 0..<slots {
            let path = "\(folder)/\(slot)"
            if let listener = Platform.listeningSocket(at: path, mode: 0o666) {
                return noted(ApprovalDesk(listener: listener, path: path, request: request, approvers: approvers), slot, whose,
                             in: directory, folder: folder)
            }
            let code = SystemError.last
            if let full = StateStore.problem(code, writing: path, in: folder) { return .failure(Refusal(full)) }
            guard code == SystemError.addressInUse else { continue }
            // Someone's, or left by a judge that was killed: only one no one listens on
            // (ECONNREFUSED) is replaced.
            if let live = Platform.connectedSocket(to: path, patience: 0.2) {
                FileDescriptor(owning: live).close()
                continue
            }
            guard SystemError.last == SystemError.connectionRefused else { continue }
            guard Platform.facts(of: path, followingLinks: false)?.isSocket == true, Platform.remove(path),
                  let listener = Platform.listeningSocket(at: path, mode: 0o666) else { continue }
            return noted(ApprovalDesk(listener: listener, path: path, request: request, approvers: approvers), slot, whose,
                         in: directory, folder: folder)
        }
        return .failure(Refusal("every one of the \(slots) places for a request in \(folder) is taken"))
    }

    /// The folder's lock, held: a file of root's only (anyone may open the folder, and so
    /// lock it), waited for at most 5 s.
    private static func locked(_ directory: FileDescriptor, folder: String) -> Result<FileDescriptor, Refusal> {
        let opened: (FileDescriptor, FileFacts)
        do throws(FileReadError) {
            opened = try directory.openRegularFile(".lock", flags: [.readWrite, .create, .noFollow], mode: 0o600)
        } catch {
            return .failure(Refusal(StateStore.problem(error.code, writing: "\(folder)/.lock", in: folder)
                                    ?? "cannot use \(folder)/.lock: it must be a file of root's alone"))
        }
        let (lock, facts) = opened
        guard facts.owner == Platform.effectiveUser, facts.mode & 0o077 == 0 else {
            lock.close()
            return .failure(Refusal("cannot use \(folder)/.lock: it must be a file of root's alone"))
        }
        let patience = Platform.monotonicSeconds() + 5
        while !lock.tryLock() {
            guard Platform.monotonicSeconds() < patience, Platform.waitForSignal(among: Signals.judgeEndings, within: 0.05) == nil else {
                lock.close()
                return .failure(Refusal("\(folder)/.lock is held by another process"))
            }
        }
        return .success(lock)
    }

    /// The most requests one person may have waiting at once.
    package static let perPerson = 2

    /// A few live requests a person, so a crowd of doors (ssh connections with no login)
    /// cannot take every place and every approver's attention.
    private static func crowded(_ request: ApprovalRequest, _ whose: String, in directory: FileDescriptor,
                                folder: String) -> Refusal? {
        let mine = (0..<slots).filter { live($0, of: whose, in: directory, folder: folder) }.count
        guard mine >= perPerson else { return nil }
        return Refusal("\(mine) requests of \(request.requester)'s are waiting already: answer or withdraw one first")
    }

    /// Whose request a slot holds: `<slot>.who`, a file of root's alone, holding the uid
    /// and origin. A desk whose note cannot be written (a full file system) is closed:
    /// unnoted, it would escape the per-person count.
    private static func noted(_ desk: ApprovalDesk, _ slot: Int, _ whose: String, in directory: FileDescriptor,
                              folder: String) -> Result<ApprovalDesk, Refusal> {
        _ = directory.remove("\(slot).who")
        var written = false
        var code: Int32 = 0
        if let file = directory.createNewFile("\(slot).who", mode: 0o600) {
            written = file.writeAll(Array("\(whose)\n".utf8))
            code = SystemError.last
            file.close()
        } else {
            code = SystemError.last
        }
        guard written else {
            desk.close()
            return .failure(Refusal(StateStore.problem(code, writing: "\(folder)/\(slot).who", in: folder)
                                    ?? "cannot write \(folder)/\(slot).who: \(Platform.describe(errno: code))"))
        }
        return .success(desk)
    }

    /// Whether slot `slot` holds a live request of `uid`'s: its note says so, and a judge
    /// listens on its socket.
    private static func live(_ slot: Int, of whose: String, in directory: FileDescriptor, folder: String) -> Bool {
        guard let (file, facts) = try? directory.openRegularFile("\(slot).who"), facts.owner == Platform.effectiveUser else {
            return false
        }
        defer { file.close() }
        guard let bytes = try? file.readAll(path: "\(folder)/\(slot).who", limit: 32),
              String(decoding: bytes, as: UTF8.self) == "\(whose)\n",
              let connection = Platform.connectedSocket(to: "\(folder)/\(slot)", patience: 0.2) else { return false }
        FileDescriptor(owning: connection).close()
        return true
    }

    /// Answers those waiting to connect (a few at a time); the approver's answer to this
    /// request, if one came.
    package func serve() -> ApprovalAnswer? {
        for _ in 0..<Self.connectionsPerLook {
            guard let accepted = Platform.acceptConnection(listener.rawValue, patience: 1) else { return nil }
            let connection = FileDescriptor(owning: accepted)
            defer { connection.close() }
            if let answer = serve(connection.rawValue) { return answer }
        }
        return nil
    }

    /// Whether the process at the other end answers for an approver: its user may
    /// approve, and neither its login nor any process above it is the requester's (a
    /// `sudo -u mum` or `su mum` the child started is the child's).
    package func admits(_ peer: (pid: ProcessID, uid: UserID)) -> Bool {
        guard approvers.admit(peer.uid, requester: request.requesterUID) else { return false }
        let ancestry = Platform.ancestry(of: peer.pid)
        return ancestry.loginUser != request.requesterUID && !ancestry.realUsers.contains(request.requesterUID)
    }

    private func serve(_ connection: Int32) -> ApprovalAnswer? {
        // Who asks first: anyone else is told nothing and never waited for.
        guard let peer = Platform.peer(connection), admits(peer) else {
            Platform.writeAll(connection, Array("refused\n".utf8))
            return nil
        }
        let uid = peer.uid
        let line = Platform.readLine(connection, limit: 64, within: 1)
        let name = SystemAccounts.account(uid: uid)?.name ?? "uid\(uid)"
        let words = (line ?? "").split(separator: " ").map(String.init)
        switch (words.first, words.count) {
        case ("approve", 3) where words[1] == request.id && request.onlyOnce:
            // No window for a request whose action cannot be seen: said, and nothing answered.
            Platform.writeAll(connection, Array("once\t\(request.id)\n".utf8))
        case ("pending", 1):
            let waited = Int(Platform.monotonicSeconds() - opened)
            Platform.writeAll(connection, Array(request.pendingLine(waited: waited, reason: reason).utf8))
        case ("approve", 2) where words[1] == request.id, ("deny", 2) where words[1] == request.id,
             ("approve", 3) where words[1] == request.id && Self.window(words[2]) != nil:
            // Two steps: an answer counts only when the approver's program is still there to
            // confirm it, so a yes it gave up on is never acted on later.
            let approving = words[0] == "approve"
            guard Platform.sendAll(connection, Array(answerLine("confirm").utf8)),
                  Platform.readLine(connection, limit: 8, within: 2) == (approving ? "yes" : "no"),
                  Platform.sendAll(connection, Array(answerLine(approving ? "approved" : "denied").utf8)) else { return nil }
            return approving ? .approved(by: name, window: words.count == 3 ? Self.window(words[2]) ?? 0 : 0) : .denied(by: name)
        default:
            Platform.writeAll(connection, Array("other\n".utf8))
        }
        return nil
    }

    /// A window's seconds as an approver's program sends them: a whole number 1-86400.
    static func window(_ text: String) -> Int? {
        try? ValueReader.number(text, 1...86400)
    }

    private func answerLine(_ word: String) -> String {
        [word, request.id, ApprovalRequest.field(request.requester), ApprovalRequest.field(request.terminal),
         ApprovalRequest.field(request.forApprovers)].joined(separator: "\t") + "\n"
    }

    /// The person's reason, from what they typed: kept and told the first time it says
    /// something; whether it was.
    @discardableResult
    package func give(reason typed: [UInt8]) -> Bool {
        guard reason == nil, let said = ApprovalRequest.reason(typed) else { return false }
        reason = said
        heard(said)
        return true
    }

    /// Stops listening and removes the socket (when it is still this one): the request
    /// can no longer be answered.
    package func close() {
        if let info = Platform.facts(of: path, followingLinks: false), info.device == node.device, info.inode == node.inode {
            Platform.remove(path)
            Platform.remove(path + ".who")
        }
        listener.close()
    }
}
