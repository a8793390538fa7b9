// FrameFit.swift — what fitting a board to a screen gives: the frame, or the sizes that
// would hold it. Its own type rather than `Result`: a `Result` would have the runtime
// look up, at the gate's start, that its failure is an `Error`, which costs more than
// laying out the whole screen.

package enum FrameFit: Equatable {
    case success(Frame)
    case failure(NeededSizes)

    /// The frame, or the sizes it needs thrown.
    package func get() throws(NeededSizes) -> Frame {
        switch self {
        case .success(let frame): return frame
        case .failure(let needed): throw needed
        }
    }
}
