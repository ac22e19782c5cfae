import Foundation
import RestmapTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `-o` never does what the shell's `>` would refuse: a file the user may not write is not
/// replaced through its directory (which would make it the user's), and a symbolic link is
/// followed only where the kernel's protected-symlink rule would follow it.
final class OutputPermissionTests: XCTestCase {
    let map = ["map", "-c", "Configs/employees.plist", "--path", "/employees", "Samples/employees/employees.json"]

    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-perm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        chmod(url.path, 0o755)
        return url
    }

    /// A file the user may not write, reached through a link in a directory anyone may write:
    /// refused with the error `>` gives, and left as it was, owner included. (As root, the
    /// run goes as `nobody`; otherwise the file is one the user made read-only.)
    func testAFileTheUserMayNotWriteIsNotReplacedThroughItsDirectory() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let protected = folder.appendingPathComponent("protected.json")
        try Data("original\n".utf8).write(to: protected)
        chmod(protected.path, geteuid() == 0 ? 0o644 : 0o444)
        let open = folder.appendingPathComponent("open")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
        chmod(open.path, 0o777)
        let link = open.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: protected.path)
        let result = try run(map + ["-o", link.path], asNobody: geteuid() == 0, folder: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot write") && result.stderr.contains("Permission denied"), result.stderr)
        XCTAssertEqual(try String(contentsOf: protected, encoding: .utf8), "original\n")
        var info = stat()
        XCTAssertEqual(stat(protected.path, &info), 0)
        XCTAssertEqual(info.st_uid, geteuid(), "the file changed hands")
    }

    /// In a sticky directory anyone may write (as /tmp), a link another user planted is not
    /// followed, not even by root.
    func testALinkAnotherUserPlantedInAStickyDirectoryIsNotFollowed() throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root: only root can give a link to another user") }
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim.json")
        try Data("original\n".utf8).write(to: victim)
        let sticky = folder.appendingPathComponent("sticky")
        try FileManager.default.createDirectory(at: sticky, withIntermediateDirectories: true)
        chmod(sticky.path, 0o1777)
        let link = sticky.appendingPathComponent("planted")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: victim.path)
        XCTAssertEqual(lchown(link.path, 65534, 65534), 0)
        let result = try RestmapBinary.run(map + ["-o", link.path])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("protected-symlink rule"), result.stderr)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "original\n")

        // The link's owner may follow it, as the kernel lets them.
        XCTAssertEqual(lchown(link.path, 0, 0), 0)
        XCTAssertEqual(try RestmapBinary.run(map + ["-o", link.path]).status, 0)
        XCTAssertNotEqual(try String(contentsOf: victim, encoding: .utf8), "original\n")
    }

    /// Runs restmap, as `nobody` when asked (the binary and the package are readable to all).
    func run(_ arguments: [String], asNobody: Bool, folder: URL) throws -> CommandResult {
        guard asNobody else { return try RestmapBinary.run(arguments) }
        let binary = folder.appendingPathComponent("restmap")
        try FileManager.default.copyItem(at: RestmapBinary.url, to: binary)
        chmod(binary.path, 0o755)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", binary.path] + arguments.map {
            $0.hasPrefix("Configs/") || $0.hasPrefix("Samples/") ? RestmapBinary.packageRoot.appendingPathComponent($0).path : $0
        }
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: "", stderr: stderr)
    }
}
