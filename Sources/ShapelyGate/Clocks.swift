// Clocks.swift — one reading of the two clocks a lockout is judged by (LockoutState.swift):
// the wall clock, which survives a reboot, and the boot clock (seconds since boot, which
// nobody can set) with the id of the boot it counts from.

public struct Clocks: Equatable, Sendable {
    public var wall: Double
    public var boot: Double
    public var bootID: String
    public init(wall: Double, boot: Double, bootID: String) {
        self.wall = wall
        self.boot = boot
        self.bootID = bootID
    }
}
