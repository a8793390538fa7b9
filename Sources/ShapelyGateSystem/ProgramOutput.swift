// ProgramOutput.swift — what another program prints: `--check` asks the program a door
// names for its `--version`, as the door would start it; `--doors` asks sudo, sshd and
// dpkg what they know.
//
// Contract:
// - The program is started by its absolute path with the arguments given, standard input
//   on /dev/null, standard error on /dev/null or (`mergingErrors`) into the same pipe as
//   standard output, and only PATH=/usr/bin:/bin in its environment; what it prints is
//   read up to `limit` bytes, and the program is waited for.
// - A program that says more than `limit`, or is still talking after `patience` seconds,
//   is killed: what it said so far is dropped and there is no status.
// - Nothing is read when it cannot be started: the answer is empty, with no status.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a program printed and how it ended.
package struct ProgramRun: Equatable, Sendable {
    package var output: [UInt8]
    /// Its exit status; nil when it could not be started or was ended by a signal.
    package var status: Int32?

    package init(output: [UInt8], status: Int32?) {
        self.output = output
        self.status = status
    }

    package var text: String { String(decoding: output, as: UTF8.self) }
}

extension Platform {
    package static func output(of program: String, arguments: [String], limit: Int) -> [UInt8] {
        run(program, arguments: arguments, limit: limit).output
    }

    package static func run(_ program: String, arguments: [String], limit: Int, mergingErrors: Bool = false,
                            patience: Double = 60) -> ProgramRun {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return ProgramRun(output: [], status: nil) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if mergingErrors {
            posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var pid: pid_t = 0
        let started = withCStrings([program] + arguments) { argv in
            withCStrings(["PATH=/usr/bin:/bin"]) { envp in posix_spawn(&pid, program, &actions, nil, argv, envp) == 0 }
        }
        close(ends[1])
        defer { close(ends[0]) }
        guard started else { return ProgramRun(output: [], status: nil) }
        let said = readPatiently(ends[0], limit: limit, until: monotonicSeconds() + patience)
        // Too much, or too long: stop it rather than wait for it.
        if said == nil { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        guard let said else { return ProgramRun(output: [], status: nil) }
        return ProgramRun(output: said, status: exited ? (status >> 8) & 0xFF : nil)
    }

    /// Everything until end of file, or nil past `limit` bytes, `deadline` or an error.
    private static func readPatiently(_ descriptor: Int32, limit: Int, until deadline: Double) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let left = deadline - monotonicSeconds()
            guard left > 0 else { return nil }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let waited = poll(&ready, 1, Int32(min(left, 1) * 1000) + 1)
            if waited < 0 && errno != EINTR { return nil }
            guard waited > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return nil }
        }
    }
}
