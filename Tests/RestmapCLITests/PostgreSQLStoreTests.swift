import Foundation
import RestmapTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `--store postgresql://…` against a throwaway server (PostgreSQLTestServer): the store
/// goldens give the same dump as with SQLite, a run killed at any moment leaves the
/// database before or after it, and four processes loading four shards at once end with
/// the same database as one process loading everything — connections across shards included.
final class PostgreSQLStoreTests: PostgreSQLTestCase {
    /// Where jsonb differs from SQLite by design (docs/stores.md, "Same schema, same rules"): an untyped number
    /// written with an exponent reads back written out.
    static let jsonbNormalizations = ["gists-update": [("\"size\": 0.5e3", "\"size\": 500")]]

    func testTheStoreGoldensDumpTheSameFromPostgreSQL() throws {
        let server = try server()
        let files = try FileManager.default.contentsOfDirectory(at: StoreGoldenTests.directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "golden" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        var compared = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let header = text.components(separatedBy: "--- stdout")[0]
            let runs = header.split(separator: "\n").filter { $0.hasPrefix("# run: ") }.map { String($0.dropFirst(7)) }
            let golden = try GoldenTests.load(file)
            // Cases about store files (missing, not a store) have no PostgreSQL counterpart.
            guard !runs.isEmpty, golden.arguments.contains("$STORE"), !header.contains("# run-status:") else { continue }
            var expected = golden.stdout.isEmpty ? "" : golden.stdout + "\n"
            for (stored, read) in Self.jsonbNormalizations[golden.name] ?? [] {
                XCTAssertTrue(expected.contains(stored), golden.name)
                expected = expected.replacingOccurrences(of: stored, with: read)
            }
            // Loaded at once, and streamed one object a batch.
            for environment in [[:], ["RESTMAP_STORE_BATCH": "1"]] {
                let url = try server.createDatabase()
                func substitute(_ words: [String]) -> [String] { words.map { $0.replacingOccurrences(of: "$STORE", with: url) } }
                for run in runs {
                    let result = try RestmapBinary.run(substitute(ShellWords.split(run)), environment: environment)
                    XCTAssertEqual(result.status, 0, "\(golden.name): \(run) \(environment)\n\(result.stderr)")
                }
                let result = try RestmapBinary.run(substitute(golden.arguments))
                XCTAssertEqual(result.status, golden.status, "\(golden.name) \(environment): \(result.stderr)")
                XCTAssertEqual(result.stdout, expected, "\(golden.name) \(environment): stdout on PostgreSQL")
            }
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 7)
    }

