import Foundation
import RestmapTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The store's transaction guarantees, seen from outside: a `map --store` run killed with
/// SIGKILL at random moments — while it maps and streams batches of objects into the store,
/// or while it commits — leaves the store either as it was before the run or as the
/// run would have left it — never in between — and `PRAGMA integrity_check` says ok; two
/// runs on one store at once both succeed and lose nothing.
final class StoreCrashTests: XCTestCase {
    /// `count` employees from `first` on, each with a nested department and a connected
    /// secondary one; `tag` marks the run in names and descriptions.
    static func payload(first: Int, count: Int, tag: String, carry: [String] = ["name", "description"]) -> Data {
        var text = #"{"employees_list": ["#
        for id in first..<(first + count) {
            if id > first { text += "," }
            text += #"{"type": "employee", "id": \#(id)"#
            if carry.contains("name") { text += #", "name": "\#(tag) name \#(id)""# }
            if carry.contains("description") { text += #", "description": "\#(tag) description of \#(id) with some text to write""# }
            text += #", "dept": {"type": "department", "id": \#(id % 97), "name": "\#(tag) dept \#(id % 97)"}, "secondary_dept": \#((id + 1) % 97)}"#
        }
        return Data((text + "]}").utf8)
    }

    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func map(_ payload: URL, store: URL) -> [String] {
        ["map", "-q", "-c", "Configs/employees.plist", "--store", store.path, "/employees=" + payload.path]
    }

    func dump(_ store: URL) throws -> String {
        let result = try RestmapBinary.run(["dump", "--store", store.path, "--format", "ndjson"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func integrity(_ store: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", store.path, "PRAGMA integrity_check"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Copies a store with its WAL file (no writer is running).
    func copyStore(_ source: URL, to target: URL) throws {
        for suffix in ["", "-wal", "-shm"] {
            let from = URL(fileURLWithPath: source.path + suffix), to = URL(fileURLWithPath: target.path + suffix)
            try? FileManager.default.removeItem(at: to)
            if FileManager.default.fileExists(atPath: from.path) { try FileManager.default.copyItem(at: from, to: to) }
        }
    }

    func testAStoreRunKilledAtAnyMomentLeavesTheStoreBeforeOrAfterTheRun() throws {
        let directory = try scratch()
        let first = directory.appendingPathComponent("first.json"), second = directory.appendingPathComponent("second.json")
        try Self.payload(first: 1, count: 3000, tag: "old").write(to: first)
        try Self.payload(first: 2000, count: 6000, tag: "new").write(to: second)
        let before = directory.appendingPathComponent("before.db"), after = directory.appendingPathComponent("after.db")
        XCTAssertEqual(try RestmapBinary.run(map(first, store: before)).status, 0)
        try copyStore(before, to: after)
        // How long an uninterrupted run takes sets the window the kills are spread over.
        let started = Date()
        XCTAssertEqual(try RestmapBinary.run(map(second, store: after), environment: ["RESTMAP_STORE_BATCH": "500"]).status, 0)
        let window = max(Date().timeIntervalSince(started), 0.05)
        let beforeState = try dump(before), afterState = try dump(after)
        XCTAssertNotEqual(beforeState, afterState)

        var generator = SystemRandomNumberGenerator()
        var outcomes = (before: 0, after: 0)
        for attempt in 0..<24 {
            let store = directory.appendingPathComponent("killed-\(attempt).db")
            try copyStore(before, to: store)
            // Batches of 500 objects: a kill lands between batches already in the store's
            // open transaction as often as in the mapping or the commit.
            let process = try RestmapBinary.start(map(second, store: store), environment: ["RESTMAP_STORE_BATCH": "500"])
            let moment = Double.random(in: 0...(window * 1.1), using: &generator)
            usleep(UInt32(moment * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(try integrity(store), "ok", "attempt \(attempt), killed after \(moment) s")
            let state = try dump(store)
            if state == beforeState {
                outcomes.before += 1
            } else if state == afterState {
                outcomes.after += 1
            } else {
                XCTFail("attempt \(attempt): killed after \(moment) s, the store is neither before nor after the run")
            }
        }
        XCTAssertEqual(outcomes.before + outcomes.after, 24)
        print("store crash test: 24 kills over \(window) s; \(outcomes.before) left the store before the run, \(outcomes.after) after it")
    }

    func testTwoRunsAtOnceBothCommitAndLoseNothing() throws {
        let directory = try scratch()
        let names = directory.appendingPathComponent("names.json"), descriptions = directory.appendingPathComponent("descriptions.json")
        // Overlapping employees 1001...2000: one run carries names, the other descriptions.
        try Self.payload(first: 1, count: 2000, tag: "x", carry: ["name"]).write(to: names)
        try Self.payload(first: 1001, count: 2000, tag: "y", carry: ["description"]).write(to: descriptions)
        let store = directory.appendingPathComponent("shared.db")
        let runs = [map(names, store: store), map(descriptions, store: store)]
        // Both processes start before either finishes mapping; the second to reach the
        // store waits for the first's write lock (busy timeout) instead of failing.
        let processes = try runs.enumerated().map { index, arguments -> Process in
            let log = directory.appendingPathComponent("stderr-\(index)")
            let process = try RestmapBinary.start(arguments, stderrLog: log)
            return process
        }
        for (index, process) in processes.enumerated() {
            process.waitUntilExit()
            let stderr = try String(contentsOf: directory.appendingPathComponent("stderr-\(index)"), encoding: .utf8)
            XCTAssertEqual(process.terminationStatus, 0, stderr)
        }
        let lines = try dump(store).split(separator: "\n")
        let employees = lines.filter { $0.hasPrefix(#"{"_entity":"Employee""#) }
        XCTAssertEqual(employees.count, 3000)
        XCTAssertTrue(employees.contains { $0.contains(#""entityId":1500,"name":"x name 1500","description":"y description of 1500"#) })
        XCTAssertTrue(employees.contains { $0.contains(#""entityId":10,"name":"x name 10","description":null"#) })
        XCTAssertTrue(employees.contains { $0.contains(#""entityId":2500,"name":null,"description":"y description of 2500"#) })
    }
}
