// ProgramOutput.swift — what another program prints: `--check` asks the program a door
// names for its `--version`, as the door would start it.
//
// Contract:
// - The program runs with the arguments given, standard input and error on /dev/null,
//   and only PATH=/usr/bin:/bin in its environment; its standard output is read up to
//   `limit` bytes, and the program is waited for.
// - Nothing is read when it cannot be started: the answer is empty.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    package static func output(of program: String, arguments: [String], limit: Int) -> [UInt8] {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return [] }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let started = withCStrings([program] + arguments) { argv in
            withCStrings(["PATH=/usr/bin:/bin"]) { envp in posix_spawn(&pid, program, &actions, nil, argv, envp) == 0 }
        }
        close(ends[1])
        defer { close(ends[0]) }
        guard started else { return [] }
        let said = (try? readAll(ends[0], path: program, limit: limit)) ?? []
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return said
    }
}
