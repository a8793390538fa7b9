// DoorsUnseenTests.swift — what `--doors` cannot look at is said, never passed over: a
// name that is not UTF-8 (the audit cannot name it back to the kernel) or a path longer
// than the kernel takes, under the folders walked for setuid programs, among polkit's
// rules and among the places root runs programs from. Each would otherwise hide what
// stands there: a setuid shell, a rule that says yes, a file the child may write.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("--doors says what it cannot look at", .serialized, .enabled(if: doorsUnavailable == nil, "\(doorsUnavailable ?? "")"))
struct DoorsUnseenTests {
    /// A folder named by one byte that is not UTF-8, a tree deeper than PATH_MAX, each with
    /// a setuid program in it; a polkit rule saying yes to everyone, and a file in
    /// /etc/cron.d that kid may write, both under such names.
    @Test func namesTheAuditCannotUseAreReportedNotSkipped() throws {
        let space = try #require(DoorsSpace())
        let odd = "$(printf '\\377')"
        let segment = String(repeating: "a", count: 30)
        let rule = "polkit.addRule(function(a, s) { return polkit.Result.YES; });"
        let (text, status) = space.audit("""
            mkdir "/opt/\(odd)" && cp /bin/true "/opt/\(odd)/hidden" && chmod 4755 "/opt/\(odd)/hidden"
            mkdir /opt/deep && (cd /opt/deep && for i in $(seq 140); do mkdir \(segment) && cd \(segment) || exit 1; done \
                && cp /bin/true hidden && chmod 4755 hidden)
            mkdir -p /etc/polkit-1/rules.d && echo '\(rule)' >"/etc/polkit-1/rules.d/\(odd)10-all.rules"
            mkdir -p /etc/cron.d && touch "/etc/cron.d/\(odd)job" && chown kid "/etc/cron.d/\(odd)job"
            """)
        #expect(status == 1, "\(text)")
        let setuid = doorLines("setuid", in: text)
        #expect(setuid.contains { $0.state == "warn" && $0.why == "cannot look for setuid programs in /opt/\u{FFFD}: its name is not UTF-8" },
                "\(text)")
        #expect(setuid.contains { $0.state == "warn" && $0.why.hasPrefix("cannot look for setuid programs in /opt/deep/\(segment)/")
                    && $0.why.hasSuffix(": file name too long") }, "\(text)")
        #expect(doorLines("polkit", in: text).contains {
            $0.state == "open" && $0.why == "cannot read /etc/polkit-1/rules.d/\u{FFFD}10-all.rules: cannot be opened by the name listed"
        }, "\(text)")
        #expect(doorLines("writable", in: text).contains { $0.state == "open" && $0.why == "cannot look at /etc/cron.d/\u{FFFD}job" },
                "\(text)")
    }
}
