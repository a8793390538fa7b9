// LockoutTests.swift — the cooldown's rules with injected clocks.

import Testing
@testable import ShapelyGate

@Suite struct LockoutTests {
    let start = Clocks(wall: 1_000_000, boot: 500, bootID: "boot-a")

    func later(_ seconds: Double, wallShift: Double = 0, bootID: String = "boot-a") -> Clocks {
        Clocks(wall: start.wall + seconds + wallShift, boot: bootID == "boot-a" ? start.boot + seconds : seconds, bootID: bootID)
    }

    @Test func denyThenLockedThenOpen() {
        let state = LockoutState.afterDenial(nil, cooldown: 30, at: start)
        #expect(state.remaining(at: start) == 30)
        #expect(state.remaining(at: later(29)) == 1)
        #expect(state.remaining(at: later(30)) == 0)
    }

    @Test func escalatesByDoublingWithACap() {
        var state: LockoutState?
        var durations: [Double] = []
        for _ in 0..<9 {
            state = LockoutState.afterDenial(state, cooldown: 10, at: start)
            durations.append(state!.duration)
        }
        #expect(durations == [10, 20, 40, 80, 160, 320, 640, 640, 640])
        #expect(LockoutState.afterDenial(LockoutState.afterDenial(nil, cooldown: 80_000, at: start), cooldown: 80_000, at: start).duration == 86_400)
    }

    @Test func settingTheClockBackDoesNotShortenIt() {
        let state = LockoutState.afterDenial(nil, cooldown: 60, at: start)
        // Clock moved forward an hour: the boot clock still holds the lock.
        #expect(state.remaining(at: later(10, wallShift: 3600)) == 50)
        // Clock moved back a day: still locked, never for longer than the lockout itself.
        #expect(state.remaining(at: later(10, wallShift: -86_400)) == 60)
        // After a reboot only the wall clock counts.
        #expect(state.remaining(at: later(70, bootID: "boot-b")) == 0)
        #expect(state.remaining(at: later(20, bootID: "boot-b")) == 40)
    }

    @Test func stateRoundTripsAndDamageIsDetected() {
        let state = LockoutState.afterDenial(nil, cooldown: 30, at: start)
        #expect(LockoutState.parse(state.serialized) == state)
        for damaged in ["", "garbage", "shapelygate-lockout 1\ndenials x\n", String(state.serialized.dropLast(10)),
                        state.serialized + "extra 1\n", state.serialized.replacingFirst("duration 30.0", "duration nan")] {
            #expect(LockoutState.parse(damaged) == nil, "\(damaged)")
        }
    }
}

extension String {
    func replacingFirst(_ old: String, _ new: String) -> String {
        var rest = self[...]
        var out = ""
        while !rest.isEmpty {
            if rest.hasPrefix(old) { return out + new + rest.dropFirst(old.count) }
            out.append(rest.removeFirst())
        }
        return out
    }
}
