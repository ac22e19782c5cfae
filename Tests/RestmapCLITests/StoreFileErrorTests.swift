import Foundation
import RestmapTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Stores that cannot be written — a read-only file, a read-only directory, a full disk, a
/// table edited out of step with the catalog — get a clear error, exit 2, and stay as they were.
final class StoreFileErrorTests: XCTestCase {
    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-store-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock {
            _ = chmod(url.path, 0o755)
            try? FileManager.default.removeItem(at: url)
        }
        return url
    }

    /// Runs a shell script in the package root; as root (who may write anything) the
    /// restmap commands in it run as `nobody`, so that file modes mean what they say.
    func shell(_ script: String) throws -> CommandResult {
        let restmap = geteuid() == 0
            ? "setpriv --reuid=65534 --regid=65534 --clear-groups \(RestmapBinary.url.path)"
            : RestmapBinary.url.path
        return try RestmapBinary.runShell(script.replacingOccurrences(of: "RESTMAP", with: restmap))
    }

    func storeDepartments(_ store: String) throws {
        let result = try RestmapBinary.run(
            ["map", "-q", "-c", "Configs/employees.plist", "--store", store, "/departments=Samples/employees/departments.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func dump(_ store: String) throws -> String {
        try RestmapBinary.run(["dump", "--store", store, "--compact"]).stdout
    }

    /// A store whose `Employee` table lost its `_rowid` key (the fuzzer's file: a mangled
    /// `PRIMARY`) is refused by the streamed load `map -q --store` runs by default, and by
    /// `dump`, before either touches a row.
    func testAStoreWhoseTableLostItsRowIDKeyIsRefusedByMapAndDump() throws {
        let store = try scratch().appendingPathComponent("s.db").path
        let damaged = RestmapBinary.packageRoot.appendingPathComponent("Fuzz/regressions/store/rowid-key-edited-away-8b02ce8b")
        try FileManager.default.copyItem(atPath: damaged.path, toPath: store)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let expected = "(Employee: its _rowid column is not the table's integer primary key); the store is damaged"
        let map = try RestmapBinary.run(["map", "-q", "-c", "Configs/employees.plist", "--store", store, "/employees=Samples/employees/employees.json"])
        XCTAssertEqual(map.status, 2, map.stderr)
        XCTAssertTrue(map.stderr.contains(expected), map.stderr)
        let dumped = try RestmapBinary.run(["dump", "--store", store])
        XCTAssertEqual(dumped.status, 2, dumped.stderr)
        XCTAssertTrue(dumped.stderr.contains(expected), dumped.stderr)
        XCTAssertEqual(dumped.stdout, "")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), before)
    }

    func testAReadOnlyStoreFileIsRefusedAndUnchanged() throws {
        let directory = try scratch()
        _ = chmod(directory.path, 0o777)
        let store = directory.appendingPathComponent("s.db").path
        try storeDepartments(store)
        let before = try dump(store)
        _ = chmod(store, 0o444)
        let result = try shell("RESTMAP map -q -c Configs/employees.plist --store \(store) /employees=Samples/employees/employees.json")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("error: store \(store) is read-only"), result.stderr)
        XCTAssertEqual(try dump(store), before)
    }

    func testAStoreInAReadOnlyDirectoryIsRefusedAndUnchanged() throws {
        let directory = try scratch()
        let store = directory.appendingPathComponent("s.db").path
        try storeDepartments(store)
        let before = try dump(store)
        _ = chmod(store, 0o666)
        _ = chmod(directory.path, 0o555)
        let result = try shell("RESTMAP map -q -c Configs/employees.plist --store \(store) /employees=Samples/employees/employees.json")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("error: store \(store)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("the store is unchanged") || result.stderr.contains("cannot"), result.stderr)
        _ = chmod(directory.path, 0o755)
        XCTAssertEqual(try dump(store), before)
        // A new store in a read-only directory is refused too, and nothing is left behind.
        _ = chmod(directory.path, 0o555)
        let fresh = directory.appendingPathComponent("new.db").path
        let created = try shell("RESTMAP map -q -c Configs/employees.plist --store \(fresh) /departments=Samples/employees/departments.json")
        XCTAssertEqual(created.status, 2, created.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh))
    }

    /// A 300 KiB tmpfs, mounted in a private mount namespace (`unshare`), fills up.
    func testAFullDiskIsAClearErrorAndTheStoreIsUnchanged() throws {
        let directory = try scratch()
        let mount = directory.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        var payload = #"{"employees_list": ["#
        for id in 0..<5000 {
            payload += (id > 0 ? "," : "") + #"{"type": "employee", "id": \#(id), "name": "\#(String(repeating: "n", count: 200))"}"#
        }
        try Data((payload + "]}").utf8).write(to: directory.appendingPathComponent("big.json"))
        let binary = RestmapBinary.url.path
        let store = mount.appendingPathComponent("s.db").path
        let result = try RestmapBinary.runShell("""
            unshare -rm sh -c '
              mount -t tmpfs -o size=300k none \(mount.path) || exit 99
              \(binary) map -q -c Configs/employees.plist --store \(store) /departments=Samples/employees/departments.json || exit 98
              \(binary) dump --store \(store) --compact > \(directory.path)/before.json
              \(binary) map -q -c Configs/employees.plist --store \(store) /employees=\(directory.path)/big.json
              echo "status $?" >&2
              \(binary) dump --store \(store) --compact > \(directory.path)/after.json
              sqlite3 \(store) "PRAGMA integrity_check" >&2'
            """)
        XCTAssertTrue(result.stderr.contains("error: store \(store) could not be written: the disk is full; the store is unchanged"), result.stderr)
        XCTAssertTrue(result.stderr.contains("status 2\nok"), result.stderr)
        let before = try String(contentsOf: directory.appendingPathComponent("before.json"), encoding: .utf8)
        XCTAssertTrue(before.contains("IT Department"))
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("after.json"), encoding: .utf8), before)
    }
}

extension RestmapBinary {
    /// Runs `sh -c script` in the package root.
    static func runShell(_ script: String) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both before waiting: the outputs are small, but a full pipe would block.
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
