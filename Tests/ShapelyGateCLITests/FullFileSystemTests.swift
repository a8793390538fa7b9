// FullFileSystemTests.swift — a write that fails for lack of space says which folder's
// file system is full: the short write is seen (never a cut record renamed in), and the
// words name the folder, not a record to remove.

import ShapelyGateSystem
import TestSupport
import Testing
@testable import ShapelyGatePolicy

#if canImport(Glibc)
import Glibc
#endif

@Suite struct FullFileSystemTests {
    @Test func noSpaceAndNoQuotaNameTheFolderAndOtherFailuresDoNot() {
        #expect(StateStore.problem(ENOSPC, writing: "/run/shapelygate/1001/lockout", in: "/run/shapelygate/1001")
                    == "the file system holding /run/shapelygate/1001 is full: cannot write /run/shapelygate/1001/lockout")
        #expect(StateStore.problem(EDQUOT, writing: "/run/x/0", in: "/run/x") == "the file system holding /run/x is full: cannot write /run/x/0")
        #expect(StateStore.problem(EACCES, writing: "/run/x/0", in: "/run/x") == nil)
        #expect(StateStore.isFull("the file system holding /run/x is full: cannot write /run/x/0"))
        #expect(!StateStore.isFull("cannot write /run/x/0: Permission denied"))
    }

    /// /dev/full fails every write with ENOSPC: the write says so, and why.
    @Test(.enabled(if: access("/dev/full", W_OK) == 0, "needs /dev/full"))
    func aWriteThatFindsNoSpaceFails() throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(!Platform.writeAll(fd, Array("until=5\n".utf8)))
        #expect(SystemError.isFull(SystemError.last))
        #expect(Platform.writeAll(fd, []), "nothing to write is written")
    }
}
