// RootsFolder.swift — whether a folder is root's all the way from /, as OpenSSH's
// safe_path() asks of a program root runs: nothing on the way is the person's to change,
// and it names the same folder whichever process looks it up.
//
// Contract:
// - True only for an absolute path with no `.` or `..` component, outside /proc and
//   /dev (where /proc/self/cwd and /dev/fd/N lead somewhere else for every process),
//   whose every folder on the way ("/" included) is owned by root and writable by no one
//   else, each symbolic link on the way root's, and where the links lead held to the
//   same rule. A folder that does not exist is root's when the folder that would hold it
//   is: only root can make it.
// - Anything that cannot be looked at is false.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    package static func isRootsFolder(_ path: String) -> Bool {
        isRootsFolder(path, links: 0)
    }

    private static func isRootsFolder(_ path: String, links: Int) -> Bool {
        guard path.hasPrefix("/"), path.utf8.count < 4096, links < 8 else { return false }
        let parts = path.split(separator: "/").map(String.init)
        guard !parts.contains(where: { $0 == "." || $0 == ".." }),
              parts.first != "proc", parts.first != "dev" else { return false }
        var prefix = ""
        var sawLink = false
        for part in [""] + parts {
            prefix = part.isEmpty ? "/" : (prefix == "/" ? "/" : prefix + "/") + part
            var info = stat()
            if lstat(prefix, &info) != 0 {
                // Missing from here on: the folder above is root's, so only root can make it.
                return errno == ENOENT && !sawLink
            }
            guard info.st_uid == 0 else { return false }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                sawLink = true
                continue
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_mode & (S_IWGRP | S_IWOTH) == 0 else { return false }
        }
        guard sawLink else { return true }
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        let target = String(cString: resolved)
        return target != path && isRootsFolder(target, links: links + 1)
    }
}
