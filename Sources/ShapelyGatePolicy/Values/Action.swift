// Action.swift — what a run does: the gate itself (the default), or one of the
// informational actions that print and leave without a board (--help, --version,
// --strings-template, --odds, --check, --doors, --end-grace, and an approver's --pending,
// --approve and --deny). The last of these flags given wins.

package enum Action: Equatable, Sendable {
    case gate
    case help
    case version
    case stringsTemplate(language: String?)
    case odds
    /// `--check [FILE...]`: nil checks the installed files.
    case check(paths: [String]?, asSudoConf: Bool)
    /// `--doors USER`: every way USER can become root, and what guards each.
    case doors(user: String)
    /// `--end-grace`: the person's own sudo grace window on this terminal, ended.
    case endGrace
    /// An approver's side of a sudo approval request.
    case approval(ApproverRequest)
}

/// What an approver asks: the requests they may answer, or one answered.
package enum ApproverRequest: Equatable, Sendable {
    case pending
    /// A yes; with `window`, the same command may run again unasked for that many seconds.
    case approve(String, window: Int? = nil)
    /// Ends every window this approver granted, or the one of that request.
    case revoke(String?)
    case deny(String)
}
