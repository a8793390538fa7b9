// TrustedProgram.swift — a program root runs or starts for another, opened by the sudo
// plugin's own trusted walk (trusted.c, compiled in): path= (the judge and the gate),
// and notify= (run without privileges: it may be readable, and a script, but nobody
// must be able to run it).
//
// Contract:
// - The answer is the open descriptor (the caller closes it) or the walk's one-line
//   reason, without the program's name in front.

import CShapelyGateGuard
import ShapelyGateSystem

package enum TrustedProgram {
    package static func open(_ path: String, unprivileged: Bool) -> Result<Int32, Refusal> {
        var message = sg_door_message()
        message.unprivileged = unprivileged ? 1 : 0
        let found: Int32 = path.withCString { text in
            message.path = text
            return sg_open_trusted(&message)
        }
        guard found >= 0 else {
            let text = withUnsafeBytes(of: message.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failure(Refusal(text.replacing("shapelygate: ", with: "", maxReplacements: 1)))
        }
        guard unprivileged else { return .success(found) }
        guard let info = Platform.facts(ofDescriptor: found), info.othersMayRun else {
            _ = Platform.closeDescriptor(found)
            return .failure(Refusal("notify=\(path): nobody may run it: give others the right to run it (chmod o+x)"))
        }
        return .success(found)
    }
}
