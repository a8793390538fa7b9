// DoorSettings.swift — what a door's line makes of the policy, the same at every door:
// the gate's settings (the system file, then the line's gate words, then the floors and
// strict) and the approval settings (the line's words over the system file's).
//
// Contract:
// - The line's gate words are read by the command line's own parser as the gate reads
//   them, over what the system file sets; nothing the line says loosens a floor.
// - approval= other than board needs approvers=, on the line or in the system file.

package extension DoorOptions {
    /// The gate's settings under this line, or the error that stops the door.
    func settings(files: Settings.Files) -> Result<(options: Options, policy: Policy), GateError> {
        do throws(GateError) {
            var base = Options()
            var policy = Policy()
            try ConfigFile.load(files.system, system: true, owner: files.systemOwner, into: &base, policy: &policy)
            var options = try OptionParser.read(gateArguments).apply(to: base)
            policy.enforce(on: &options)
            return .success((options, policy))
        } catch {
            return .failure(error)
        }
    }

    /// The line's approval settings over the policy's.
    func approvalSettings(policy: Policy) -> ApprovalSettings {
        ApprovalSettings(mode: approval ?? policy.approval ?? .board,
                         approvers: approvers ?? policy.approvers ?? Approvers(),
                         timeout: approvalTimeout ?? policy.approvalTimeout ?? Approvers.defaultTimeout,
                         notify: notify ?? policy.notify,
                         requestCooldown: self.policy.requestCooldown ?? policy.requestCooldown ?? Approvers.defaultRequestCooldown,
                         maxWindow: policy.maxApprovalWindow ?? Approvers.defaultMaxWindow)
    }

    /// Why the approval settings cannot work, or nil.
    static func approvalProblem(_ approval: ApprovalSettings, policyFile: String) -> String? {
        guard approval.mode.asksApprover && approval.approvers.isEmpty else { return nil }
        return "approval=\(approval.mode.rawValue) needs approvers=, on the Plugin line or in \(policyFile)"
    }
}

extension Judged: Error {}
