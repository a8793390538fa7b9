// PamFacts.swift — what the PAM module (CShapelyGatePam/pam_door.c) said about one
// authentication: its options, the service, PAM_USER, PAM_RUSER, PAM_TTY, PAM_RHOST,
// the calling program's real uid and, when its standard input is a socket, the uid of
// that socket's peer.
//
// Contract:
// - Read from the module's entries only (JudgeLink); nothing comes from the judge's own
//   environment. The items are the application's (and, for PAM_RUSER, sometimes the
//   person's) words: they name, they prove nothing. The facts the kernel vouches for are
//   the program's real uid (getuid() in the program that loaded the module) and the
//   peer of its standard input (SO_PEERCRED); `caller` reads who calls from those alone.
// - A later entry of the same tag replaces an earlier one; options keep their order.

import ShapelyGatePolicy
import ShapelyGateScreen
import ShapelyGateSession
import ShapelyGateSystem

package struct PamFacts {
    /// The program the module opened and started as the judge (path=, or its default).
    package var programPath = ""
    package var options: [String] = []
    package var service: String?
    package var user: String?
    package var remoteUser: String?
    package var terminal: String?
    package var remoteHost: String?
    /// The real uid of the program that loaded the module.
    package var realUID: UserID?
    /// Its standard input is a socket: .some(peer's uid), or .some(nil) when the kernel
    /// did not say who the peer is; nil when it is no socket.
    package var inputPeer: UserID??
    /// An item that was not UTF-8: it is shown with replacements, and said so.
    package var inexact = false

    package mutating func read(_ entries: [JudgeLink.Entry]) {
        for entry in entries {
            if !entry.exact { inexact = true }
            let text: String? = entry.text.isEmpty ? nil : entry.text
            switch entry.tag {
            case JudgeLink.Kind.program: programPath = entry.text
            case JudgeLink.Kind.option: options.append(entry.text)
            case JudgeLink.Kind.service: service = text
            case JudgeLink.Kind.user: user = text
            case JudgeLink.Kind.remoteUser: remoteUser = text
            case JudgeLink.Kind.terminal: terminal = text
            case JudgeLink.Kind.remoteHost: remoteHost = text
            case JudgeLink.Kind.realUID: realUID = JudgeLink.id(entry.text)
            case JudgeLink.Kind.inputPeer: inputPeer = .some(JudgeLink.id(entry.text))
            default: break
            }
        }
    }

    /// Who calls, as the kernel says: the real uid of a program another user started
    /// (su, a setuid agent helper); for a program root started (a real uid of 0), the
    /// peer of the socket on its standard input (polkit's socket-activated agent helper
    /// is handed its agent's connection there). Nil when the kernel does not say: a root
    /// program with no socket on its standard input, or a peer it cannot name. A real
    /// uid of 0 is never taken as the caller.
    package var caller: UserID? {
        guard let realUID else { return nil }
        if realUID != 0 { return realUID }
        guard let inputPeer, let peer = inputPeer else { return nil }
        return peer
    }

    /// The service as records name it: a short word, never a control character.
    package var serviceName: String {
        guard let service, service.utf8.count <= 64 else { return "unknown" }
        return Visible.log(service)
    }
}
