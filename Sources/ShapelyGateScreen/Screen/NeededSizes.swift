// NeededSizes.swift — what a screen too small for any board is told: the sizes with
// which the board would fit (Layout.swift), narrowest first, and the one to name when
// only one is named.

/// The sizes with which a board would fit, narrowest first.
package struct NeededSizes: Error, Equatable {
    package var sizes: [TerminalSize]
    /// The size to name when only one is named: the narrowest.
    package var preferred: TerminalSize

    package init(sizes: [TerminalSize], preferred: TerminalSize) {
        self.sizes = sizes
        self.preferred = preferred
    }
}
