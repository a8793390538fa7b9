// ParsedArguments.swift — the command line as read once (OptionParser.swift): the typed
// change each option makes, in order, and the command after the options. Applying it
// over a base (the defaults, or what the files set) cannot fail: every value was
// checked when it was read.

/// The command line as read: the changes its options make, in order, and the command.
package struct ParsedArguments {
    package var changes: [OptionSpec.Change] = []
    package var command: [String] = []

    /// Applies every option in order over `base`.
    package func apply(to base: Options) -> Options {
        var options = base
        for change in changes { change(&options) }
        options.command = command
        return options
    }
}
