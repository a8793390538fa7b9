// TestFiles.swift — files for the tests: the package's and the build's folders, fixtures,
// and fresh temporary folders. Shared by every test target so none writes its own.
//
// Every folder `temporaryFolder` makes is registered and, when the test process exits
// normally, removed with everything in it (see TemporaryFolders.swift). Tests make their
// temporary paths only inside such folders, never by naming a path under /tmp.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's root folder, found from this source file's place in it.
public let packageRoot: String = {
    let path: String = #filePath
    return path.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
}()

/// The build folder this test runs from, where `swift build` leaves the gate and the plugin.
public let buildFolder: String = {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    return path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
}()

/// A file or folder inside Tests/Fixtures.
public func fixture(_ name: String) -> String {
    packageRoot + "/Tests/Fixtures/" + name
}

/// A new, empty folder under /tmp, removed with its contents when the test process exits.
public func temporaryFolder() -> String {
    var template = Array("/tmp/shapelygate-test-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { fatalError("mkdtemp failed") }
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    TemporaryFolders.shared.register(path)
    return path
}

/// Writes `text` to `path`, replacing it, with `mode`.
public func writeFile(_ path: String, _ text: String, mode: mode_t = 0o644) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    precondition(fd >= 0, "cannot write \(path)")
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    fchmod(fd, mode)
    close(fd)
}

/// A new file holding `text`, in a new temporary folder.
public func temporaryFile(_ text: String) -> String {
    let path = temporaryFolder() + "/file"
    writeFile(path, text)
    return path
}

/// The whole of a text file, or "" when it cannot be read.
public func readText(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// A new state folder (`<folder>/shapelygate`) whose lockout lock this process holds
/// until the returned descriptor is closed, as another gate would hold it.
public func stateFolderWithLockHeld() -> (folder: String, holder: Int32) {
    let folder = temporaryFolder()
    mkdir(folder + "/shapelygate", 0o700)
    let holder = open(folder + "/shapelygate/lockout.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    precondition(holder >= 0 && flock(holder, LOCK_EX) == 0, "cannot hold the lock")
    return (folder, holder)
}
