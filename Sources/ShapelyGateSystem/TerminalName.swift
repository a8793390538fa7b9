// TerminalName.swift — the real name of a terminal opened as /dev/tty.
//
// Contract:
// - ttyname(3) on a descriptor opened from /dev/tty says "/dev/tty"; the kernel knows
//   the terminal behind it (TIOCGDEV on Linux). Its device number is turned into a
//   path — /dev/pts/N for a pseudo-terminal, the name sysfs gives for another one —
//   and the path is used only if it is a character device with that number.
// - Otherwise, and on other systems, ttyname(3)'s answer, else nil.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    package static func terminalName(_ descriptor: Int32) -> String? {
        #if os(Linux)
        var device: UInt32 = 0
        // TIOCGDEV: _IOR('T', 0x32, unsigned int), the new (32-bit) device encoding.
        if ioctl(descriptor, UInt(0x8004_5432), &device) == 0 {
            let major = (device & 0xF_FF00) >> 8
            let minor = (device & 0xFF) | ((device >> 12) & 0xF_FF00)
            for candidate in candidateNames(major: major, minor: minor) where isCharacterDevice(candidate, major, minor) {
                return candidate
            }
        }
        #endif
        return ttyname(descriptor).map { String(cString: $0) }
    }

    #if os(Linux)
    private static func candidateNames(major: UInt32, minor: UInt32) -> [String] {
        if (136...143).contains(major) { return ["/dev/pts/\((major - 136) << 8 | minor)", "/dev/pts/\(minor)"] }
        guard let bytes = try? readFile("/sys/dev/char/\(major):\(minor)/uevent", limit: 4096) else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("DEVNAME=") {
            let name = line.dropFirst("DEVNAME=".count)
            if !name.isEmpty, !name.contains(".."), name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) {
                return ["/dev/" + name]
            }
        }
        return []
    }

    private static func isCharacterDevice(_ path: String, _ major: UInt32, _ minor: UInt32) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return false }
        let device = UInt64(info.st_rdev)
        let foundMajor = UInt32(truncatingIfNeeded: ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF))
        let foundMinor = UInt32(truncatingIfNeeded: (device & 0xFF) | ((device >> 12) & ~0xFF))
        return foundMajor == major && foundMinor == minor
    }
    #endif
}
