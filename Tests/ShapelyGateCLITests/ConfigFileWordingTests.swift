// ConfigFileWordingTests.swift — an error in a configuration file names the key as the
// file writes it (`timeout`), never as the flag (`--timeout`) the person did not type.
// Uses temporary folders only: never the real /etc or home.

import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct ConfigFileWordingTests {
    let folder = temporaryFolder()
    var system: String { folder + "/shapelygate.conf" }
    var userFile: String { folder + "/config/shapelygate/config" }

    /// The message a user file holding `text` is refused with; nil when it is accepted.
    func refusal(_ text: String) -> String? {
        mkdir(folder + "/config", 0o700)
        mkdir(folder + "/config/shapelygate", 0o700)
        writeFile(userFile, text)
        do {
            _ = try Settings.resolve([], files: .init(system: system, systemOwner: getuid(), user: 1000),
                                     environment: ["XDG_CONFIG_HOME": folder + "/config", "HOME": folder])
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aBadTimeoutIsNamedAsTheFileWritesIt() {
        #expect(refusal("timeout = 1O\n") == userFile + ":1: invalid timeout '1O': expected a whole number 1-3600")
        #expect(refusal("\nkinds = circle,blob\n")?.hasPrefix(userFile + ":2: invalid kinds 'circle,blob': unknown shape 'blob'") == true)
    }

    /// Every key a file may set that takes a value: a bad one is refused without a `--`.
    @Test func noFileErrorSpeaksOfFlags() {
        let keys = OptionTable.specs.filter { spec in
            guard spec.inFiles, case .none = spec.value else { return spec.inFiles }
            return false
        }
        #expect(!keys.isEmpty)
        for spec in keys {
            guard let message = refusal("\(spec.long) = 1O,x\n") else { continue }
            #expect(message.hasPrefix(userFile + ":1: invalid \(spec.long) '1O,x'"), "\(message)")
            #expect(!message.contains("--"), "\(message)")
        }
    }
}
