// ApproverNotice.swift — telling approvers that a request waits: on each terminal where
// one is logged in and accepts messages, as write(1) does, and through notify=PROGRAM,
// which a parent may use to send it on (a phone, a mail) with no network code here.
//
// Contract:
// - A terminal is written to only when utmp says a listed approver (by name, ID or
//   group; root only when listed itself) is logged in on it, and the device is a
//   terminal that approver owns with messages on (group-writable); never waiting on it.
// - notify= is opened by the sudo plugin's own trusted walk (as path= is: every folder
//   from / root's and writable by no one else), the file root's and writable by no one
//   else (it runs without privileges, so it may be readable, and a script), then run as
//   `nobody` in a session of its own, without a terminal, with the request in its environment: SHAPELYGATE_REQUEST,
//   SHAPELYGATE_USER, SHAPELYGATE_TTY, SHAPELYGATE_COMMAND, SHAPELYGATE_APPROVERS,
//   SHAPELYGATE_TIMEOUT, SHAPELYGATE_REASON (empty at the request; the program runs once
//   more when the person gives a reason). The judge does not wait for it; what it does
//   changes no answer.
// - A reason given while the request waits is a second, short notice on the same
//   terminals (`reasonMessage`).
// - Problems are returned as warnings; none stops the request.

import CShapelyGateGuard
import ShapelyGate
import ShapelyGateSystem

package struct ApproverNotice {
    package let request: ApprovalRequest
    package let approvers: Approvers
    /// The time the approvers have; nil while the person is at the board (approval=either).
    package let seconds: Int?
    package var utmp = "/run/utmp"
    package init(request: ApprovalRequest, approvers: Approvers, seconds: Int?, utmp: String = "/run/utmp") {
        self.request = request
        self.approvers = approvers
        self.seconds = seconds
        self.utmp = utmp
    }

    package var message: String {
        "\r\nshapelygate: \(ApprovalRequest.field(request.requester)) asks, on \(ApprovalRequest.field(request.terminal)), to run:\r\n"
            + "  \(request.forApprovers)\r\n"
            + (seconds.map { "Answer within \(ApproverNotice.duration($0))" } ?? "Answer while the board is up")
            + ": shapelygate --approve \(request.id)  (or --deny \(request.id))\r\n"
    }

    /// The second notice: the person's reason (already visible text).
    package func reasonMessage(_ reason: String) -> String {
        "\r\nshapelygate: \(ApprovalRequest.field(request.requester))'s reason for request \(request.id): "
            + "\(ApprovalRequest.field(reason))\r\n"
    }

    /// Writes to every approver's terminal that takes messages (`text`, or the request's
    /// notice); how many were told.
    package func tellTerminals(_ text: String? = nil) -> Int {
        let passwd = SystemAccounts.passwordFile()
        var told = 0
        for (user, line) in Platform.loggedIn(utmp: utmp) {
            guard let uid = SystemAccounts.uid(named: user, passwd: passwd), uid != 0 || approvers.users.contains("root") || approvers.users.contains("0"),
                  approvers.admit(uid, requester: request.requesterUID, passwd: passwd) else { continue }
            if Platform.writeToTerminal("/dev/" + line, owner: uid, text ?? message) { told += 1 }
        }
        return told
    }

    /// Starts notify=PROGRAM (with the person's reason, once given); a problem, or nil.
    package func runNotify(_ program: String, reason: String? = nil) -> String? {
        let opened: Int32
        switch TrustedProgram.open(program, unprivileged: true) {
        case .failure(let refusal): return refusal.message
        case .success(let found): opened = found
        }
        defer { _ = Platform.closeDescriptor(opened) }
        let nobody = SystemAccounts.uid(named: "nobody") ?? 65534
        let nogroup = SystemAccounts.gid(named: "nogroup") ?? SystemAccounts.gid(named: "nobody") ?? 65534
        let environment = ["PATH=/usr/bin:/bin", "SHAPELYGATE_REQUEST=\(request.id)",
                           "SHAPELYGATE_USER=\(ApprovalRequest.field(request.requester))",
                           "SHAPELYGATE_TTY=\(ApprovalRequest.field(request.terminal))", "SHAPELYGATE_COMMAND=\(request.forApprovers)",
                           "SHAPELYGATE_APPROVERS=\(approvers.description)", "SHAPELYGATE_TIMEOUT=\(seconds.map(String.init) ?? "")",
                           "SHAPELYGATE_REASON=\(reason.map(ApprovalRequest.field) ?? "")"]
        let started = Platform.withCStrings([program]) { argv in
            Platform.withCStrings(environment) { envp in sg_spawn_unprivileged(opened, argv, envp, nobody, nogroup) }
        }
        return started > 0 ? nil : "notify=\(program): cannot start it: \(Platform.describe(errno: SystemError.last).lowercased())"
    }

    /// "45 s", "2 min 5 s": how long, for a person.
    package static func duration(_ seconds: Int) -> String {
        seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min \(seconds % 60) s"
    }
}
