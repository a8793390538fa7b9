// Executable.swift — the system calls of wrapper mode: whether a path can be run, every
// descriptor above standard error marked close-on-exec, and exec itself. When to make
// them is the CLI's CommandRunner.swift.
//
// Contract:
// - `check` follows symbolic links as exec would and says what exec would find:
//   nothing there (with the reason), a folder, a file this process may not run (with
//   the reason), or something it may.
// - `markDescriptorsCloseOnExec` reads the open descriptors from /proc/self/fd, and
//   marks 3 to 1023 where that cannot be read.
// - `replaceProcess` returns only when exec failed, with its errno.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package enum Executable {
    package enum Check: Equatable {
        case runnable
        case missing(String)
        case folder
        case refused(String)
    }

    package static func check(_ path: String) -> Check {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing(Platform.describe(errno: errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .folder }
        if access(path, X_OK) != 0 { return .refused(Platform.describe(errno: errno)) }
        return .runnable
    }

    package static func markDescriptorsCloseOnExec(above lowest: Int32) {
        var descriptors: [Int32] = []
        if let directory = opendir("/proc/self/fd") {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if let descriptor = Int32(name), descriptor > lowest { descriptors.append(descriptor) }
            }
            closedir(directory)
        } else {
            descriptors = Array((lowest + 1)..<1024)
        }
        for descriptor in descriptors {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Runs `command` in this process's place, looked up as execvp does; returns errno
    /// if that failed. `last` runs right before exec.
    package static func replaceProcess(with command: [String], last: () -> Void) -> Int32 {
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) }
        argv.append(nil)
        last()
        execvp(command[0], argv)
        return errno
    }
}