    func testARunKilledAtAnyMomentLeavesTheDatabaseBeforeOrAfterIt() throws {
        let server = try server()
        let directory = try scratch()
        let first = directory.appendingPathComponent("first.json"), second = directory.appendingPathComponent("second.json")
        try StoreCrashTests.payload(first: 1, count: 2000, tag: "old").write(to: first)
        try StoreCrashTests.payload(first: 1500, count: 4000, tag: "new").write(to: second)
        let before = try server.createDatabase()
        XCTAssertEqual(try RestmapBinary.run(map(first, store: before)).status, 0)
        let after = try server.createDatabase(from: PostgreSQLTestServer.name(of: before))
        let started = Date()
        let finished = try RestmapBinary.run(map(second, store: after), environment: ["RESTMAP_STORE_BATCH": "500"])
        XCTAssertEqual(finished.status, 0, finished.stderr)
        let window = max(Date().timeIntervalSince(started), 0.05)
        let beforeState = try dump(before), afterState = try dump(after)
        XCTAssertNotEqual(beforeState, afterState)
        var outcomes = (before: 0, after: 0)
        let kills = 12
        for attempt in 0..<kills {
            let store = try server.createDatabase(from: PostgreSQLTestServer.name(of: before))
            // Batches of 500 objects: kills land during the streamed COPYs too.
            let process = try RestmapBinary.start(map(second, store: store), environment: ["RESTMAP_STORE_BATCH": "500"])
            // The commit comes last: a quarter of the kills land after it.
            let moment = Double.random(in: 0...(window * 1.3))
            usleep(UInt32(moment * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // The server notices the broken connection and rolls its transaction back.
            let state = try dump(store)
            if state == beforeState {
                outcomes.before += 1
            } else if state == afterState {
                outcomes.after += 1
            } else {
                XCTFail("attempt \(attempt): killed after \(moment) s, the database is neither before nor after the run")
            }
        }
        XCTAssertEqual(outcomes.before + outcomes.after, kills)
        print("PostgreSQL kill test: \(kills) kills over \(window) s; \(outcomes.before) before the run, \(outcomes.after) after it")
    }

    /// One transaction per run, schema included: a run that fails after creating its tables
    /// (a NUL character, which PostgreSQL text cannot hold, in the last employee) and runs
    /// killed at random moments on a fresh database leave no table behind, or the whole run.
    func testARunThatFailsOrIsKilledOnAFreshDatabaseLeavesNoTable() throws {
        let server = try server()
        let directory = try scratch()
        let bad = directory.appendingPathComponent("bad.json"), good = directory.appendingPathComponent("good.json")
        try StoreCrashTests.payload(first: 1, count: 3000, tag: "t").write(to: good)
        let text = try String(contentsOf: good, encoding: .utf8)
        let last = try XCTUnwrap(text.range(of: "t name 3000"))
        try Data(text.replacingCharacters(in: last, with: #"t name \u0000 3000"#).utf8).write(to: bad)
        func tables(_ url: String) throws -> String {
            try server.query(
                "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", database: PostgreSQLTestServer.name(of: url))
        }

        let failed = try server.createDatabase()
        let result = try RestmapBinary.run(map(bad, store: failed))
        XCTAssertNotEqual(result.status, 0, "the NUL character must fail the run")
        XCTAssertTrue(result.stderr.contains("the store has none of this run's data"), result.stderr)
        XCTAssertEqual(try tables(failed), "0", "the failed run's tables were rolled back with its data")
        XCTAssertTrue(try RestmapBinary.run(["dump", "--store", failed]).stderr.contains("holds no restmap store"))

        let complete = try server.createDatabase()
        let started = Date()
        XCTAssertEqual(try RestmapBinary.run(map(good, store: complete)).status, 0)
        let window = max(Date().timeIntervalSince(started), 0.05)
        let afterState = try dump(complete)
        for attempt in 0..<6 {
            let store = try server.createDatabase()
            let process = try RestmapBinary.start(map(good, store: store))
            let moment = Double.random(in: 0...window)
            usleep(UInt32(moment * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let count = try tables(store)
            if count != "0" {
                XCTAssertEqual(try dump(store), afterState, "attempt \(attempt): killed after \(moment) s with \(count) tables, not the whole run")
            }
        }
    }

    /// Employees 1...count, each with its own nested department `id` and a connection to
    /// department `id + 1`: the department of the next employee, which `--shard` deals to
    /// another process. The last one's target never arrives.
    static func chainedPayload(count: Int) -> Data {
        let employees = (1...count).map { id in
            #"{"type": "employee", "id": \#(id), "name": "name \#(id)", "dept": {"type": "department", "id": \#(id), "name": "dept \#(id)"}, "secondary_dept": \#(id + 1)}"#
        }
        return Data((#"{"employees_list": ["# + employees.joined(separator: ",\n") + "]}").utf8)
    }

    func testFourShardsLoadedAtOnceEqualOneProcessLoadingEverything() throws {
        let server = try server()
        let directory = try scratch()
        let payload = directory.appendingPathComponent("employees.json")
        try Self.chainedPayload(count: 800).write(to: payload)
        let single = try server.createDatabase()
        let whole = try RestmapBinary.run(map(payload, store: single))
        XCTAssertEqual(whole.status, 0, whole.stderr)

        let sharded = try server.createDatabase()
        let processes = try (1...4).map { shard -> (Process, URL) in
            let log = directory.appendingPathComponent("stderr-\(shard)")
            let process = try RestmapBinary.start(map(payload, store: sharded) + ["--shard", "\(shard)/4"], stderrLog: log)
            return (process, log)
        }
        for (process, log) in processes {
            process.waitUntilExit()
            let stderr = try String(contentsOf: log, encoding: .utf8)
            XCTAssertEqual(process.terminationStatus, 0, stderr)
        }
        let expected = try dump(single), actual = try dump(sharded)
        // Rows arrive interleaved from four writers, so insertion order (the dump's record
        // order) differs; the records — attributes and relationships — are the same.
        XCTAssertEqual(actual.split(separator: "\n").sorted(), expected.split(separator: "\n").sorted())
        XCTAssertEqual(expected.split(separator: "\n").count, 1600)
        XCTAssertTrue(actual.contains(#"{"_entity":"Employee","_id":"Employee/400","entityId":400,"name":"name 400","description":null,"secondaryDeptId":401,"dept":"Department/400","secondary_dept":"Department/401"}"#))
        // Every cross-shard connection was resolved by the runs' own commits; only the
        // last employee's target (department 801) never arrived.
        let connect = try RestmapBinary.run(["connect", "--store", sharded])
        XCTAssertEqual(connect.status, 0, connect.stderr)
        XCTAssertEqual(connect.stderr, "restmap connect: 0 connections resolved, 1 still without a target\n")
    }

    func testAConnectionWhoseTargetArrivesInALaterRunIsResolvedThen() throws {
        let server = try server()
        let directory = try scratch()
        let payload = directory.appendingPathComponent("employees.json")
        try Self.chainedPayload(count: 10).write(to: payload)
        let store = try server.createDatabase()
        // Employee n's secondary department arrives nested in employee n + 1: those whose
        // next employee is in the other shard wait for it.
        XCTAssertEqual(try RestmapBinary.run(map(payload, store: store) + ["--shard", "1/2"]).status, 0)
        let waiting = try dump(store).split(separator: "\n").filter {
            $0.contains(#""_entity":"Employee""#) && $0.contains(#""secondary_dept":null"#)
        }
        XCTAssertGreaterThan(waiting.count, 0, "the first shard holds no employee whose target is in the second")
        let pending = try RestmapBinary.run(["connect", "--store", store])
        XCTAssertEqual(pending.stderr, "restmap connect: 0 connections resolved, \(waiting.count) still without a target\n")
        XCTAssertEqual(try RestmapBinary.run(map(payload, store: store) + ["--shard", "2/2"]).status, 0)
        let loaded = try dump(store)
        for id in 1...9 {
            XCTAssertTrue(loaded.contains(#""_id":"Employee/\#(id)","entityId":\#(id),"name":"name \#(id)","description":null,"secondaryDeptId":\#(id + 1),"dept":"Department/\#(id)","secondary_dept":"Department/\#(id + 1)"}"#), "Employee/\(id)")
        }
        // Only the last employee's target (department 11) never arrives.
        let connect = try RestmapBinary.run(["connect", "--store", store])
        XCTAssertEqual(connect.stderr, "restmap connect: 0 connections resolved, 1 still without a target\n")
    }

    /// Three shards of two inputs (employees and departments) together hold what one run
    /// holds: each shard takes its share of every input, a shard whose share of employees
    /// is empty or unmatched is no failure, and Employee/1234's secondary department (678,
    /// in departments.json) is connected whichever shards they land in.
    func testShardsOfSeveralInputsTogetherHoldWhatOneRunHolds() throws {
        let server = try server()
        let inputs = ["/employees=Samples/employees/employees.json", "/departments=Samples/employees/departments.json"]
        let single = try server.createDatabase(), sharded = try server.createDatabase()
        XCTAssertEqual(try RestmapBinary.run(["map", "-q", "-c", "Configs/employees.plist", "--store", single] + inputs).status, 0)
        for shard in 1...3 {
            let run = try RestmapBinary.run(["map", "-q", "-c", "Configs/employees.plist", "--store", sharded, "--shard", "\(shard)/3"] + inputs)
            XCTAssertEqual(run.status, 0, "shard \(shard): \(run.stderr)")
        }
        let expected = try dump(single), actual = try dump(sharded)
        XCTAssertEqual(actual.split(separator: "\n").sorted(), expected.split(separator: "\n").sorted())
        XCTAssertTrue(actual.contains(#""_id":"Department/678""#), actual)
        XCTAssertTrue(actual.contains(#""_id":"Employee/1234","entityId":1234"#) && actual.contains(#""secondary_dept":"Department/678"}"#), actual)
        let connect = try RestmapBinary.run(["connect", "--store", sharded])
        XCTAssertEqual(connect.stderr, "restmap connect: 0 connections resolved, 0 still without a target\n")
    }

    /// Two writers upserting the same employees at once, each carrying other attributes:
    /// both commit (a deadlock is retried) and every carried attribute is kept.
    func testTwoWritersOfTheSameObjectsLoseNoAttribute() throws {
        let server = try server()
        let directory = try scratch()
        let names = directory.appendingPathComponent("names.json"), descriptions = directory.appendingPathComponent("descriptions.json")
        try StoreCrashTests.payload(first: 1, count: 2000, tag: "x", carry: ["name"]).write(to: names)
        try StoreCrashTests.payload(first: 1001, count: 2000, tag: "y", carry: ["description"]).write(to: descriptions)
        let store = try server.createDatabase()
        let processes = try [names, descriptions].map { payload -> Process in
            let process = try RestmapBinary.start(map(payload, store: store))
            return process
        }
        for process in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        let employees = try dump(store).split(separator: "\n").filter { $0.hasPrefix(#"{"_entity":"Employee""#) }
        XCTAssertEqual(employees.count, 3000)
        XCTAssertTrue(employees.contains { $0.contains(#""entityId":1500,"name":"x name 1500","description":"y description of 1500 with some text to write""#) })
        XCTAssertTrue(employees.contains { $0.contains(#""entityId":2500,"name":null,"description":"y description of 2500 with some text to write""#) })
    }

    func testAnUnreachableServerIsAClearErrorWithoutThePassword() throws {
        let server = try server()
        let url = "postgresql://postgres:secret@/nowhere?host=\(server.directory.path)"
        let result = try RestmapBinary.run(["dump", "--store", url])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("store postgresql://postgres@/nowhere?host=\(server.directory.path) cannot be reached"), result.stderr)
        XCTAssertFalse(result.stderr.contains("secret"))
        let empty = try server.createDatabase()
        let dumped = try RestmapBinary.run(["dump", "--store", empty])
        XCTAssertEqual(dumped.status, 2)
        XCTAssertTrue(dumped.stderr.contains("holds no restmap store"), dumped.stderr)
    }

    /// The server ends the connection in the middle of the COPY (a trigger makes the backend
    /// terminate itself at the seventh row): one error line that says the connection was
    /// lost, never "cannot be reached", and no payload row quoted from the server's CONTEXT.
    func testAConnectionLostDuringTheCopyIsReportedAsLostWithoutPayloadRows() throws {
        let server = try server()
        let payload = try scratch().appendingPathComponent("employees.json")
        try StoreCrashTests.payload(first: 1, count: 20, tag: "private").write(to: payload)
        let store = try server.createDatabase()
        XCTAssertEqual(try RestmapBinary.run(map(payload, store: store)).status, 0)
        let database = PostgreSQLTestServer.name(of: store)
        try server.psql(#"DELETE FROM "Employee""#, database: database)
        try server.psql(
            #"CREATE FUNCTION stop_here() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW."entityId" = 7 THEN "#
                + #"PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(10); END IF; RETURN NEW; END $$"#,
            database: database)
        try server.psql(#"CREATE TRIGGER stop_here BEFORE INSERT ON "Employee" FOR EACH ROW EXECUTE FUNCTION stop_here()"#, database: database)
        let result = try RestmapBinary.run(map(payload, store: store))
        XCTAssertEqual(result.status, 2, result.stderr)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(" error: ") }
        XCTAssertEqual(errors.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("lost its connection to the server during the run"), result.stderr)
        XCTAssertTrue(result.stderr.contains("the store has none of this run's data"), result.stderr)
        XCTAssertFalse(result.stderr.contains("cannot be reached"), result.stderr)
        XCTAssertFalse(result.stderr.contains("private"), "a payload row was quoted: \(result.stderr)")
        XCTAssertEqual(try server.query(#"SELECT count(*) FROM "Employee""#, database: database), "0")
    }

    func map(_ payload: URL, store: String) -> [String] {
        ["map", "-q", "-c", "Configs/employees.plist", "--store", store, "/employees=" + payload.path]
    }
}
