// PamHarness.swift — the PAM module in a stack of the test's own: a PolicyNamespace (its
// /etc overlaid, /run a tmpfs with the test's journal socket, the trusted gate at
// /mnt/shapelygate) in which a folder of the test's is bound over /etc/pam.d, so the
// programs that load the module (pamtester, su, sshd, polkit's helper) read only the
// services the test wrote. Nothing of the machine's /etc/pam.d is read or changed.

import TestSupport

#if canImport(Glibc)
import Glibc
#endif

let pamModulePath = buildFolder + "/libpam_shapelygate.so"

/// Why the module cannot be loaded into a program here, or nil when it can.
let pamUnavailable: String? = {
    guard tools("unshare", "mount", "setpriv", "useradd") else { return "needs unshare, mount, setpriv and useradd" }
    guard runningAsRoot else { return "needs root, to make a mount namespace and to start the judge as root" }
    guard exists(pamModulePath) else { return "needs the PAM module built by swift build (\(pamModulePath))" }
    guard !sanitized else { return "the AddressSanitizer build of the module cannot load into a program that is not" }
    let probe = startProcess(["/bin/sh", "-c", "unshare -m --propagation private true"], terminal: false)
    guard probe.finish() == .exited(0) else { return "unshare -m is not permitted here" }
    return nil
}()

/// Accounts made in each run's own /etc: a child and a parent.
let pamAccounts = """
    groupadd -g 2010 parents
    useradd -M -N -g users -u 2001 -s /bin/sh kid; useradd -M -N -g users -G parents -u 2002 -s /bin/sh mum
    """

final class PamSpace {
    let space: PolicyNamespace
    var folder: String { space.folder }

    /// - Parameters:
    ///   - services: each service's stack, as /etc/pam.d/NAME holds it.
    ///   - policy: the text of /etc/shapelygate.conf.
    init?(services: [String: String], policy: String = "syslog = yes\n") {
        guard let space = PolicyNamespace(policy: policy, pluginOptions: "users=nobody") else { return nil }
        self.space = space
        mkdir(space.folder + "/pam.d", 0o755)
        for (name, stack) in services { writeFile(space.folder + "/pam.d/" + name, stack) }
    }

    /// Runs `commands` as root in the namespace, the accounts made and the test's PAM
    /// stacks in place.
    func run(_ commands: String) -> PtyProcess {
        space.run(pamAccounts + "\nmount --bind '\(folder)/pam.d' /etc/pam.d\n" + commands)
    }

    func records(timeout: Double = 1) -> [[(name: String, value: [UInt8])]] { space.records(timeout: timeout) }
}

/// The module's line in a stack, the gate at its trusted place.
func moduleLine(_ options: String) -> String {
    "auth requisite \(pamModulePath) path=\(Gates.installed) \(options)\n"
}

/// A stack in which the module alone decides: pam_permit after it.
func stack(_ options: String) -> String {
    moduleLine(options) + "auth required pam_permit.so\naccount required pam_permit.so\nsession required pam_permit.so\n"
}
