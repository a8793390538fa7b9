// FuzzTargets.swift — libFuzzer entry point for the engine's parsers, compiled into
// the engine's own module by Scripts/fuzz.sh. FUZZ_TARGET picks the parser:
// answer, plist, state. Each must return for every input; a trap is a finding.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch fuzzTarget {
    case "answer":
        if let number = AnswerParser.tileNumber(from: bytes), !(0...999).contains(number) { fatalError("out of range") }
    case "plist":
        if let root = try? PropertyList.parse(bytes) {
            let table = try? GateStrings.overrides(from: root, path: "fuzz")
            // Whatever parsed must survive a write and a second read unchanged.
            if let table, !table.isEmpty, let again = try? PropertyList.parse(Array(PropertyList.xml(root).utf8)) {
                precondition(again == root, "round trip changed the tree")
            }
        }
    case "state":
        if let text = String(validating: bytes, as: UTF8.self), let state = LockoutState.parse(text) {
            precondition(LockoutState.parse(state.serialized) == state, "state round trip")
        }
    default:
        fatalError("set FUZZ_TARGET to answer, plist or state")
    }
    return 0
}

let fuzzTarget: String = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
