import Foundation
import RestmapTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `-o FILE` as SPEC §5 and docs/limits.md ("Output files") describe it: regular files replaced
/// atomically with their mode kept, new ones created with the umask's mode, symbolic links
/// followed and kept, hard links split, and anything that is not a regular file written
/// through. (Signals during `-o` are in the hostile-input suite, Tests/Hostile/run.py.)
final class OutputFileTests: XCTestCase {
    let map = ["map", "-c", "Configs/employees.plist", "--path", "/employees", "Samples/employees/employees.json"]

    /// /dev/null's device number, major 1 minor 3, as Linux encodes small ones.
    static let nullDevice: dev_t = 1 << 8 | 3
    /// /dev/full's, major 1 minor 7.
    static let fullDevice: dev_t = 1 << 8 | 7

    func scratch() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func info(_ path: String, following: Bool = true) -> stat {
        var result = stat()
        XCTAssertEqual(following ? stat(path, &result) : lstat(path, &result), 0, path)
        return result
    }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func listing(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    func expectedOutput() throws -> String {
        let result = try RestmapBinary.run(map)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testReplacedFileKeepsItsModeAndANewFileGetsTheUmasksMode() throws {
        let directory = try scratch()
        let expected = try expectedOutput()
        for mode: mode_t in [0o600, 0o640, 0o755] {
            let path = directory + "/kept-\(String(mode, radix: 8)).json"
            try "old".write(toFile: path, atomically: false, encoding: .utf8)
            chmod(path, mode)
            let result = try RestmapBinary.run(map + ["-o", path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try contents(path), expected)
            XCTAssertEqual(info(path).st_mode & 0o7777, mode)
        }
        // The owner and group are kept where permitted: as root, any; set-id bits with them.
        if geteuid() == 0 {
            let owned = directory + "/owned.json"
            try "old".write(toFile: owned, atomically: false, encoding: .utf8)
            XCTAssertEqual(chown(owned, 65534, 65534), 0)
            chmod(owned, 0o2640)
            let result = try RestmapBinary.run(map + ["-o", owned])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(info(owned).st_uid, 65534)
            XCTAssertEqual(info(owned).st_gid, 65534)
            XCTAssertEqual(info(owned).st_mode & 0o7777, 0o2640)
            XCTAssertEqual(unlink(owned), 0)
        }
        let previous = umask(0o027)
        defer { umask(previous) }
        let fresh = directory + "/new.json"
        let result = try RestmapBinary.run(map + ["-o", fresh])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(info(fresh).st_mode & 0o777, 0o640)
        XCTAssertEqual(try listing(directory), ["kept-600.json", "kept-640.json", "kept-755.json", "new.json"])
    }

    func testASymbolicLinkIsKeptAndTheFileItPointsToReplaced() throws {
        let directory = try scratch()
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        try "old".write(toFile: directory + "/data/real.json", atomically: false, encoding: .utf8)
        chmod(directory + "/data/real.json", 0o600)
        XCTAssertEqual(symlink("data/real.json", directory + "/link.json"), 0)
        let result = try RestmapBinary.run(map + ["-o", directory + "/link.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(info(directory + "/link.json", following: false).st_mode & S_IFMT, S_IFLNK)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.json"), "data/real.json")
        XCTAssertEqual(try contents(directory + "/data/real.json"), try expectedOutput())
        XCTAssertEqual(info(directory + "/data/real.json").st_mode & 0o777, 0o600)
        XCTAssertEqual(try listing(directory + "/data"), ["real.json"], "the temporary file is made beside the real file")
    }

    func testADanglingSymbolicLinkCreatesItsTarget() throws {
        let directory = try scratch()
        XCTAssertEqual(symlink("made.json", directory + "/link.json"), 0)
        let result = try RestmapBinary.run(map + ["-o", directory + "/link.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try contents(directory + "/made.json"), try expectedOutput())
        XCTAssertEqual(info(directory + "/link.json", following: false).st_mode & S_IFMT, S_IFLNK)
    }

    func testAHardLinkedFileIsReplacedByANewInodeAndOtherLinksKeepTheOldContent() throws {
        let directory = try scratch()
        try "old".write(toFile: directory + "/a.json", atomically: false, encoding: .utf8)
        XCTAssertEqual(link(directory + "/a.json", directory + "/b.json"), 0)
        let before = info(directory + "/a.json").st_ino
        let result = try RestmapBinary.run(map + ["-o", directory + "/a.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try contents(directory + "/a.json"), try expectedOutput())
        XCTAssertEqual(try contents(directory + "/b.json"), "old")
        XCTAssertNotEqual(info(directory + "/a.json").st_ino, before)
        XCTAssertEqual(info(directory + "/b.json").st_ino, before)
        XCTAssertEqual(info(directory + "/a.json").st_nlink, 1)
    }

    /// As root, a copy of /dev/null made with mknod (replacing the real one would break the
    /// machine if this regressed); otherwise /dev/null itself, which only root could replace.
    /// Never point -o at a real device as root in a test.
    func testADeviceIsWrittenThroughNotReplaced() throws {
        let directory = try scratch()
        var device = "/dev/null"
        if geteuid() == 0 {
            device = directory + "/null"
            XCTAssertEqual(mknod(device, S_IFCHR | 0o666, Self.nullDevice), 0)
        }
        let result = try RestmapBinary.run(map + ["-o", device])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(info(device).st_mode & S_IFMT, S_IFCHR)
        XCTAssertEqual(info(device).st_rdev, Self.nullDevice)
        if geteuid() == 0 { XCTAssertEqual(try listing(directory), ["null"]) }
    }

    /// As root, a mknod copy of /dev/full, like the /dev/null one above.
    func testAFullDeviceIsAClearWriteError() throws {
        let directory = try scratch()
        var device = "/dev/full"
        if geteuid() == 0 {
            device = directory + "/full"
            XCTAssertEqual(mknod(device, S_IFCHR | 0o666, Self.fullDevice), 0)
        }
        let result = try RestmapBinary.run(map + ["-o", device])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: cannot write '\(device)': No space left on device\n")
        XCTAssertEqual(info(device).st_mode & S_IFMT, S_IFCHR)
        XCTAssertEqual(info(device).st_rdev, Self.fullDevice)
    }

    /// RestmapBinary captures standard output in a regular file: `/dev/stdout` must be
    /// written through the open descriptor, not replaced by a new file. As root the path is
    /// a link of our own to `/proc/self/fd/1` (what `/dev/stdout` is), so that a regression
    /// could not replace the machine's `/dev/stdout`.
    func testDevStdoutWritesToStandardOutputEvenWhenThatIsAFile() throws {
        let directory = try scratch()
        var path = "/dev/stdout"
        if geteuid() == 0 {
            path = directory + "/stdout"
            XCTAssertEqual(symlink("/proc/self/fd/1", path), 0)
        }
        let result = try RestmapBinary.run(map + ["-o", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, try expectedOutput())
        XCTAssertEqual(try listing(directory), geteuid() == 0 ? ["stdout"] : [])
    }

    /// The test holds the FIFO open for reading and writing itself, so restmap's open does not
    /// wait for a reader and the output waits in the pipe's buffer; a regression that renamed
    /// a file over the FIFO leaves the pipe empty instead of hanging the test.
    func testAFIFOIsWrittenThrough() throws {
        let directory = try scratch()
        let fifo = directory + "/pipe"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = open(fifo, O_RDWR | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        let result = try RestmapBinary.run(map + ["-o", fifo])
        XCTAssertEqual(result.status, 0, result.stderr)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(reader, &buffer, buffer.count)
        XCTAssertEqual(String(decoding: buffer[..<max(count, 0)], as: UTF8.self), try expectedOutput())
        XCTAssertEqual(info(fifo).st_mode & S_IFMT, S_IFIFO)
        XCTAssertEqual(try listing(directory), ["pipe"])
    }

    func testADirectoryIsAUsageError() throws {
        let directory = try scratch()
        let result = try RestmapBinary.run(map + ["-o", directory])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: cannot write '\(directory)': it is a directory\n")
        XCTAssertEqual(try listing(directory), [])
    }
}
