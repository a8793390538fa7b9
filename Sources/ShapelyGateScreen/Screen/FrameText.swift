// FrameText.swift — the words that go around the tiles of one frame, already in the
// person's language and made visible (Renderer.swift), not yet wrapped: the layout
// wraps them to the width it tries, and leaves parts out on a short screen.

/// What goes around the tiles, already in the person's language and made visible.
struct FrameText {
    /// Title, what is guarded, round, instruction, in that order.
    var header: [TextPart]
    /// For each header part, the terseness at which it is left out (nil: never).
    var leftOutAt: [Int?]
    /// How to answer: left out first when nothing fits with it.
    var hint: TextPart?
    var message: TextPart?
    var countdown: String?
    var prompt: TextPart
}
