// Door.swift — the five places a policy word is read: the command line, the user's file,
// the system file, the sudo Plugin line and the PAM module line.
//
// Contract:
// - Each door names itself the way a person finds it ("on the sudo.conf Plugin line"), so
//   a word given where it means nothing is refused naming the door.
// - A door says how it writes a word in its messages: `--timeout` on the command line,
//   `timeout` in a file, `timeout=` on a line.

package enum Door: String, CaseIterable, Sendable {
    case commandLine, userFile, systemFile, sudoLine, pamLine

    /// Where the door is, after "means nothing".
    package var place: String {
        switch self {
        case .commandLine: "on the command line"
        case .userFile: "in the user's file"
        case .systemFile: "in the system file (/etc/shapelygate.conf)"
        case .sudoLine: "on the sudo.conf Plugin line"
        case .pamLine: "on the PAM line"
        }
    }

    /// A door line of a host program (sudo, PAM), whose words are `name=value`.
    package var isLine: Bool { self == .sudoLine || self == .pamLine }
    package var isFile: Bool { self == .userFile || self == .systemFile }

    /// How the door writes a word's name in a message.
    package func spelling(_ name: String, flag: Bool = false) -> String {
        switch self {
        case .commandLine: "--" + name
        case .userFile, .systemFile: name
        case .sudoLine, .pamLine: flag ? name : name + "="
        }
    }
}
