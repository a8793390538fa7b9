// FuzzTargets.swift — libFuzzer entry point for shapelygate's parsers, compiled into
// the command-line module by Scripts/fuzz.sh. FUZZ_TARGET picks the parser:
//   answer   the tile-number parser
//   plist    the strings plist reader (XML in every encoding, binary, old text) and the
//            override schema
//   state    the lockout state file, and the check and record on what it holds
//   options  the command line (the input split at NUL bytes into arguments)
//   config   the configuration file lines, read as the system file
// Each must return for every input; a trap is a finding.

import PlistReader
import ShapelyGate
import ShapelyGateSystem
import ShapelyGatePolicy
import ShapelyGateSession

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch fuzzTarget {
    case "answer":
        if let number = AnswerParser.tileNumber(from: bytes), !(0...999).contains(number) { fatalError("out of range") }
    case "plist":
        if let root = try? PropertyList.parse(bytes) {
            _ = try? GateStrings.overrides(from: root, path: "fuzz")
            // A tree of strings, arrays and dictionaries must survive a write and a second read.
            if writable(root) {
                let again = try? PropertyList.parse(Array(PropertyList.xml(root).utf8))
                precondition(again == root, "round trip changed the tree")
            }
        }
    case "state":
        if let text = String(validating: bytes, as: UTF8.self), let state = LockoutState.parse(text) {
            precondition(LockoutState.parse(state.serialized) == state, "state round trip")
            // What the gate does with a state it read: the check and the record.
            for clocks in [Clocks(wall: 0, boot: 0, bootID: state.bootID), Clocks(wall: 1e9, boot: 1e5, bootID: "other")] {
                let left = state.remaining(at: clocks)
                precondition(left >= 0 && left <= LockoutState.maximumDuration)
                _ = Int(left.rounded(.up))
                let next = LockoutState.afterDenial(state, cooldown: 86_400, at: clocks)
                precondition(next.duration <= LockoutState.maximumDuration && next.denials <= LockoutState.maximumDenials)
            }
        }
    case "options":
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if var options = try? OptionParser.parse(arguments) {
            Policy().enforce(on: &options)
            precondition(GateConfiguration.attemptsRange.contains(options.configuration.maximumFailedAttempts))
            precondition(options.configuration.kinds.count >= 2 && options.configuration.tileCount <= 81)
        }
    case "config":
        var options = Options()
        var policy = Policy()
        if (try? ConfigFile.apply(text: String(decoding: bytes, as: UTF8.self), name: "fuzz", system: true,
                                  into: &options, policy: &policy)) != nil {
            policy.enforce(on: &options)
            precondition(options.configuration.maximumFailedAttempts <= policy.maxAttempts)
            precondition(options.configuration.rounds >= policy.minRounds)
        }
    default:
        fatalError("set FUZZ_TARGET to answer, plist, state, options or config")
    }
    return 0
}

/// Whether `value` holds only what the XML writer writes faithfully (strings without a
/// leading U+FEFF, which Apple's reader drops, arrays and dictionaries).
func writable(_ value: PropertyListValue) -> Bool {
    switch value {
    case .string(let text): return text.unicodeScalars.first != "\u{FEFF}"
    case .array(let items): return items.allSatisfy(writable)
    case .dictionary(let entries): return entries.allSatisfy { $0.key.unicodeScalars.first != "\u{FEFF}" && writable($0.value) }
    case .other: return false
    }
}

let fuzzTarget: String = Platform.environment()["FUZZ_TARGET"] ?? ""
