// DoorsAudit.swift — `shapelygate --doors USER [--json]`: every way USER can become root
// on this machine, and what guards each, for a parent to read at a glance.
//
// Contract:
// - USER is an account name of the password file (or its uid). Root may ask about anyone;
//   anyone else only about themselves (a usage error otherwise, status 2), and is shown
//   what they can read: what they cannot is reported open, with what was not read.
// - The facts are gathered once (DoorGathering), judged without I/O (DoorJudge) and
//   printed as aligned `DOOR  STATE  WHY` lines (WHY wrapped under its column when standard
//   output is a terminal) or, with --json, a JSON array.
// - Status 1 when any door is open, else 0; `warn` lines do not count.

import ShapelyGatePolicy
import ShapelyGateSession
import ShapelyGateSystem

package enum DoorsAudit {
    package static func run(user: String, json: Bool) throws(GateError) -> Ending {
        let passwd = SystemAccounts.passwordFile(), group = SystemAccounts.groupFile()
        let accounts = DoorGathering.accounts(passwd: passwd, group: group)
        let account = try find(user, in: accounts, asker: Platform.realUser, root: Platform.effectiveUser == 0)
        let facts = DoorGathering().gather(user: account, accounts: accounts)
        let lines = DoorJudge(facts: facts, passwdText: passwd, groupText: group).lines()
        let text = json ? DoorReport.json(lines) : DoorReport.text(lines, width: TerminalDevice.columns(of: 1))
        return Ending(.reported(text, status: DoorReport.status(lines)))
    }

    /// The account asked about, or the usage error that ends the run.
    package static func find(_ user: String, in accounts: [AuditAccount], asker: UserID, root: Bool) throws(GateError) -> AuditAccount {
        guard !user.isEmpty else { throw .usage("--doors: name an account (shapelygate --doors USER)") }
        guard let account = accounts.first(where: { $0.name == user })
            ?? (ValueReader.isNumber(user) ? accounts.first { String($0.uid) == user } : nil) else {
            throw .usage("--doors: no account named '\(user.prefix(64))'")
        }
        guard root || account.uid == asker else { throw .usage("--doors: only root may ask about another account") }
        return account
    }
}
