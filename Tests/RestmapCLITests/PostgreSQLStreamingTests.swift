import Foundation
import RestmapTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `map -q --store postgresql://…` streams batches into the run's one transaction while it
/// maps (`RESTMAP_STORE_BATCH` makes them small here). A load that loses a conflict with
/// another writer is rolled back and read again from its files, and what the first attempt
/// reported is not reported twice; a load whose input cannot be read again keeps its graph.
final class PostgreSQLStreamingTests: PostgreSQLTestCase {
    func testALoadInBatchesEqualsOneLoadAtOnceAndOneFromStandardInput() throws {
        let server = try server()
        let directory = try scratch()
        let payload = directory.appendingPathComponent("employees.json")
        try PostgreSQLStoreTests.chainedPayload(count: 300).write(to: payload)
        let map = ["map", "-q", "-c", "Configs/employees.plist"]
        let whole = try server.createDatabase(), batches = try server.createDatabase(), piped = try server.createDatabase()
        XCTAssertEqual(try RestmapBinary.run(map + ["--store", whole, "/employees=" + payload.path]).status, 0)
        let batched = try RestmapBinary.run(map + ["--store", batches, "/employees=" + payload.path], environment: ["RESTMAP_STORE_BATCH": "7"])
        XCTAssertEqual(batched.status, 0, batched.stderr)
        // Standard input cannot be read again after a conflict: that run keeps its graph.
        let stdin = try RestmapBinary.run(map + ["--store", piped, "/employees=-"], stdin: try Data(contentsOf: payload))
        XCTAssertEqual(stdin.status, 0, stdin.stderr)
        let expected = try dump(whole)
        XCTAssertEqual(expected.split(separator: "\n").count, 600)
        XCTAssertEqual(try dump(batches), expected)
        XCTAssertEqual(try dump(piped), expected)
        // Employee n waits for department n + 1 until a later batch brings it; all are made.
        XCTAssertEqual(
            try server.query("SELECT count(*) FROM _restmap_pending", database: PostgreSQLTestServer.name(of: batches)), "1")
    }

