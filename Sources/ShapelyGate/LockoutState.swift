// LockoutState.swift — the cooldown after a denial, as pure rules over two clocks.
//
// Contract:
// - A lockout MUST hold until both clocks say it is over: the wall clock, which
//   survives a reboot, and the boot clock (time since boot, which nobody can set), which
//   only counts while the machine has not rebooted. Setting the wall clock back
//   therefore never shortens a lockout; the time left is capped at the lockout's own
//   length, so it cannot lengthen it beyond that either.
// - Each consecutive denial doubles the cooldown, up to 64 times it and at most a day.
//   A pass clears the count.
// - State is a few `key value` lines; anything else is damaged, and the caller treats a
//   damaged state as locked for one cooldown.
// - Every value read is clamped to what the gate itself could have written (a day at
//   most, a bounded count of denials), so no file the parser accepts can make the
//   arithmetic trap.

public struct LockoutState: Equatable, Sendable {
    public var denials: Int
    public var duration: Double
    public var untilWall: Double
    public var untilBoot: Double
    public var bootID: String

    public init(denials: Int, duration: Double, untilWall: Double, untilBoot: Double, bootID: String) {
        self.denials = denials
        self.duration = duration
        self.untilWall = untilWall
        self.untilBoot = untilBoot
        self.bootID = bootID
    }

    public static let maximumDuration = 86_400.0
    /// More consecutive denials than anyone could make; the count stops here.
    public static let maximumDenials = 1_000_000

    /// The state after one more denial, with a cooldown of `cooldown` seconds.
    public static func afterDenial(_ previous: LockoutState?, cooldown: Double, at clocks: Clocks) -> LockoutState {
        let denials = min(max(previous?.denials ?? 0, 0), maximumDenials - 1) + 1
        let factor = Double(1 << min(denials - 1, 6))
        let duration = min(cooldown * factor, max(cooldown, maximumDuration))
        return LockoutState(denials: denials, duration: duration, untilWall: clocks.wall + duration,
                            untilBoot: clocks.boot + duration, bootID: clocks.bootID)
    }

    /// A lock of one cooldown, for a state that could not be read.
    public static func damaged(cooldown: Double, at clocks: Clocks) -> LockoutState {
        LockoutState(denials: 1, duration: cooldown, untilWall: clocks.wall + cooldown,
                     untilBoot: clocks.boot + cooldown, bootID: clocks.bootID)
    }

    /// Seconds until the gate opens again; 0 when it is open.
    public func remaining(at clocks: Clocks) -> Double {
        var left = untilWall - clocks.wall
        if clocks.bootID == bootID { left = max(left, untilBoot - clocks.boot) }
        return min(max(0, left), duration)
    }

    public var serialized: String {
        "shapelygate-lockout 1\ndenials \(denials)\nduration \(duration)\nuntil-wall \(untilWall)\nuntil-boot \(untilBoot)\nboot-id \(bootID)\n"
    }

    /// Reads `serialized` back; nil for anything damaged.
    public static func parse(_ text: String) -> LockoutState? {
        var fields: [String: String] = [:]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "shapelygate-lockout 1", lines.count <= 8 else { return nil }
        for line in lines.dropFirst() where !line.isEmpty {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, fields[String(parts[0])] == nil else { return nil }
            fields[String(parts[0])] = String(parts[1])
        }
        guard let denials = fields["denials"].flatMap({ Int($0) }), denials >= 0,
              let duration = fields["duration"].flatMap({ Double($0) }), duration.isFinite, duration >= 0,
              let untilWall = fields["until-wall"].flatMap({ Double($0) }), untilWall.isFinite,
              let untilBoot = fields["until-boot"].flatMap({ Double($0) }), untilBoot.isFinite,
              let bootID = fields["boot-id"], fields.count == 5
        else { return nil }
        return LockoutState(denials: min(denials, maximumDenials), duration: min(duration, maximumDuration),
                            untilWall: untilWall, untilBoot: untilBoot, bootID: bootID)
    }
}
