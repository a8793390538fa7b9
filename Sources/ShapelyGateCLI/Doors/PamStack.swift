// PamStack.swift — a PAM service's stack as PAM assembles it, from the files `--doors`
// read, and whether a shapelygate line in its auth stack stands where it gates.
//
// Contract:
// - A service is /etc/pam.d/NAME, else /usr/lib/pam.d/NAME, else /etc/pam.d/other. A
//   line is `[-]TYPE CONTROL MODULE [WORD...]` (PamStackCheck.parse), `#` starts a
//   comment and a line ending in `\` goes on. `@include FILE` takes every line of FILE;
//   `TYPE include FILE` and `TYPE substack FILE` take FILE's lines of that type (a
//   substack is read as if included). A relative FILE is found as a service is.
// - A stack whose file, or an included file, could not be read is `unreadable`; one
//   included more than 16 deep likewise.
// - The gate stands (`line`) when the first auth line naming pam_shapelygate.so is
//   required or requisite, loads, reads (DoorOptions) and says the expected person=, and
//   no `sufficient` line other than pam_rootok.so comes before it. Otherwise `weak`,
//   with why, or `none` when no auth line names the module.

import ShapelyGatePolicy

package struct PamEntry: Equatable, Sendable {
    package var type: String
    package var dash: Bool
    package var control: String
    package var module: String
    package var words: [String]
    /// FILE:LINE where it stands.
    package var place: String

    package var moduleName: String { String(module.split(separator: "/").last ?? "") }
    package var isShapelygate: Bool { moduleName.hasSuffix(PamStackCheck.module) }
}

package enum StackGate {
    case line(DoorOptions, PamEntry)
    case weak(String)
    case none(String)
    case unreadable(String)
}

package enum PamStack {
    /// The file PAM reads for `name` (a service, or a relative include).
    package static func path(of name: String, in files: [String: Gathered<String>], fallback: Bool = true) -> String {
        if name.hasPrefix("/") { return name }
        for folder in ["/etc/pam.d/", "/usr/lib/pam.d/"] {
            if let found = files[folder + name], !isAbsent(found) { return folder + name }
        }
        return fallback ? "/etc/pam.d/other" : "/etc/pam.d/" + name
    }

    private static func isAbsent(_ file: Gathered<String>) -> Bool {
        if case .absent = file { return true }
        return false
    }

    /// The lines of `type` (auth, account...) of a file, includes followed.
    package static func entries(_ path: String, type: String, files: [String: Gathered<String>],
                                depth: Int = 0) -> Result<[PamEntry], Refusal> {
        guard depth <= 16 else { return .failure(Refusal("\(path): includes go more than 16 deep")) }
        let text: String
        switch files[path] ?? .absent {
        case .read(let read): text = read
        case .absent: return .failure(Refusal("\(path): no such file"))
        case .unreadable(let why): return .failure(Refusal(why))
        }
        var found: [PamEntry] = []
        for (number, line) in PamStackCheck.logicalLines(text) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if words.first == "@include", words.count >= 2 {
                let included = entries(Self.path(of: words[1], in: files, fallback: false), type: type, files: files, depth: depth + 1)
                guard case .success(let more) = included else { return included }
                found += more
                continue
            }
            guard let parsed = PamStackCheck.parse(line, number: number) else { continue }
            let dash = parsed.type.hasPrefix("-")
            let lineType = dash ? String(parsed.type.dropFirst()) : parsed.type
            guard lineType == type else { continue }
            if parsed.control == "include" || parsed.control == "substack" {
                let included = entries(Self.path(of: parsed.module, in: files, fallback: false), type: type, files: files,
                                       depth: depth + 1)
                guard case .success(let more) = included else { return included }
                found += more
                continue
            }
            found.append(PamEntry(type: lineType, dash: dash, control: parsed.control, module: parsed.module,
                                  words: parsed.words, place: "\(path):\(number)"))
        }
        return .success(found)
    }


    /// Whether the service's auth stack has a shapelygate line that stands.
    package static func gate(_ service: String, facts: DoorFacts, person: DoorOptions.Person) -> StackGate {
        let path = path(of: service, in: facts.pamFiles)
        let auth: [PamEntry]
        switch entries(path, type: "auth", files: facts.pamFiles) {
        case .failure(let refusal): return .unreadable(refusal.message)
        case .success(let read): auth = read
        }
        guard let index = auth.firstIndex(where: \.isShapelygate) else { return .none(path) }
        let entry = auth[index]
        if let before = auth[..<index].first(where: { $0.control == "sufficient" && $0.moduleName != "pam_rootok.so" }) {
            return .weak("\(before.moduleName) is sufficient before the board (\(before.place)): it can let a person in without one")
        }
        if let problem = weakness(entry, facts: facts) { return .weak(problem) }
        do throws(Refusal) {
            let options = try DoorOptions.parse(entry.words, door: .pamLine)
            guard options.person == person else {
                return .weak("\(entry.place) says person=\(options.person?.rawValue ?? ""): here write person=\(person.rawValue)")
            }
            return .line(options, entry)
        } catch {
            return .weak("\(entry.place) does not read: \(error.message)")
        }
    }

    private static func weakness(_ entry: PamEntry, facts: DoorFacts) -> String? {
        switch entry.control {
        case "required", "requisite": break
        case "sufficient": return "\(entry.place) is sufficient: a pass on the board lets a person in with no password; write requisite"
        case "optional": return "\(entry.place) is optional: a denial is let through; write requisite"
        default: return "\(entry.place): the control \(entry.control) is not read here; write requisite"
        }
        if let problem = facts.pamModuleProblems[entry.module] {
            return "\(entry.place): \(problem)" + (entry.dash ? "; PAM skips the line without a word" : "")
        }
        return nil
    }
}
