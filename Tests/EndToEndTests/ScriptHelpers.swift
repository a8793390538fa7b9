// ScriptHelpers.swift — what the tests of the shell scripts share: temporary folders
// that remove themselves, small stub programs that record how they were called, and
// quoting for /bin/sh.

import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A fresh temporary folder, removed with everything in it when the test is done.
final class Scratch {
    let path = temporaryFolder()
    deinit { _ = shell("rm -rf \(quoted(path))") }

    /// Writes an executable /bin/sh script named `name` holding `body`.
    @discardableResult
    func script(_ name: String, _ body: String) -> String {
        let file = path + "/" + name
        writeFile(file, "#!/bin/sh\n" + body + "\n", mode: 0o755)
        return file
    }

    /// Makes `folder` (and its parents) inside the scratch folder; returns its path.
    @discardableResult
    func folder(_ name: String) -> String {
        let full = path + "/" + name
        _ = shell("mkdir -p \(quoted(full))")
        return full
    }

    /// The lines of `name` inside the scratch folder ([] when it does not exist).
    func lines(_ name: String) -> [String] {
        readText(path + "/" + name).split(separator: "\n").map(String.init)
    }
}

/// `text` quoted for /bin/sh.
func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
}

/// The folder that holds the built gate.
let gateFolder = gateBinary.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")

/// Whether `path` exists (without following a final symlink).
func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}
