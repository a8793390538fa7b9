// JudgeLink.swift — the judge's end of the socket the sudo plugin hands it on standard
// input and output (door.c says the same from the other end).
//
// Contract:
// - A message is a run of entries, each a tag byte, its text and a NUL; an empty entry
//   ends it. Text that is not UTF-8 is read with each bad byte replaced (U+FFFD), so a
//   word is never dropped, and marked as not exact: the judge shows no such word.
// - A message longer than `limit` bytes, or a link closed before a message ends, is
//   no message (nil): the judge then denies or ends.
// - An answer is written whole, with MSG_NOSIGNAL: a plugin that went away cannot
//   end the judge by SIGPIPE.

import ShapelyGateSystem

struct JudgeLink {
    /// How each judge begins: as root, or refused with a line naming its door (false);
    /// then with `signals` blocked, so that the judge takes each in its own turn.
    static func beginJudging(_ flag: String, startedBy door: String, holding signals: [Int32]) -> Bool {
        guard geteuid() == 0 else {
            Platform.printError("shapelygate: \(flag) is started by \(door), as root\n")
            return false
        }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        return true
    }

    struct Entry: Equatable {
        let tag: Character
        let text: String
        /// False when the bytes were not UTF-8 and `text` has replacements in it.
        var exact = true
    }

    let descriptor: Int32
    var limit = 4 << 20
    private var pending: [UInt8] = []

    init(descriptor: Int32 = 0) { self.descriptor = descriptor }

    /// The next message, or nil when the link closed or the message is too long.
    mutating func receive() -> [Entry]? {
        var entries: [Entry] = []
        var scanned = 0
        while true {
            while let end = pending[scanned...].firstIndex(of: 0) {
                let bytes = pending[scanned..<end]
                scanned = end + 1
                guard let tag = bytes.first else {
                    pending.removeFirst(scanned)
                    return entries
                }
                let exact = String(validating: bytes.dropFirst(), as: UTF8.self)
                entries.append(Entry(tag: Character(Unicode.Scalar(tag)),
                                     text: exact ?? String(decoding: bytes.dropFirst(), as: UTF8.self), exact: exact != nil))
            }
            guard pending.count < limit, let more = readSome() else { return nil }
            pending += more
        }
    }

    private func readSome() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return Array(buffer[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Sends one answer, ended; a NUL inside a text is cut there.
    func answer(_ entries: [Entry]) {
        write(entries, ended: true)
    }

    /// Sends entries ahead of the answer (warnings the plugin prints as they come).
    func say(_ entries: [Entry]) {
        write(entries, ended: false)
    }

    private func write(_ entries: [Entry], ended: Bool) {
        var bytes: [UInt8] = []
        for entry in entries {
            bytes += Array(String(entry.tag).utf8) + entry.text.utf8.prefix { $0 != 0 } + [0]
        }
        if ended { bytes.append(0) }
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            done += count
        }
    }
}