    /// As with a store file: a relationship single in one batch and an array in a later one
    /// is to-many for the whole run; single objects alone contradict a stored to-many.
    func testARelationshipSingleInOneBatchAndAnArrayInALaterOneIsToMany() throws {
        let server = try server()
        let directory = try scratch()
        let single = #"{"employees_list": [{"type": "employee", "id": 1, "dept": {"type": "department", "id": 1}}]}"#
        let array = #"{"employees_list": [{"type": "employee", "id": 2, "dept": [{"type": "department", "id": 2}, {"type": "department", "id": 3}]}]}"#
        let lines = directory.appendingPathComponent("mixed.ndjson"), alone = directory.appendingPathComponent("alone.ndjson")
        try Data((single + "\n" + array + "\n").utf8).write(to: lines)
        try Data((single + "\n").utf8).write(to: alone)
        let map = ["map", "-q", "-c", "Configs/employees.plist", "--store"]
        let whole = try server.createDatabase(), batches = try server.createDatabase()
        XCTAssertEqual(try RestmapBinary.run(map + [whole, "/employees=" + lines.path]).status, 0)
        let batched = try RestmapBinary.run(map + [batches, "/employees=" + lines.path], environment: ["RESTMAP_STORE_BATCH": "1"])
        XCTAssertEqual(batched.status, 0, batched.stderr)
        XCTAssertEqual(try dump(batches), try dump(whole))
        XCTAssertTrue(try dump(batches).contains(#""dept":["Department/1"]"#))
        let contradicted = try RestmapBinary.run(map + [batches, "/employees=" + alone.path], environment: ["RESTMAP_STORE_BATCH": "1"])
        XCTAssertEqual(contradicted.status, 2, contradicted.stderr)
        XCTAssertTrue(contradicted.stderr.contains("as to-many and this run maps it to-one"), contradicted.stderr)
    }

    /// A writer holds an uncommitted row with an employee's key in a table the load finds
    /// empty: the load's COPY waits for it, meets the key when it commits, and upserts over it.
    func testALoadMeetingAConcurrentWritersKeyUpsertsOverIt() throws {
        let server = try server()
        let directory = try scratch()
        let store = try server.createDatabase()
        let departments = try RestmapBinary.run(
            ["map", "-q", "-c", "Configs/employees.plist", "--store", store, "/departments=Samples/employees/departments.json"])
        XCTAssertEqual(departments.status, 0, departments.stderr)
        let holder = try Holder(store, #"BEGIN; INSERT INTO "Employee" ("entityId", "name") VALUES (1234, '"From another writer"');"#)
        let database = PostgreSQLTestServer.name(of: store)
        try waitFor("the other writer's insert") {
            try server.query("SELECT count(*) FROM pg_locks WHERE locktype = 'transactionid' AND granted", database: database) != "0"
        }
        let (load, stderrLog) = try startLoad(#"{"type": "employee", "id": 1234, "name": "From restmap", "secondary_dept": "abc"}"#, into: store, in: directory)
        try waitFor("the load to wait for the other writer's key") { try waitingOnLocks(database) > 0 }
        try holder.finish("COMMIT;")
        load.waitUntilExit()
        let stderr = try String(contentsOf: stderrLog, encoding: .utf8)
        XCTAssertEqual(load.terminationStatus, 0, stderr)
        XCTAssertEqual(stderr.components(separatedBy: "secondaryDeptId not set").count - 1, 1, "the warning, once: \(stderr)")
        let employee = try server.query(#"SELECT "name" FROM "Employee" WHERE "entityId" = 1234"#, database: database)
        XCTAssertEqual(employee, #""From restmap""#)
    }

    /// The load holds a department's row and waits for an employee's, which a writer holds
    /// and which then waits for the department: PostgreSQL ends the load's transaction
    /// (a deadlock), and the load runs again from its file — its warning printed once.
    func testALoadThatLosesADeadlockIsReadAgainAndReportsOnce() throws {
        let server = try server()
        let directory = try scratch()
        let store = try server.createDatabase()
        let first = try RestmapBinary.run(["map", "-q", "-c", "Configs/employees.plist", "--store", store, "/employees=Samples/employees/employees.json"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let database = PostgreSQLTestServer.name(of: store)
        let holder = try Holder(store, #"BEGIN; UPDATE "Employee" SET "name" = '"held"' WHERE "entityId" = 1234;"#)
        try waitFor("the other writer's update") {
            try server.query("SELECT count(*) FROM pg_locks WHERE locktype = 'transactionid' AND granted", database: database) != "0"
        }
        // Departments are written before employees: the load holds department 987 when it
        // comes to employee 1234.
        let (load, stderrLog) = try startLoad(
            #"{"type": "employee", "id": 1234, "name": "From restmap", "secondary_dept": "abc", "dept": {"type": "department", "id": 987, "name": "IT from restmap"}}"#,
            into: store, in: directory)
        try waitFor("the load to wait for the employee") { try waitingOnLocks(database) > 0 }
        try holder.finish(#"UPDATE "Department" SET "name" = '"IT held"' WHERE "entityId" = 987; COMMIT;"#)
        load.waitUntilExit()
        let stderr = try String(contentsOf: stderrLog, encoding: .utf8)
        XCTAssertEqual(load.terminationStatus, 0, stderr)
        XCTAssertEqual(holder.status, 0, "the other writer was not the one ended")
        XCTAssertEqual(try server.query("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()", database: database), "1")
        XCTAssertEqual(stderr.components(separatedBy: "secondaryDeptId not set").count - 1, 1, "the warning, once: \(stderr)")
        XCTAssertEqual(try server.query(#"SELECT "name" FROM "Employee" WHERE "entityId" = 1234"#, database: database), #""From restmap""#)
        XCTAssertEqual(try server.query(#"SELECT "name" FROM "Department" WHERE "entityId" = 987"#, database: database), #""IT from restmap""#)
    }

    /// Another writer: a psql session whose transaction stays open until `finish`.
    private final class Holder {
        private let process = Process()
        private let commands = Pipe()

        init(_ store: String, _ sql: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", store]
            process.standardInput = commands
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            commands.fileHandleForWriting.write(Data((sql + "\n").utf8))
        }

        func finish(_ sql: String) throws {
            commands.fileHandleForWriting.write(Data((sql + "\n").utf8))
            try commands.fileHandleForWriting.close()
            process.waitUntilExit()
        }

        var status: Int32 { process.terminationStatus }
    }

    private func startLoad(_ employee: String, into store: String, in directory: URL) throws -> (Process, URL) {
        let payload = directory.appendingPathComponent("employees.json")
        try Data(#"{"employees_list": [\#(employee)]}"#.utf8).write(to: payload)
        let stderrLog = directory.appendingPathComponent("stderr")
        let load = try RestmapBinary.start(
            ["map", "-q", "-c", "Configs/employees.plist", "--store", store, "/employees=" + payload.path], stderrLog: stderrLog)
        return (load, stderrLog)
    }

    private func waitingOnLocks(_ database: String) throws -> Int {
        Int(try server().query("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'", database: database)) ?? 0
    }

    private func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while try !condition() {
            guard Date() < deadline else { throw PostgreSQLTestServer.ServerError(message: "timed out waiting for \(what)") }
            usleep(20_000)
        }
    }
}
