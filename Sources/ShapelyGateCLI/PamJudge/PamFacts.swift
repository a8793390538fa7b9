// PamFacts.swift — what the PAM module (CShapelyGatePam/pam_door.c) said about one
// authentication: its options, the service, PAM_USER, PAM_RUSER, PAM_TTY, PAM_RHOST and
// the calling program's real uid.
//
// Contract:
// - Read from the module's entries only (JudgeLink); nothing comes from the judge's own
//   environment. The items are the application's (and, for PAM_RUSER, sometimes the
//   person's) words: they name, they prove nothing. The one fact the kernel vouches for
//   is the caller's real uid (getuid() in the program that loaded the module).
// - A later entry of the same tag replaces an earlier one; options keep their order.

import ShapelyGateScreen
import ShapelyGateSystem

struct PamFacts {
    var interfaceVersion = ""
    /// The program the module opened and started as the judge (path=, or its default).
    var programPath = ""
    var options: [String] = []
    var service: String?
    var user: String?
    var remoteUser: String?
    var terminal: String?
    var remoteHost: String?
    var callerUID: uid_t?
    /// An item that was not UTF-8: it is shown with replacements, and said so.
    var inexact = false

    mutating func read(_ entries: [JudgeLink.Entry]) {
        for entry in entries {
            if !entry.exact { inexact = true }
            let text: String? = entry.text.isEmpty ? nil : entry.text
            switch entry.tag {
            case "V": interfaceVersion = entry.text
            case "P": programPath = entry.text
            case "O": options.append(entry.text)
            case "N": service = text
            case "U": user = text
            case "R": remoteUser = text
            case "T": terminal = text
            case "H": remoteHost = text
            case "C": callerUID = SudoFacts.id(entry.text)
            default: break
            }
        }
    }

    /// The service as records name it: a short word, never a control character.
    var serviceName: String {
        guard let service, service.utf8.count <= 64 else { return "unknown" }
        return Visible.log(service)
    }
}
