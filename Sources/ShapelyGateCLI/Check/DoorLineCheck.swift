// DoorLineCheck.swift — what `--check` asks of one door's line, the sudo Plugin line or a
// PAM module line, after its words have been read (DoorOptions): that the program it
// names is this one, that the policy file reads with it, that approval can work, and
// that it gates as written.
//
// Contract:
// - path= (default SG_DEFAULT_PROGRAM) is walked by the doors' own trusted walk and must
//   answer `--version` as this program; notify= is walked as the judge walks it.
// - The line's gate words are applied over /etc/shapelygate.conf as the judge applies
//   them; a word that strict or a floor changes is a problem: the line says one thing
//   and the board does another (`kinds=2 becomes 8: strict wins`).
// - A warning, when the board alone can let a person through and a random guesser
//   passes more often than 1 in 100.

import CShapelyGateGuard
import ShapelyGate
import ShapelyGateJudge
import ShapelyGatePolicy
import ShapelyGateSession
import ShapelyGateSystem

struct DoorLineCheck {
    let files: Settings.Files

    /// The problems and warnings of one line's words (already read).
    func check(_ line: DoorOptions) -> (problems: [String], warnings: [String]) {
        var problems: [String] = []
        if let problem = judgeProblem(line.path ?? SG_DEFAULT_PROGRAM) { problems.append(problem) }
        if let program = line.notify, let problem = notifyProblem(program) { problems.append(problem) }
        switch line.settings(files: files) {
        case .failure(let error): return (problems + [error.message], [])
        case .success(let settings):
            let approval = line.approvalSettings(policy: settings.policy)
            if let problem = DoorOptions.approvalProblem(approval, policyFile: files.system) { problems.append(problem) }
            problems += asWritten(line, effective: settings.options)
            return (problems, approval.mode.showsBoard && approval.mode != .both ? odds(settings.options) : [])
        }
    }

    /// The numbers a line states that strict or the floors change.
    func asWritten(_ line: DoorOptions, effective: Options) -> [String] {
        var stated = Options()
        for (name, value) in line.gate {
            guard let word = Grammar.word(name), let read = try? Grammar.read(word, value, at: line.door) else { continue }
            word.apply(read, to: &stated)
        }
        let cause = line.gate.contains { $0.name == "strict" } ? "strict wins" : "the floors of \(files.system) win"
        var found: [String] = []
        for (name, value) in line.gate {
            let said: Int, made: Int
            switch name {
            case "rounds": (said, made) = (stated.configuration.rounds, effective.configuration.rounds)
            case "kinds": (said, made) = (stated.configuration.kinds.count, effective.configuration.kinds.count)
            case "attempts": (said, made) = (stated.configuration.maximumFailedAttempts, effective.configuration.maximumFailedAttempts)
            case "timeout": (said, made) = (stated.configuration.maximumTimeAllowed, effective.configuration.maximumTimeAllowed)
            case "cooldown": (said, made) = (stated.cooldown, effective.cooldown)
            default: continue
            }
            if said != made {
                found.append("\(name)=\(value ?? "") becomes \(made): \(cause); write \(name)=\(made) or leave it out")
            }
        }
        return found
    }

    /// A warning when a random guesser passes more often than 1 in 100.
    func odds(_ options: Options) -> [String] {
        let odds = GateOdds(configuration: options.configuration)
        guard odds.probability > 0.01 else { return [] }
        let percent = (odds.probability * 100_000).rounded() / 1000
        let chance = odds.fraction.map { "\($0.numerator) in \($0.denominator) (\(percent)%)" } ?? "\(percent)%"
        return ["warning: a random guesser passes \(chance) here; strict holds a door to root under 1 in 100"]
    }

    /// path= walked as the door walks it, then asked for its version.
    func judgeProblem(_ program: String) -> String? {
        switch TrustedProgram.open(program, unprivileged: false) {
        case .failure(let refusal): return refusal.message
        case .success(let found): _ = Platform.closeDescriptor(found)
        }
        let said = SudoConfCheck.version(of: program)
        guard said == "shapelygate \(ProgramVersion.number)\n" else {
            return "path=\(program) does not answer --version as shapelygate \(ProgramVersion.number) does"
        }
        return nil
    }

    /// notify= walked as the judge walks it before running it without privileges.
    func notifyProblem(_ program: String) -> String? {
        switch TrustedProgram.open(program, unprivileged: true) {
        case .failure(let refusal): return refusal.message
        case .success(let found):
            _ = Platform.closeDescriptor(found)
            return nil
        }
    }
}
