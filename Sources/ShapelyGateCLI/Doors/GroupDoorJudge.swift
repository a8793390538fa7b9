// GroupDoorJudge.swift — the doors that need no program at all: groups that are root in
// all but name, places root runs programs from that the person can write, and (as
// warnings) setuid-root and setcap programs no package owns.
//
// Contract:
// - Each of RootGroups the person belongs to (primary or supplementary) is its own open
//   line, with what it gives and the fix; none: one closed line.
// - A place (DoorGathering.places) is open when the person owns it and may write it, a
//   group of theirs may write it, or everyone may; the fix is named. A place that could
//   not be looked at is open.
// - Programs: one `warn` line each; they do not change the status. So is each place
//   the walk for them could not look at (five named, then how many more): a program
//   there would go unseen.

import ShapelyGatePolicy
import ShapelyGateSystem

extension DoorJudge {
    /// The groups that are root in all but name, and what each gives.
    package static let rootGroups: [(group: String, gives: String)] = [
        ("docker", "it gives root through the Docker daemon"),
        ("lxd", "it gives root through LXD's containers"),
        ("incus", "it gives root through Incus's containers"),
        ("incus-admin", "it gives root through Incus's containers"),
        ("libvirt", "it gives root through libvirt's virtual machines"),
        ("disk", "it reads and writes the disks under every file's permissions"),
        ("kvm", "it runs virtual machines on the raw devices it is handed"),
        ("shadow", "it reads every password's hash in /etc/shadow"),
    ]

    func groups() -> [DoorLine] {
        let found = Self.rootGroups.filter { facts.user.groups.contains($0.group) }
        guard !found.isEmpty else {
            return [.closed("groups", "\(name) belongs to none of " + Self.rootGroups.map(\.group).joined(separator: ", "))]
        }
        return found.map { .open("group \($0.group)", "remove \(name) from group \($0.group): \($0.gives)") }
    }

    func writable() -> [DoorLine] {
        var lines = facts.unreadablePlaces.map { DoorLine.open("writable", "cannot look at \($0)") }
        for place in facts.places {
            guard let how = writer(of: place) else { continue }
            let what = place.isFolder ? "\(place.path)/" : place.path
            lines.append(.open("writable", "\(name) can write \(what) (\(how.by)), which root runs: \(how.fix)"))
        }
        if lines.count > 8 {
            let more = lines.count - 7
            lines = Array(lines.prefix(7)) + [.open("writable", "and \(more) more places \(name) can write where root runs programs")]
        }
        return lines.isEmpty ? [.closed("writable", "\(name) cannot write any of the places root runs programs from")] : lines
    }

    /// Who lets the person write a place, and the fix; nil when they cannot.
    func writer(of place: PlacedFile) -> (by: String, fix: String)? {
        if place.owner == facts.user.uid && place.mode & 0o200 != 0 {
            return ("\(name) owns it", "chown root \(place.path)")
        }
        if facts.user.groupIDs.contains(place.group) && place.mode & 0o020 != 0 {
            let group = groupName(place.group)
            return ("group \(group)", "chmod g-w \(place.path)")
        }
        if place.mode & 0o002 != 0 { return ("everyone", "chmod o-w \(place.path)") }
        return nil
    }

    func groupName(_ gid: GroupID) -> String {
        guard let index = facts.user.groupIDs.firstIndex(of: gid), index < facts.user.groups.count else { return String(gid) }
        return facts.user.groups[index]
    }

    func privileged() -> [DoorLine] {
        unwalked() + programs()
    }

    /// What the walk for setuid programs could not look at: a program there goes unseen.
    /// A few by name, then how many more.
    func unwalked() -> [DoorLine] {
        let shown = facts.unwalked.prefix(5).map { DoorLine("setuid", .warn, "cannot look for setuid programs in \($0)") }
        let more = facts.unwalked.count - shown.count
        return shown + (more > 0 ? [DoorLine("setuid", .warn, "and \(more) more places that could not be looked at")] : [])
    }

    func programs() -> [DoorLine] {
        guard !facts.privileged.isEmpty else { return [] }
        switch facts.unowned {
        case .absent:
            return [DoorLine("setuid", .warn, "cannot tell which of \(facts.privileged.count) setuid or setcap programs "
                             + "came from a package: dpkg is not installed")]
        case .unreadable(let why):
            return [DoorLine("setuid", .warn, "cannot ask dpkg which programs came from a package: \(why)")]
        case .read(let paths):
            return facts.privileged.filter { paths.contains($0.path) }.map { program in
                DoorLine(program.setuid ? "setuid" : "setcap", .warn, "\(program.path) runs with "
                         + (program.setuid ? "root's rights" : "capabilities") + " and came from no installed package")
            }
        }
    }
}
