// SourceShapeTests.swift — the architecture docs/design.md draws, held by reading
// the sources (never writing them): the environment is read in the first stage only;
// system calls on terminals, folders, /proc, the password file and exec are the platform
// module's; the screen module imports no C library; no source file is over 300 lines
// and no function over 50.

import Foundation
import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

@Suite struct SourceShapeTests {
    static let sources = packageRoot + "/Sources"
    /// The modules above the platform: the command line, the doors' judges, the session
    /// and the shared policy.
    static let gateModules = ["ShapelyGateCLI", "ShapelyGateJudge", "ShapelyGateSession", "ShapelyGatePolicy"]

    /// Every source file under `folder` (relative to Sources), with its text.
    static func files(under folder: String, extensions: Set<String> = ["swift", "c", "h"]) -> [(path: String, text: String)] {
        let root = sources + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.sorted().compactMap { relative in
            guard extensions.contains((relative as NSString).pathExtension),
                  let text = try? String(contentsOfFile: root + "/" + relative, encoding: .utf8) else { return nil }
            return (folder + "/" + relative, text)
        }
    }

    /// The code of a line: what is left without its comment and its string literals' text.
    static func code(_ line: Substring) -> String {
        var out = "", inString = false, escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
                    inString = false
                    out.append("\"")
                }
            } else if character == "/" && previous == "/" {
                out.removeLast()
                break
            } else {
                out.append(character)
                if character == "\"" { inString = true }
            }
            previous = character
        }
        return out
    }

    @Test func theSettingsKeepNoEnvironmentAndNoLaterStageReadsOne() throws {
        let settings = try Settings.resolve(["--version"], files: .init(system: "/nonexistent", systemOwner: 0, user: 1000),
                                            environment: ["TERM": "dumb"])
        let labels = Mirror(reflecting: settings).children.compactMap(\.label)
        #expect(!labels.contains("environment"), "\(labels)")
        for folder in ["ShapelyGateSession/Run", "ShapelyGateSession/Session", "ShapelyGateSession/Command",
                       "ShapelyGatePolicy/Output", "ShapelyGatePolicy/State"] {
            for file in Self.files(under: folder) {
                for line in file.text.split(separator: "\n") where Self.code(line).contains("environment[")
                    || Self.code(line).contains("Platform.environment(") {
                    Issue.record("\(file.path) reads the environment: \(line)")
                }
            }
        }
        // The screen's detectors read a dictionary they are given: the first stage gives
        // them the gate's environment; the judges (which run with none) what their door
        // handed over.
        for file in Self.gateModules.flatMap({ Self.files(under: $0) }) where !file.path.hasSuffix("Options/Settings.swift")
            && !file.path.hasPrefix("ShapelyGateJudge/") {
            for detector in ["Display.detect(", "Charset.detect(", "ColorMode.detect(", "LanguageResolver.resolve("]
            where file.text.contains(detector) {
                Issue.record("\(file.path) calls \(detector) after the first stage")
            }
        }
    }

    /// The ending is handed what it needs: it opens no terminal, touches no signal mask
    /// and swaps no callback of the log.
    @Test func theEndingOpensNothing() {
        let ending = Self.files(under: "ShapelyGateSession/Run").filter { $0.path.hasSuffix("/Ending.swift") }
        #expect(ending.count == 1)
        for file in ending {
            for line in file.text.split(separator: "\n") {
                let code = Self.code(line)
                for reach in ["Terminal.", "Signals.", "open(", ".warn =", "Platform."] where code.contains(reach) {
                    Issue.record("\(file.path) reaches out with \(reach): \(line)")
                }
            }
        }
    }

    @Test func systemCallsOnTerminalsFoldersAndProgramsAreThePlatformModules() {
        let calls = ["tcsetattr(", "tcgetattr(", "tcflush(", "tcgetpgrp(", "ioctl(", "opendir(", "\"/proc/", "\"/etc/passwd\"",
                     "\"/etc/group\"", "execvp("]
        for file in (Self.gateModules + ["ShapelyGateScreen"]).flatMap({ Self.files(under: $0) }) {
            for line in file.text.split(separator: "\n") {
                // A literal's quote is kept by `code`, its text is not: look for paths in the raw line.
                let code = Self.code(line), raw = String(line)
                for call in calls where call.hasPrefix("\"") ? (raw.contains(call) && !raw.trimmingCharacters(in: .whitespaces).hasPrefix("//"))
                    : code.contains(call) {
                    Issue.record("\(file.path): \(call) outside ShapelyGateSystem: \(line)")
                }
            }
        }
    }

    @Test func theScreenModuleImportsNoCLibraryAndNoPlatformModule() throws {
        for file in Self.files(under: "ShapelyGateScreen", extensions: ["swift"]) {
            for line in file.text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@_exported") {
                #expect(line == "import ShapelyGate", "\(file.path): \(line)")
            }
        }
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".target(name: "ShapelyGateScreen", dependencies: ["ShapelyGate"])"#))
    }

    /// The top-level types each folder of `module` declares.
    static func declarations(in module: String) -> [String: String] {
        var owner: [String: String] = [:]
        let declaration = try! Regex(#"^(?:package |public )?(?:final )?(?:struct|enum|class|protocol|typealias|actor) +(\w+)"#)
        for file in files(under: module, extensions: ["swift"]) {
            for line in file.text.split(separator: "\n") {
                if let match = try? declaration.prefixMatch(in: line), let name = match.output[1].substring {
                    owner[String(name)] = folder(of: file.path)
                }
            }
        }
        return owner
    }

    static func folder(of path: String) -> String {
        let parts = path.split(separator: "/").dropFirst().dropLast()
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Which folders of `module` each folder uses: a type another folder declares, named in its code.
    static func folderUses(in module: String) -> [String: Set<String>] {
        let owner = declarations(in: module)
        var uses: [String: Set<String>] = [:]
        for file in files(under: module, extensions: ["swift"]) {
            let here = folder(of: file.path)
            for line in file.text.split(separator: "\n") {
                let words = code(line).split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
                for word in words {
                    if let there = owner[String(word)], there != here { uses[here, default: []].insert(there) }
                }
            }
        }
        return uses
    }

    @Test(arguments: gateModules)
    func noFolderOfAModuleDependsOnItselfThroughAnother(_ module: String) {
        let uses = Self.folderUses(in: module)
        // Depth-first: a folder met again on the path being walked closes a cycle.
        func walk(_ folder: String, _ path: [String], _ done: inout Set<String>) {
            for next in uses[folder, default: []].sorted() {
                if let start = path.firstIndex(of: next) {
                    Issue.record("\(module): the folders depend on each other: \((path[start...] + [next]).joined(separator: " → "))")
                } else if !done.contains(next) {
                    walk(next, path + [next], &done)
                }
            }
            done.insert(folder)
        }
        var done: Set<String> = []
        for folder in uses.keys.sorted() where !done.contains(folder) { walk(folder, [folder], &done) }
        #expect(!uses.isEmpty, "\(module): no folder uses another: the reading found nothing")
    }

    @Test func noModuleHoldsMoreThanAThirdAndABitOfTheSwift() throws {
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        let modules = try Regex(#"\.(?:target|executableTarget)\(\s*name: "(\w+)""#)
        let targets = manifest.matches(of: modules).compactMap { $0.output[1].substring.map(String.init) }
        let lines = targets.map { target in
            (target, Self.files(under: target, extensions: ["swift"]).reduce(0) { $0 + $1.text.split(separator: "\n").count })
        }
        let total = lines.reduce(0) { $0 + $1.1 }
        #expect(total > 10_000, "\(total) Swift lines: the reading found too few")
        for (target, count) in lines {
            #expect(count * 100 <= total * 35, "\(target) holds \(count) of \(total) Swift lines, more than 35 %")
        }
        // The design's picture names every target.
        let design = try String(contentsOfFile: packageRoot + "/docs/design.md", encoding: .utf8)
        for target in targets where target != "TestSupport" {
            #expect(design.contains(target), "docs/design.md does not name \(target)")
        }
    }

    /// Nothing re-exports a module: each file sees what it imports itself.
    @Test func noModuleIsReExported() {
        for file in Self.files(under: "", extensions: ["swift"]) {
            for line in file.text.split(separator: "\n") where Self.code(line).contains("@_exported") {
                Issue.record("\(file.path): \(line)")
            }
        }
    }

    /// Files above the platform that import the C library, each with its reason (none).
    static let cLibraryImporters: [String: String] = [:]
    /// The C library's functions the modules above might call. Counted in every file
    /// above the platform, whatever it imports (a C module of the package's own brings
    /// some of the C library with it).
    static let cFunctions = ["geteuid", "getuid", "getpid", "getppid", "getpgrp", "setpgid", "kill", "raise", "exit",
                             "open", "openat", "close", "read", "write", "send", "fstat", "lstat", "stat", "fstatat",
                             "mkdir", "mkdirat", "unlink", "unlinkat", "renameat", "fsync", "flock", "fcntl", "poll",
                             "pipe", "waitpid", "realpath", "strdup", "free", "strlen", "time", "gmtime_r", "strftime",
                             "clock_gettime", "signal", "pthread_sigmask", "sigemptyset", "sigaddset", "tcgetpgrp",
                             "posix_spawn", "posix_spawn_file_actions_init", "posix_spawn_file_actions_destroy",
                             "posix_spawn_file_actions_adddup2", "posix_spawn_file_actions_addopen"]
    /// The listed files' calls, and everyone else's: at most 10 above the platform.
    static let rewrittenFilesCalls = 0
    static let otherCalls = 10

    /// C library calls `name(` in the code of `text`: not `.name(`, and not a name the
    /// file declares itself (a method, a case, a closure of that name).
    static func cCalls(in text: String) -> Int {
        var count = 0
        let own = Set(cFunctions.filter { name in
            ["func \(name)(", "case \(name)(", "let \(name):", "var \(name):"].contains { text.contains($0) }
        })
        for line in text.split(separator: "\n") {
            let code = Self.code(line)
            for name in cFunctions where !own.contains(name) {
                var rest = Substring(code)
                while let range = rest.range(of: name + "(") {
                    let before = rest[..<range.lowerBound].last
                    let word = before.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false
                    let declared = rest[..<range.lowerBound].hasSuffix("func ")
                    if !word && !declared { count += 1 }
                    rest = rest[range.upperBound...]
                }
            }
        }
        return count
    }

    @Test func theCLibraryIsThePlatformModules() {
        var listed = 0, others = 0
        for file in (Self.gateModules + ["shapelygate"]).flatMap({ Self.files(under: $0, extensions: ["swift"]) }) {
            for line in file.text.split(separator: "\n") where line.hasPrefix("import ") {
                let module = line.dropFirst("import ".count)
                if ["Glibc", "Musl", "Darwin", "Foundation"].contains(module) && Self.cLibraryImporters[file.path] == nil {
                    Issue.record("\(file.path) imports \(module): only ShapelyGateSystem does")
                }
            }
            let calls = Self.cCalls(in: file.text)
            if Self.cLibraryImporters[file.path] != nil { listed += calls } else { others += calls }
            if calls > 0 && Self.cLibraryImporters[file.path] == nil { Issue.record("\(file.path): \(calls) C library calls") }
        }
        #expect(others <= Self.otherCalls, "C library calls above the platform: \(others)")
        #expect(listed <= Self.rewrittenFilesCalls, "C library calls in the listed files: \(listed)")
    }

    /// The signal numbers are named in Swift only by the platform module and Signals.swift.
    @Test func signalNumbersAreNamedInOnePlace() {
        let policy = "ShapelyGatePolicy/Process/Signals.swift"
        for file in (Self.gateModules + ["shapelygate", "ShapelyGateScreen", "ShapelyGate"])
            .flatMap({ Self.files(under: $0, extensions: ["swift"]) }) where file.path != policy {
            for line in file.text.split(separator: "\n") {
                let code = Self.code(line)
                if code.contains("SignalNumber.") || code.firstMatch(of: /\bSIG[A-Z]+\b/) != nil {
                    Issue.record("\(file.path) names a signal number: \(line)")
                }
            }
        }
    }

    @Test func noFileOver300LinesAndNoFunctionOver50() {
        for file in Self.files(under: "") {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= 301, "\(file.path): \(lines.count) lines")
            for (start, length) in Self.functions(lines) where length > 50 {
                Issue.record("\(file.path):\(start + 1): a function of \(length) lines")
            }
        }
    }

    /// Where each Swift function, initializer or C function starts and how many lines it
    /// takes, from its first line to its closing brace, counting braces outside
    /// comments and string literals.
    static func functions(_ lines: [Substring]) -> [(start: Int, length: Int)] {
        var found: [(Int, Int)] = []
        for (index, line) in lines.enumerated() {
            let code = Self.code(line)
            let words = code.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
            let swiftFunction = words.contains("func") || words.first == "init"
                || (words.contains("init") && (code.contains("init(") || code.contains("init?(")))
            let cFunction = !line.hasPrefix(" ") && !line.hasPrefix("#") && !line.hasPrefix("}") && code.contains("(")
                && !code.contains(";") && (code.hasSuffix("{") || code.hasSuffix(")"))
            guard swiftFunction || cFunction else { continue }
            var depth = 0, opened = false
            for end in index..<lines.count {
                for character in Self.code(lines[end]) {
                    if character == "{" { depth += 1; opened = true } else if character == "}" { depth -= 1 }
                }
                if opened && depth <= 0 { found.append((index, end - index + 1)); break }
                if !opened && (end - index > 6 || Self.code(lines[end]).contains(";")) { break }
            }
        }
        return found
    }
}
