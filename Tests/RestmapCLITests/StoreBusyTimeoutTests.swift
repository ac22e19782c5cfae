import Foundation
import RestmapTestSupport
import XCTest

/// Waiting for a store is bounded: with another process holding the write lock, `map --store`
/// gives up after `--busy-timeout` (60 s by default) with exit 2 and the store unchanged —
/// the busy handler's own waits count towards the bound, not only the pauses between retries.
final class StoreBusyTimeoutTests: XCTestCase {
    func testALockedStoreIsGivenUpAfterTheBusyTimeout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-busy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("locked.db").path
        let map = ["map", "-q", "-c", "Configs/employees.plist", "--store", store, "/employees=Samples/employees/employees.json"]
        XCTAssertEqual(try RestmapBinary.run(map).status, 0)

        // Another process takes the write lock and keeps it (the sqlite3 shell, holding an open
        // transaction until its input closes).
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["sqlite3", store]
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        try input.fileHandleForWriting.write(contentsOf: Data("BEGIN IMMEDIATE;\nINSERT INTO \"Department\" (\"entityId\") VALUES (424242);\nSELECT 1;\n".utf8))
        Thread.sleep(forTimeInterval: 0.5)

        let started = Date()
        let result = try RestmapBinary.run(map + ["--busy-timeout", "1.5"])
        let waited = Date().timeIntervalSince(started)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("is locked by another run for longer than the busy timeout (1.5 s); the store is unchanged"), result.stderr)
        XCTAssertGreaterThanOrEqual(waited, 1.4, "gave up before the timeout")
        XCTAssertLessThan(waited, 15, "waited far past the timeout")
    }
}
