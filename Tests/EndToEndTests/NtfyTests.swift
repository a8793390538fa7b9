// NtfyTests.swift — the ntfy samples (Scripts/examples/ntfy) against an ntfy-compatible
// stub on 127.0.0.1 (Tests/Fixtures/ntfy-stub.py): the notify= program publishes one
// message per request with an Approve and a Deny button, hostile text breaking no
// header; the answer program, with a fake `shapelygate` first in its PATH, runs
// `shapelygate --approve ID` or `--deny ID` once per well-formed answer and nothing
// for anything else, reconnects after a drop, and ends with status 0 on SIGTERM.
// Every wait is for a condition, with a deadline; every file is in the test's folder.

import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The system's python3 (the samples' own interpreter), else the first in PATH.
let python3: String? = access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : tool("python3")

let ntfyNotify = packageRoot + "/Scripts/examples/ntfy/shapelygate-ntfy-notify"
let ntfyAnswer = packageRoot + "/Scripts/examples/ntfy/shapelygate-ntfy-answer"

/// Polls `condition` for up to `seconds`, reading the output of `processes` meanwhile.
func eventually(_ processes: [PtyProcess] = [], within seconds: Double = 15, _ condition: () -> Bool) -> Bool {
    let deadline = monotonicNow() + seconds
    while monotonicNow() < deadline {
        if condition() { return true }
        if processes.isEmpty { usleep(10_000) }
        for process in processes { process.pump(0.01) }
    }
    return condition()
}

/// One request the stub received: its request line, headers and body.
struct StubRecord {
    let requestLine: String
    let headers: [(name: String, value: String)]
    let body: String

    init(_ text: String) {
        let parts = text.components(separatedBy: "\n\n")
        let head = parts.first.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
        requestLine = head.first ?? ""
        headers = head.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        body = parts.dropFirst().joined(separator: "\n\n")
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

extension String {
    func components(separatedBy separator: String) -> [String] {
        var parts: [String] = [], rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        return parts + [String(rest)]
    }
}

/// The stub server, in a scratch folder of the test's; killed when the object goes.
final class NtfyStub {
    let scratch: Scratch
    let records: String
    let process: PtyProcess
    private(set) var port: UInt16 = 0

    init(_ scratch: Scratch) {
        self.scratch = scratch
        records = scratch.folder("records")
        process = PtyProcess([python3!, fixture("ntfy-stub.py"), records], environment: ["PATH": "/usr/bin:/bin"],
                             stdin: .devNull, controllingTerminal: false)
        _ = eventually([process]) { process.errorText.contains("\n") || process.hasExited }
        let said = process.errorText.split(separator: "\n").first ?? ""
        port = said.hasPrefix("listening ") ? UInt16(said.dropFirst("listening ".count)) ?? 0 : 0
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// The requests of `kind` (publish or subscribe) to `topic`, in the order received.
    func received(_ kind: String, _ topic: String) -> [StubRecord] {
        folderNames(records).filter { $0.hasSuffix("-\(kind)-\(topic)") }.sorted().map { StubRecord(readText(records + "/" + $0)) }
    }

    /// POSTs `body` to `path`; the answer's body, or nil.
    @discardableResult
    func post(_ path: String, _ body: String = "", headers: [String: String] = [:]) -> String? {
        httpPost(port: port, path: path, body: body, headers: headers)
    }

    /// Publishes `message` to `topic`; its id, from the stub's answer.
    @discardableResult
    func publish(_ topic: String, _ message: String) -> String {
        let answer = post("/" + topic, message) ?? ""
        guard let start = answer.firstRange(of: "\"id\": \"") else { return "" }
        return String(answer[start.upperBound...].prefix { $0 != "\"" })
    }

    func stop() {
        kill(process.pid, SIGKILL)
        process.finish()
    }
}

/// The names in `folder` (no . or ..).
func folderNames(_ folder: String) -> [String] {
    guard let stream = opendir(folder) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}

/// A plain HTTP/1.1 POST to 127.0.0.1:`port`; the answer's body, or nil.
func httpPost(port: UInt16, path: String, body: String, headers: [String: String] = [:]) -> String? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return nil }
    let content = Array(body.utf8)
    var request = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(content.count)\r\nConnection: close\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    let bytes = Array((request + "\r\n").utf8) + content
    guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else { return nil }
    var answer: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count <= 0 { break }
        answer += buffer[0..<count]
    }
    let text = String(decoding: answer, as: UTF8.self)
    guard text.hasPrefix("HTTP/1.1 200 "), let blank = text.firstRange(of: "\r\n\r\n") else { return nil }
    return String(text[blank.upperBound...])
}

