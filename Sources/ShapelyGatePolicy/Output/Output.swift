// Output.swift — where the gate's words go. `CLI.run` is handed one `Output`; the
// installed program's writes to standard output and (wrapped to the terminal) standard
// error, a test's keeps what was said.

import ShapelyGateSystem

package struct Output: Sendable {
    /// What an informational action prints (--help, --version, --odds, --strings-template).
    package var standard: @Sendable (String) -> Void
    /// Whole `shapelygate: ...` lines: errors and denials, wrapped to the terminal.
    package var error: @Sendable (String) -> Void
    /// Whole `shapelygate: ...` lines about a problem that changed nothing, as they are.
    package var warning: @Sendable (String) -> Void

    /// The process's own standard output and standard error.
    package static let process = Output(standard: { Platform.printOutput($0) }, error: { ErrorLine.print($0) },
                                warning: { Platform.printError($0) })
}
