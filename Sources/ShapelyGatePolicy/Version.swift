// Version.swift — the program's version, which `--version` prints and `--check` asks a
// door's program for.

package enum ProgramVersion {
    package static let number = "1.0.0"
}
