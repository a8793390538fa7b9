// ExitStatusTableTests.swift — the exit-status table has one wording: `--help` prints
// `ExitStatus.documented`, and the README's table and the man page's EXIT STATUS list
// must say exactly the same, row for row, in the same order.

import TestSupport
import Testing
@testable import ShapelyGateCLI
@testable import ShapelyGateJudge
@testable import ShapelyGatePolicy
@testable import ShapelyGateSession

@Suite struct ExitStatusTableTests {
    @Test func theReadmeTableIsTheDocumentedOne() {
        let readme = readText(packageRoot + "/README.md")
        let section = readme.components(separatedBy: "## Exit status\n").dropFirst().first ?? ""
        let rows = section.split(separator: "\n").prefix { !$0.hasPrefix("#") }.filter { $0.hasPrefix("| ") }.dropFirst()
        #expect(rows.map(String.init) == ExitStatus.documented.map { "| \($0.status) | \($0.meaning) |" })
    }

    @Test func theManPageListIsTheDocumentedOne() {
        let page = readText(packageRoot + "/man/shapelygate.1")
        let section = page.components(separatedBy: ".Sh EXIT STATUS\n.Bl -tag -width Ds\n").dropFirst().first ?? ""
        let list = section.components(separatedBy: ".El\n").first ?? ""
        #expect(list == ExitStatus.documented.map { ".It \($0.status)\n\($0.meaning)\n" }.joined())
    }

    @Test func helpPrintsEveryRowWrappedUnderItsColumn() {
        let table = ExitStatus.helpTable.split(separator: "\n").map(String.init)
        #expect(table.first == "Exit status:")
        #expect(table.allSatisfy { $0.count <= 80 })
        let rejoined = table.dropFirst().map { $0.dropFirst(2) }.reduce(into: [String]()) { rows, line in
            if line.hasPrefix(" ") { rows[rows.count - 1] += " " + line.drop { $0 == " " } } else { rows.append(String(line)) }
        }
        #expect(rejoined == ExitStatus.documented.map { $0.status + String(repeating: " ", count: 7 - $0.status.count) + $0.meaning })
    }
}