/// The fields of each button in an ntfy `Actions` header (simple format).
func buttons(_ actions: String) -> [[String]] {
    actions.split(separator: ";").map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: " ") } }
}

@Suite("ntfy samples", .enabled(if: python3 != nil, "needs python3, the ntfy samples' interpreter"))
struct NtfyTests {
    static let request = "K7QX3MZD"

    /// The environment the judge gives notify=, with the settings file `settings`.
    func requestEnvironment(settings: String, command: String = "/usr/bin/apt install cowsay",
                            user: String = "kid", id: String = request) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "SHAPELYGATE_REQUEST": id, "SHAPELYGATE_USER": user,
         "SHAPELYGATE_TTY": "/dev/pts/3", "SHAPELYGATE_COMMAND": command, "SHAPELYGATE_APPROVERS": "mum or dad",
         "SHAPELYGATE_TIMEOUT": "300", "SHAPELYGATE_NTFY_CONF": settings]
    }

    func settingsFile(_ scratch: Scratch, _ stub: NtfyStub, token: String?) -> String {
        let path = scratch.path + "/shapelygate-ntfy.conf"
        writeFile(path, "# the test's own\nNTFY_URL=\(stub.url)/\nNTFY_TOPIC=requests\nNTFY_REPLY_TOPIC=replies\n"
            + (token.map { "NTFY_TOKEN=\"\($0)\"\n" } ?? ""), mode: 0o600)
        return path
    }

    func notify(_ environment: [String: String]) -> (PtyProcess, Termination) {
        let run = PtyProcess([python3!, ntfyNotify], environment: environment, stdin: .devNull, controllingTerminal: false)
        return (run, run.finish(timeout: 30))
    }

    /// The answer program, with a fake shapelygate first in PATH that writes each call's
    /// arguments to `calls` in the scratch folder.
    func answerer(_ scratch: Scratch, _ stub: NtfyStub, url: String? = nil) -> PtyProcess {
        scratch.folder("bin")
        scratch.script("bin/shapelygate", "printf '%s\\n' \"$*\" >>\(quoted(scratch.path + "/calls"))\necho \"answered $2\"")
        return PtyProcess([python3!, ntfyAnswer],
                          environment: ["PATH": scratch.path + "/bin:/usr/bin:/bin", "NTFY_URL": url ?? stub.url,
                                        "NTFY_REPLY_TOPIC": "replies", "NTFY_TOKEN": "tk_mum", "LANG": "C.UTF-8"],
                          stdin: .devNull, controllingTerminal: false)
    }

    /// Starts the answer program and waits until it subscribes.
    func listening(_ scratch: Scratch, _ stub: NtfyStub) -> PtyProcess {
        let answer = answerer(scratch, stub)
        #expect(eventually([answer]) { stub.received("subscribe", "replies").count == 1 }, "\(answer.errorText)")
        return answer
    }

    func stopped(_ answer: PtyProcess) {
        kill(answer.pid, SIGTERM)
        #expect(answer.finish(timeout: 15) == .exited(0), "\(answer.errorText)")
        #expect(answer.errorText.hasSuffix("shapelygate-ntfy-answer: stopped\n"), "\(answer.errorText)")
        #expect(!answer.errorText.contains("Traceback"), "\(answer.errorText)")
    }

    @Test func notifyPublishesTheRequestWithTwoButtons() {
        let scratch = Scratch(), stub = NtfyStub(scratch)
        #expect(stub.port != 0, "\(stub.process.errorText)")
        let (run, ended) = notify(requestEnvironment(settings: settingsFile(scratch, stub, token: "tk_parent")))
        #expect(ended == .exited(0), "\(run.errorText)")
        let published = stub.received("publish", "requests")
        #expect(published.count == 1)
        guard let message = published.first else { return }
        #expect(message.requestLine == "POST /requests HTTP/1.1")
        #expect(message.header("Authorization") == "Bearer tk_parent")
        #expect(message.header("Title") == "shapelygate: kid asks for approval (K7QX3MZD)")
        for part in ["kid asks, on /dev/pts/3, to run:\n/usr/bin/apt install cowsay\n", "Who may approve: mum or dad",
                     "Answer within 5 min 0 s", "K7QX3MZD"] {
            #expect(message.body.contains(part), "\(part) not in \(message.body)")
        }
        let reply = stub.url + "/replies"
        #expect(buttons(message.header("Actions") ?? "") == [
            ["http", "Approve", reply, "method=POST", "headers.Authorization=Bearer tk_parent", "body=approve K7QX3MZD", "clear=true"],
            ["http", "Deny", reply, "method=POST", "headers.Authorization=Bearer tk_parent", "body=deny K7QX3MZD", "clear=true"],
        ], "\(message.headers)")
        #expect(stub.received("publish", "replies").isEmpty)
    }

    /// The run after the person gave a reason: the message says it (written out), the
    /// title says it is the reason, and the buttons are the same.
    @Test func aReasonIsInTheMessageWhenThereIsOne() {
        let scratch = Scratch(), stub = NtfyStub(scratch)
        var environment = requestEnvironment(settings: settingsFile(scratch, stub, token: nil))
        environment["SHAPELYGATE_REASON"] = "for my homework \u{1b}[2J"
        let (run, ended) = notify(environment)
        #expect(ended == .exited(0), "\(run.errorText)")
        let published = stub.received("publish", "requests")
        #expect(published.count == 1)
        guard let message = published.first else { return }
        #expect(message.body.contains("/usr/bin/apt install cowsay\nReason: for my homework \\x1b[2J\n"), "\(message.body)")
        #expect(message.header("Title") == "shapelygate: kid gives a reason (K7QX3MZD)")
        #expect(buttons(message.header("Actions") ?? "").map { $0.filter { $0.hasPrefix("body=") } }
            == [["body=approve K7QX3MZD"], ["body=deny K7QX3MZD"]])
        // Without one, no reason line.
        let (first, firstEnded) = notify(requestEnvironment(settings: settingsFile(scratch, stub, token: nil)))
        #expect(firstEnded == .exited(0), "\(first.errorText)")
        #expect(stub.received("publish", "requests").last.map { !$0.body.contains("Reason:") } == true)
    }

    @Test func withoutATokenNoAuthorizationIsSent() {
        let scratch = Scratch(), stub = NtfyStub(scratch)
        writeFile(scratch.path + "/empty.conf", "")
        var environment = requestEnvironment(settings: scratch.path + "/empty.conf")
        environment.merge(["NTFY_URL": stub.url, "NTFY_TOPIC": "requests", "NTFY_REPLY_TOPIC": "replies"]) { $1 }
        let (run, ended) = notify(environment)
        #expect(ended == .exited(0), "\(run.errorText)")
        let published = stub.received("publish", "requests")
        #expect(published.count == 1)
        #expect(published.first?.header("Authorization") == nil)
        #expect(buttons(published.first?.header("Actions") ?? "").map { $0.filter { $0.hasPrefix("body=") || $0.hasPrefix("headers.") } }
            == [["body=approve K7QX3MZD"], ["body=deny K7QX3MZD"]])
    }

    /// CR, LF and escape bytes in what the child controls (the command, the user) break
    /// no header and reach the message only written out.
    @Test func hostileTextBreaksNoHeader() {
        let scratch = Scratch(), stub = NtfyStub(scratch)
        let command = "/bin/true \r\nX-Evil: 1\r\n\r\nbody\u{1b}[2J\u{1b}]0;title\u{7}\u{9b}31m\u{202e}"
        let (run, ended) = notify(requestEnvironment(settings: settingsFile(scratch, stub, token: "tk_parent"),
                                                     command: command, user: "kid\r\nEvil: 2\u{1b}[1m"))
        #expect(ended == .exited(0), "\(run.errorText)")
        let published = stub.received("publish", "requests")
        #expect(published.count == 1)
        guard let message = published.first else { return }
        #expect(!message.headers.contains { $0.name.hasSuffix("Evil") }, "\(message.headers)")
        #expect(message.headers.allSatisfy { header in header.value.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7f } })
        #expect(message.header("Title")?.hasPrefix("shapelygate: kid??Evil: 2?[1m asks") == true, "\(message.headers)")
        #expect(buttons(message.header("Actions") ?? "").map { $0.last(where: { $0.hasPrefix("body=") }) }
            == ["body=approve K7QX3MZD", "body=deny K7QX3MZD"])
        #expect(message.body.contains("/bin/true \\x0d\\x0aX-Evil: 1\\x0d\\x0a\\x0d\\x0abody\\x1b[2J\\x1b]0;title\\x07\\x9b31m\\u202e\n"),
                "\(message.body)")
        #expect(!message.body.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7f..<0xa0).contains($0.value) })
    }

    /// An id that is not exactly 8 characters of the id's alphabet publishes nothing.
    @Test(arguments: ["K7QX3MZ0", "K7QX3MZI", "k7qx3mzd", "K7QX3MZ", "K7QX3MZDQ", "K7QX3MZD\n", " K7QX3MZD", "", "K7QX, body=x"])
    func aMalformedIdPublishesNothing(_ id: String) {
        let scratch = Scratch(), stub = NtfyStub(scratch)
        let (run, ended) = notify(requestEnvironment(settings: settingsFile(scratch, stub, token: nil), id: id))
        #expect(ended == .exited(2), "\(run.errorText)")
        #expect(run.errorText.contains("SHAPELYGATE_REQUEST is not a request id"))
        #expect(folderNames(stub.records).isEmpty)
    }

    @Test func anAnswerRunsOnceAndAReplayRunsNothing() {
        let scratch = Scratch(), stub = NtfyStub(scratch)
        let answer = listening(scratch, stub)
        #expect(stub.received("subscribe", "replies").first?.header("Authorization") == "Bearer tk_mum")
        stub.publish("replies", "approve ABCDEFGH")
        #expect(eventually([answer]) { scratch.lines("calls") == ["--approve ABCDEFGH"] }, "\(answer.errorText)")
        // The same message again (same id), the same answer anew, and another answer to
        // the same request; then a last answer that shows the three were read.
        stub.post("/_replay/replies")
        stub.publish("replies", "approve ABCDEFGH")
        stub.publish("replies", "deny ABCDEFGH")
        stub.publish("replies", "deny CDEFGHJK")
        #expect(eventually([answer]) { scratch.lines("calls").count == 2 }, "\(answer.errorText)")
        #expect(scratch.lines("calls") == ["--approve ABCDEFGH", "--deny CDEFGHJK"])
        #expect(answer.errorText.contains("seen before, ignored"))
        #expect(answer.errorText.components(separatedBy: "request ABCDEFGH was answered before, ignored").count == 3)
        stopped(answer)
    }

    @Test func malformedAnswersRunNothing() {
        let scratch = Scratch(), stub = NtfyStub(scratch)
        let answer = listening(scratch, stub)
        let pwned = scratch.path + "/pwned"
        let malformed = ["approve x; rm -rf /", "approve", "APPROVE ABCDEFGH", "Approve ABCDEFGH", "approve ABCDEFG0",
                         "approve ABCDEFGI", "approve abcdefgh", "approve ABCDEFG", "approve ABCDEFGHJ", "approve  ABCDEFGH",
                         " approve ABCDEFGH", "approve ABCDEFGH ", "approve ABCDEFGH\n", "approve ABCDEFGH now",
                         "approve ABCDEFGH; deny CDEFGHJK", "yes ABCDEFGH", "approve $(touch \(pwned))", "deny `touch \(pwned)`",
                         "approve \u{1b}[31mABCDEFGH\u{1b}]0;x\u{7}\r", "approve ＡBCDEFGH", ""]
        for message in malformed { stub.publish("replies", message) }
        stub.publish("replies", "approve CDEFGHJK")
        #expect(eventually([answer]) { !scratch.lines("calls").isEmpty }, "\(answer.errorText)")
        #expect(scratch.lines("calls") == ["--approve CDEFGHJK"])
        #expect(!exists(pwned))
        let ignored = answer.errorText.split(separator: "\n").filter { $0.contains("is not `approve ID` or `deny ID`, ignored") }
        #expect(ignored.count == malformed.count, "\(answer.errorText)")
        #expect(answer.errorText.contains("ignored: approve \\x1b[31mABCDEFGH\\x1b]0;x\\x07\\x0d\n"), "\(answer.errorText)")
        #expect(!answer.errorText.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7f..<0xa0).contains($0.value) })
        stopped(answer)
    }

    @Test func itReconnectsAfterADropAndStillAnswers() {
        let scratch = Scratch(), stub = NtfyStub(scratch)
        let answer = listening(scratch, stub)
        // Each wait is long: under a loaded run a reconnection takes its pause and a start.
        let first = stub.publish("replies", "approve ABCDEFGH")
        #expect(eventually([answer], within: 60) { scratch.lines("calls").count == 1 }, "\(answer.errorText)")
        // Published while the connection is down, or just after it is made again: either
        // way it is read (a new connection asks for what came after the last message).
        stub.post("/_drop")
        stub.publish("replies", "deny CDEFGHJK")
        #expect(eventually([answer], within: 60) { scratch.lines("calls").count == 2 }, "\(answer.errorText)")
        #expect(scratch.lines("calls") == ["--approve ABCDEFGH", "--deny CDEFGHJK"])
        let subscriptions = stub.received("subscribe", "replies")
        #expect(subscriptions.count == 2)
        #expect(subscriptions.last?.requestLine == "GET /replies/json?since=\(first) HTTP/1.1")
        #expect(answer.errorText.contains("connecting again in 1 s"))
        // And once more, with the stream live.
        stub.post("/_drop")
        #expect(eventually([answer], within: 60) { stub.received("subscribe", "replies").count == 3 }, "\(answer.errorText)")
        stub.publish("replies", "approve DEFGHJKM")
        #expect(eventually([answer], within: 60) { scratch.lines("calls").count == 3 }, "\(answer.errorText)")
        #expect(scratch.lines("calls").last == "--approve DEFGHJKM")
        stopped(answer)
    }

    @Test func sigtermEndsItWhileNoServerAnswers() {
        let scratch = Scratch(), stub = NtfyStub(scratch)
        let url = stub.url
        stub.stop()
        let answer = answerer(scratch, stub, url: url)
        #expect(eventually([answer]) { answer.errorText.contains("connecting again in 2 s") }, "\(answer.errorText)")
        #expect(answer.errorText.contains("the connection failed: "))
        stopped(answer)
        #expect(scratch.lines("calls").isEmpty)
    }

    @Test(arguments: [["NTFY_URL": "\u{0}"], ["NTFY_URL": "ftp://example.org"], ["NTFY_REPLY_TOPIC": "a/b"],
                      ["NTFY_REPLY_TOPIC": "\u{0}"], ["NTFY_TOKEN": "tk, body=approve ABCDEFGH"]])
    func theAnswerProgramRefusesBadSettings(_ changed: [String: String]) {
        var environment = ["PATH": "/usr/bin:/bin", "NTFY_URL": "http://127.0.0.1:9", "NTFY_REPLY_TOPIC": "replies"]
        environment.merge(changed) { $1 }
        let run = PtyProcess([python3!, ntfyAnswer], environment: environment.filter { $0.value != "\u{0}" },
                             stdin: .devNull, controllingTerminal: false)
        #expect(run.finish(timeout: 15) == .exited(2), "\(run.errorText)")
    }

    /// The whole way: the notice's Approve button, pressed as a phone presses it (its
    /// URL, method, header and body), reaches the answer program, which answers.
    @Test func aButtonPressedOnThePhoneAnswersTheRequest() {
        let scratch = Scratch(), stub = NtfyStub(scratch)
        let answer = listening(scratch, stub)
        let (run, ended) = notify(requestEnvironment(settings: settingsFile(scratch, stub, token: "tk_parent")))
        #expect(ended == .exited(0), "\(run.errorText)")
        let approve = buttons(stub.received("publish", "requests").first?.header("Actions") ?? "").first ?? []
        #expect(approve.count == 7)
        guard approve.count == 7, approve[2].hasPrefix(stub.url + "/"), approve[3] == "method=POST" else { return }
        let path = String(approve[2].dropFirst(stub.url.count))
        let header = approve[4].dropFirst("headers.".count).split(separator: "=", maxSplits: 1).map(String.init)
        #expect(stub.post(path, String(approve[5].dropFirst("body=".count)), headers: [header[0]: header[1]]) != nil)
        #expect(eventually([answer]) { !scratch.lines("calls").isEmpty }, "\(answer.errorText)")
        #expect(scratch.lines("calls") == ["--approve K7QX3MZD"])
        #expect(stub.received("publish", "replies").first?.header("Authorization") == "Bearer tk_parent")
        stopped(answer)
    }
}
