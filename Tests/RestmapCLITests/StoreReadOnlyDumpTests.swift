import Foundation
import RestmapTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `dump` never prints stale data: a store whose committed runs still sit in its `-wal` file
/// (no `-shm`), in a directory the reader may not write, is refused with a clear message
/// instead of being read as it was before those runs. (As root, the dump runs as `nobody`.)
final class StoreReadOnlyDumpTests: XCTestCase {
    func testAStoreWithCommittedRunsInItsWALIsNotDumpedStale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-wal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        defer {
            chmod(folder.appendingPathComponent("readonly").path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        let store = folder.appendingPathComponent("s.db").path
        XCTAssertEqual(try RestmapBinary.run(["map", "-q", "-c", "Configs/employees.plist", "--store", store, "/employees=Samples/employees/employees.json"]).status, 0)
        // A committed change left in the -wal file, copied with the database but without -shm,
        // as a crash or a copy of a live store leaves them.
        let script = """
            import shutil, sqlite3
            c = sqlite3.connect('\(store)')
            c.execute('PRAGMA wal_autocheckpoint=0')
            c.execute('UPDATE "Department" SET "name" = ? WHERE "entityId" = 987', ('CHANGED',))
            c.commit()
            shutil.copy('\(store)', '\(folder.path)/readonly/s.db')
            shutil.copy('\(store)-wal', '\(folder.path)/readonly/s.db-wal')
            c.close()
            """
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("readonly"), withIntermediateDirectories: true)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", script]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0)
        let copy = folder.appendingPathComponent("readonly/s.db").path
        chmod(copy, 0o644)
        chmod(copy + "-wal", 0o644)
        chmod(folder.appendingPathComponent("readonly").path, 0o555)

        var arguments = ["dump", "--store", copy, "--compact"]
        var executable = RestmapBinary.url.path
        if geteuid() == 0 {
            let binary = folder.appendingPathComponent("restmap")
            try FileManager.default.copyItem(at: RestmapBinary.url, to: binary)
            chmod(binary.path, 0o755)
            arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups", binary.path] + arguments
            executable = "/usr/bin/setpriv"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, "stdout: \(stdout.prefix(300))\nstderr: \(stderr)")
        XCTAssertTrue(stderr.contains("committed runs are still in s.db-wal"), stderr)
        XCTAssertFalse(stdout.contains("IT Department"), "the stale name was printed")
    }
}
