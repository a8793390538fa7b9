// RootsFolder.swift — whether a folder is root's all the way from /, as OpenSSH's
// safe_path() asks of a program root runs: nothing on the way is the person's to change.
//
// Contract:
// - True only for an absolute path with no `.` or `..` component whose every folder
//   on the way ("/" included) and the folder itself, each symbolic link on the way and
//   every folder of where the links lead, are owned by root and writable by no one
//   else. Anything that cannot be looked at is false.

extension Platform {
    package static func isRootsFolder(_ path: String) -> Bool {
        guard path.hasPrefix("/"), path.utf8.count < 4096 else { return false }
        let parts = path.split(separator: "/")
        guard !parts.contains(where: { $0 == "." || $0 == ".." }) else { return false }
        var prefix = ""
        for part in [""] + parts.map(String.init) {
            prefix = part.isEmpty ? "/" : (prefix == "/" ? "/" : prefix + "/") + part
            var info = stat()
            guard lstat(prefix, &info) == 0, info.st_uid == 0 else { return false }
            if (info.st_mode & S_IFMT) == S_IFLNK { continue }
            guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_mode & (S_IWGRP | S_IWOTH) == 0 else { return false }
        }
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        let target = String(cString: resolved)
        return target == path || isRootsFolder(target)
    }
}
