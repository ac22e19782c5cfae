import Foundation
import RestmapTestSupport
import XCTest

/// `map -q --store FILE` streams: objects go into the store in batches while the input is
/// read (`RESTMAP_STORE_BATCH` makes the batches small here). What a user sees must not
/// depend on where the batches fall: connections whose target comes in a later batch are
/// made, an object met again in a later batch is one row, and a run that fails after some
/// batches went in stores nothing.
final class StoreStreamingTests: XCTestCase {
    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-streaming-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// One NDJSON line: a payload of one employee in department `dept`, connected to `secondary`.
    func line(employee: Int, dept: Int, secondary: Int?) -> String {
        let link = secondary.map(String.init) ?? "null"
        return #"{"employees_list": [{"type": "employee", "id": \#(employee), "name": "E\#(employee)", "dept": {"type": "department", "id": \#(dept), "name": "D\#(dept)"}, "secondary_dept": \#(link)}]}"#
    }

    /// `threads`: 1 writes each batch on the mapping thread, 2 on a thread of its own.
    func load(_ lines: [String], into store: URL, batch: Int?, threads: Int = 2, in directory: URL) throws -> CommandResult {
        let input = directory.appendingPathComponent("employees-\(UUID().uuidString).ndjson")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)
        return try RestmapBinary.run(
            ["map", "-q", "--threads", String(threads), "-c", "Configs/employees.plist", "--store", store.path, "/employees=" + input.path],
            environment: batch.map { ["RESTMAP_STORE_BATCH": String($0)] } ?? [:])
    }

    func dump(_ store: URL, entity: String) throws -> [String] {
        let result = try RestmapBinary.run(["dump", store.path, "--entity", entity, "--format", "ndjson"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func testConnectionsToTargetsOfLaterBatchesAreMadeAndRepeatedObjectsAreOneRow() throws {
        let directory = try scratch()
        // Employee 1 points at department 30, which only the last line brings; department 10
        // recurs in every batch; employee 2 comes twice, renamed by its second line.
        let lines = [
            line(employee: 1, dept: 10, secondary: 30),
            line(employee: 2, dept: 10, secondary: nil),
            line(employee: 3, dept: 20, secondary: 10),
            #"{"employees_list": [{"type": "employee", "id": 2, "name": "E2 renamed", "dept": {"type": "department", "id": 10}}]}"#,
            line(employee: 4, dept: 30, secondary: 20),
        ]
        let oneBatch = directory.appendingPathComponent("one.db"), batches = directory.appendingPathComponent("batches.db")
        let oneThread = directory.appendingPathComponent("one-thread.db")
        XCTAssertEqual(try load(lines, into: oneBatch, batch: nil, in: directory).status, 0)
        let result = try load(lines, into: batches, batch: 1, in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        // The load closed the store: its write-ahead log was checkpointed and removed.
        XCTAssertFalse(FileManager.default.fileExists(atPath: batches.path + "-wal"), "the store was left open")
        let synchronous = try load(lines, into: oneThread, batch: 1, threads: 1, in: directory)
        XCTAssertEqual(synchronous.status, 0, synchronous.stderr)
        for entity in ["Employee", "Department"] {
            XCTAssertEqual(try dump(batches, entity: entity), try dump(oneBatch, entity: entity), entity)
            XCTAssertEqual(try dump(oneThread, entity: entity), try dump(oneBatch, entity: entity), entity)
        }
        let employees = try dump(batches, entity: "Employee")
        XCTAssertEqual(employees.count, 4)
        XCTAssertTrue(employees[0].contains(#""secondaryDeptId":30"#) && employees[0].contains(#""secondary_dept":"Department/30""#), employees[0])
        XCTAssertTrue(employees[1].contains(#""name":"E2 renamed""#), employees[1])
        // Department 10's name, carried by earlier lines and not by the renaming one, is kept.
        XCTAssertEqual(try dump(batches, entity: "Department").filter { $0.contains(#""name":"D10""#) }.count, 1)
        let pending = try RestmapBinary.runShell("sqlite3 \(batches.path) 'SELECT count(*) FROM _restmap_pending'")
        XCTAssertEqual(pending.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0", "a connection made at the commit still waits")
    }

    func testARunThatFailsAfterBatchesWentInStoresNothing() throws {
        let directory = try scratch()
        let good = (1...40).map { line(employee: $0, dept: $0 % 3, secondary: nil) }
        let broken = good + [#"{"employees_list": [{"type": "employee", "id": 99"#]
        // A new store: not left behind.
        for threads in [1, 2] {
            let fresh = directory.appendingPathComponent("fresh-\(threads).db")
            let failed = try load(broken, into: fresh, batch: 2, threads: threads, in: directory)
            XCTAssertEqual(failed.status, 1, failed.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: fresh.path), "a failed run left a store behind (\(threads) threads)")
        }
        // A store holding an earlier run: unchanged.
        let kept = directory.appendingPathComponent("kept.db")
        XCTAssertEqual(try load([line(employee: 500, dept: 7, secondary: nil)], into: kept, batch: nil, in: directory).status, 0)
        let before = try dump(kept, entity: "Employee")
        XCTAssertEqual(try load(broken, into: kept, batch: 2, in: directory).status, 1)
        XCTAssertEqual(try dump(kept, entity: "Employee"), before)
    }

    /// A store error in a later batch — here the store's to-one `dept` met as an array —
    /// ends the run with exit 2 and the store as it was, whether the batches were written on
    /// the mapping thread or on their own.
    func testAStoreErrorInALaterBatchLeavesTheStoreAsItWas() throws {
        let directory = try scratch()
        let store = directory.appendingPathComponent("hr.db")
        XCTAssertEqual(try load([line(employee: 1, dept: 1, secondary: nil)], into: store, batch: nil, in: directory).status, 0)
        let before = try dump(store, entity: "Employee")
        let lines = (2...5).map { line(employee: $0, dept: $0, secondary: nil) }
            + [#"{"employees_list": [{"type": "employee", "id": 6, "dept": [{"type": "department", "id": 6}]}]}"#]
        for threads in [1, 2] {
            let result = try load(lines, into: store, batch: 1, threads: threads, in: directory)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("dept"), result.stderr)
            XCTAssertEqual(try dump(store, entity: "Employee"), before, "\(threads) threads")
        }
    }

    /// A relationship whose objects are single in some lines and arrays in others is
    /// to-many for the whole run, wherever the batches fall — as a run keeping its graph
    /// decides it; and single objects contradict a store holding it to-many only when no
    /// object of the run is an array.
    func testARelationshipSingleInOneBatchAndAnArrayInALaterOneIsToMany() throws {
        let directory = try scratch()
        let single = line(employee: 1, dept: 1, secondary: nil)
        let array = #"{"employees_list": [{"type": "employee", "id": 2, "dept": [{"type": "department", "id": 2}, {"type": "department", "id": 3}]}]}"#
        let lines = [single, array, line(employee: 3, dept: 3, secondary: nil)]
        let whole = directory.appendingPathComponent("whole.db"), batches = directory.appendingPathComponent("batches.db")
        XCTAssertEqual(try load(lines, into: whole, batch: nil, in: directory).status, 0)
        let batched = try load(lines, into: batches, batch: 1, in: directory)
        XCTAssertEqual(batched.status, 0, batched.stderr)
        let employees = try dump(batches, entity: "Employee")
        XCTAssertEqual(employees, try dump(whole, entity: "Employee"))
        guard employees.count == 3 else { return XCTFail("\(employees)") }
        XCTAssertTrue(employees[0].contains(#""dept":["Department/1"]"#), employees[0])
        XCTAssertTrue(employees[1].contains(#""dept":["Department/2","Department/3"]"#), employees[1])

        // The store now holds dept to-many: single objects alone contradict it, with an array beside them they do not.
        let alone = try load([line(employee: 4, dept: 4, secondary: nil)], into: batches, batch: 1, in: directory)
        XCTAssertEqual(alone.status, 2, alone.stderr)
        XCTAssertTrue(alone.stderr.contains("as to-many and this run maps it to-one"), alone.stderr)
        let beside = try load([line(employee: 4, dept: 4, secondary: nil), array], into: batches, batch: 1, in: directory)
        XCTAssertEqual(beside.status, 0, beside.stderr)
        XCTAssertTrue(try dump(batches, entity: "Employee").contains { $0.contains(#""entityId":4"#) && $0.contains(#""dept":["Department/4"]"#) })
    }

    /// The error objects of a 4xx/5xx payload are never stored: the store is not opened,
    /// however small the batches (here a file that is no store, which opening would refuse).
    func testAnErrorStatusRunNeverOpensTheStore() throws {
        let directory = try scratch()
        let notAStore = directory.appendingPathComponent("notes.txt")
        try Data("not a store\n".utf8).write(to: notAStore)
        let result = try RestmapBinary.run(
            ["map", "-q", "-c", "Configs/articles.plist", "--status", "422", "--store", notAStore.path, "Samples/articles/error-422.json"],
            environment: ["RESTMAP_STORE_BATCH": "1"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(result.stderr.contains("not a restmap store"), result.stderr)
        XCTAssertEqual(try String(contentsOf: notAStore, encoding: .utf8), "not a store\n")
    }
}
