// SystemTypes.swift — the C library's types and numbers the modules above need, under
// names of this module: the ids of users, groups and processes, a file's facts, the
// flags of an open, the errno values a caller tells apart and the signal numbers. The
// modules above import no C library; what they need of it is named here.
//
// Contract:
// - Each alias is the C type itself (`UserID` is uid_t), so values pass unchanged
//   between this module and any code that still speaks C.
// - `FileFacts` is what stat(2) said, read once: nothing is looked up again.
// - `SystemError.last` is errno as the last call of this module left it; read it before
//   any other call.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package typealias UserID = uid_t
package typealias GroupID = gid_t
package typealias ProcessID = pid_t
package typealias FileMode = mode_t

/// The errno values a caller tells apart, and the last one.
package enum SystemError {
    package static var last: Int32 { errno }
    package static let noEntry = ENOENT
    package static let exists = EEXIST
    package static let interrupted = EINTR
    package static let wouldBlock = EWOULDBLOCK
    package static let notFolder = ENOTDIR
    package static let symbolicLinkLoop = ELOOP
    package static let addressInUse = EADDRINUSE
    package static let connectionRefused = ECONNREFUSED
    package static let timedOut = ETIMEDOUT

    /// Whether `code` says the file system is full (no space, no inodes, or the quota).
    package static func isFull(_ code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }
}

/// What stat(2) said of a file.
package struct FileFacts: Equatable, Sendable {
    package let owner: UserID
    package let group: GroupID
    /// The whole st_mode: type and permission bits.
    package let mode: FileMode
    package let links: UInt64
    package let device: UInt64
    package let inode: UInt64

    package init(_ info: stat) {
        owner = info.st_uid
        group = info.st_gid
        mode = info.st_mode
        links = UInt64(info.st_nlink)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The permission bits (and set-id and sticky bits): mode & 0o7777.
    package var permissions: FileMode { mode & 0o7777 }
    package var isRegular: Bool { mode & S_IFMT == S_IFREG }
    package var isDirectory: Bool { mode & S_IFMT == S_IFDIR }
    package var isSymbolicLink: Bool { mode & S_IFMT == S_IFLNK }
    package var isSocket: Bool { mode & S_IFMT == S_IFSOCK }
    /// Others may run it (S_IXOTH).
    package var othersMayRun: Bool { mode & S_IXOTH != 0 }
}

/// The flags of an open(2), beyond those every open here adds itself.
package struct OpenFlags: OptionSet, Sendable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    package static let readOnly = OpenFlags(rawValue: O_RDONLY)
    package static let writeOnly = OpenFlags(rawValue: O_WRONLY)
    package static let readWrite = OpenFlags(rawValue: O_RDWR)
    package static let create = OpenFlags(rawValue: O_CREAT)
    package static let exclusive = OpenFlags(rawValue: O_EXCL)
    package static let append = OpenFlags(rawValue: O_APPEND)
    package static let noFollow = OpenFlags(rawValue: O_NOFOLLOW)
}

/// The syslog priorities of the audit records (and the journal's PRIORITY).
package enum LogPriority {
    package static let info = LOG_INFO
    package static let notice = LOG_NOTICE
    package static let error = LOG_ERR
}

/// The signal numbers, by name. Which of them the gate blocks, waits for, passes on or
/// raises is decided in one place above (ShapelyGatePolicy's Signals.swift).
package enum SignalNumber {
    package static let interrupt = SIGINT
    package static let terminate = SIGTERM
    package static let hangUp = SIGHUP
    package static let quit = SIGQUIT
    package static let user1 = SIGUSR1
    package static let user2 = SIGUSR2
    package static let alarm = SIGALRM
    package static let virtualAlarm = SIGVTALRM
    package static let profile = SIGPROF
    package static let cpuLimit = SIGXCPU
    package static let fileSizeLimit = SIGXFSZ
    package static let terminalStop = SIGTSTP
    package static let backgroundRead = SIGTTIN
    package static let backgroundWrite = SIGTTOU
    package static let `continue` = SIGCONT
    package static let windowChange = SIGWINCH
    package static let brokenPipe = SIGPIPE
    package static let kill = SIGKILL
    package static let stop = SIGSTOP
    package static let child = SIGCHLD
}
