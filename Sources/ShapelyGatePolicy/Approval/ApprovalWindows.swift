// ApprovalWindows.swift — a yes that lasts: an approver's `--approve ID --for DURATION`
// lets the same person run the same command again unasked until the window ends, on any
// terminal; any other command still asks.
//
// Contract:
// - A window is a record of root's in the person's folder (PersonRecords'
//   /run/shapelygate/<uid>), `window-<hash>`, holding the command's key (what the board
//   showed, with the run-as user and the folder) in hex, the boot-clock moment it ends,
//   the wall-clock moment it was granted, the request's id and the approver's name. A
//   record whose key is not this command's, that has ended, or that cannot be read lets
//   nothing through.
// - An approver ends their windows at once with `shapelygate --revoke [ID]`, which writes
//   to a file of their own, `<home>/.local/state/shapelygate/revoked`: `all SECONDS` (every
//   window they granted before that wall-clock second) or an id, one a line. The judge
//   reads it at each use as every outside file is read (a regular file, opened without
//   following a link or blocking, owned by the approver, bounded); a file of theirs that
//   cannot be read whole revokes every window they granted, and one that is another's
//   is ignored.

import ShapelyGate
import ShapelyGateSystem

package struct ApprovalWindow: Equatable, Sendable {
    package let key: String
    package let until: Double
    package let granted: Double
    package let request: String
    package let approver: String

    package var text: String {
        let hex = key.utf8.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
        return "key=\(hex.joined()) until=\(until) granted=\(granted) request=\(request) approver=\(approver)\n"
    }

    package init(key: String, until: Double, granted: Double, request: String, approver: String) {
        self.key = key
        self.until = until
        self.granted = granted
        self.request = request
        self.approver = approver
    }

    package init?(_ text: String) {
        var fields: [String: String] = [:]
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            guard let equals = word.firstIndex(of: "=") else { return nil }
            fields[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        guard let hex = fields["key"], hex.count % 2 == 0, let until = fields["until"].flatMap(Double.init),
              let granted = fields["granted"].flatMap(Double.init), let request = fields["request"],
              ApprovalRequest.isID(request), let approver = fields["approver"], !approver.isEmpty else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        guard let key = String(validating: bytes, as: UTF8.self) else { return nil }
        self.init(key: key, until: until, granted: granted, request: request, approver: approver)
    }

    /// The record's name for a key.
    package static func recordName(_ key: String) -> String { "window-" + hash(key) }

    /// FNV-1a of the text's bytes, in hex: a name for a file, never a secret.
    package static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return String(hash, radix: 16)
    }
}

/// What approvers revoked, from their own files.
package enum Revocations {
    package static func file(home: String) -> String { home + "/.local/state/shapelygate/revoked" }

    /// Whether `window` was revoked by its approver.
    package static func revoke(_ window: ApprovalWindow) -> Bool {
        guard let uid = SystemAccounts.uid(named: window.approver), let account = SystemAccounts.account(uid: uid),
              let text = read(file(home: account.home), owner: uid) else { return false }
        return revokes(text, window)
    }

    package static func revokes(_ text: String, _ window: ApprovalWindow) -> Bool {
        text.split(separator: "\n").contains { line in
            let words = line.split(separator: " ")
            if words.count == 2, words[0] == "all", let before = Double(words[1]) { return window.granted <= before }
            return words.count == 1 && words[0] == window.request
        }
    }

    /// The file's text; nil when there is none, or it is another's (not the approver's
    /// word). A file of the approver's that cannot be read whole (too long, not text)
    /// reads as `all` now: an approver's revocation is never lost.
    private static func read(_ path: String, owner: UserID) -> String? {
        let opened: (FileDescriptor, FileFacts)
        do throws(FileReadError) {
            opened = try FileDescriptor.openRegularFile(path)
        } catch {
            return error.isMissing ? nil : "all \(Double.greatestFiniteMagnitude)\n"
        }
        let (file, facts) = opened
        defer { file.close() }
        guard facts.owner == owner else { return nil }
        guard let bytes = try? file.readAll(path: path, limit: 65536), let text = String(validating: bytes, as: UTF8.self) else {
            return "all \(Double.greatestFiniteMagnitude)\n"
        }
        return text
    }
}

extension PersonRecords {
    /// The window an approver granted for `key` that is still open, or nil.
    package func window(for key: String) -> ApprovalWindow? {
        let name = ApprovalWindow.recordName(key)
        let found: Result<Result<String?, StateStore.RecordProblem>, StoreFailure> = store.withLock { directory in
            store.readText(name, in: directory)
        }
        // Byte for byte: two spellings Unicode calls equal may name two files.
        guard case .success(.success(let text?)) = found, let window = ApprovalWindow(text),
              window.key.utf8.elementsEqual(key.utf8),
              boot() < window.until else { return nil }
        return window
    }

    /// An approver's yes that lasts `seconds`, for this person and this key.
    package func grantWindow(for key: String, seconds: Int, request: String, approver: String) {
        let window = ApprovalWindow(key: key, until: boot() + Double(seconds), granted: clocks().wall, request: request,
                                    approver: approver)
        _ = store.withLock { directory -> String? in store.writeText(window.text, ApprovalWindow.recordName(key), in: directory) }
    }

}
