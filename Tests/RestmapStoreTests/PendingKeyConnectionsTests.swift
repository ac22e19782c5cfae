import Foundation
import RestmapEngine
@testable import RestmapStore
import XCTest

/// Sources waiting for a target's primary key are connected set by set: one join for all
/// of them, leaving those whose target is still missing — and other shapes — waiting for the
/// look-up per source.
final class PendingKeyConnectionsTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {
            "Department": {"id": "id", "name": "name"},
            "Employee": {"id": "id", "dept": "deptId", "code": "deptCode"}},
         "entity_attribute_types": {"Department": {"id": "integer"}, "Employee": {"id": "integer", "deptId": "integer"}},
         "primary_key_mappings": {"Department": ["id"], "Employee": ["id"]},
         "relationship_mappings": {"Employee": {
            "dept": {"target": "Department", "key_path": "department", "fk_mapping": {"deptId": "id"}},
            "byCode": {"target": "Department", "key_path": "byCode", "fk_mapping": {"deptCode": "id"}}}},
         "path_mappings": [{"uri": "/departments", "matchers": [{"entity_name": "Department"}]},
                           {"uri": "/employees", "matchers": [{"entity_name": "Employee"}]}]}
        """

    /// Employees 10, 11, 12 wait for departments 1, 2, 99 (typed: set by set) and for the
    /// same by an untyped code (one look-up each).
    func makeWaitingStore() throws -> String {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.config, inputs: [("/employees", #"""
            [{"id": 10, "dept": 1, "code": 1}, {"id": 11, "dept": 2, "code": 2}, {"id": 12, "dept": 99, "code": 99}]
            """#)], store: store)
        XCTAssertEqual(try sqlite(store, "SELECT count(*) FROM _restmap_pending"), "6")
        return store
    }

    func testTheKeyConnectionsOfAllWaitingSourcesAreMadeByOneJoin() throws {
        let store = try makeWaitingStore()
        // The departments arrive without a run (which would resolve them itself).
        _ = try sqlite(store, #"INSERT INTO "Department" ("id", "name") VALUES (1, 'One'), (2, 'Two')"#)
        let opened = try SQLiteStoreFile.open(store, forWriting: true)
        try opened.connection.beginWrite()
        let resolved = try PendingKeyConnections(connection: opened.connection).resolve(schema: try SchemaCatalog(connection: opened.connection).load())
        try opened.connection.commit()
        XCTAssertEqual(resolved, 2)
        // Each employee points at its own department's row, found by the join.
        XCTAssertEqual(
            try sqlite(store, #"SELECT e."id", d."id" FROM "Employee" e LEFT JOIN "Department" d ON d."_rowid" = e."department_rowid" ORDER BY e."id""#),
            "10|1\n11|2\n12|")
        // Left waiting: employee 12 by key (no department 99) and every untyped code.
        XCTAssertEqual(
            try sqlite(store, "SELECT relationship, source_rowid FROM _restmap_pending ORDER BY relationship, source_rowid"),
            "byCode|1\nbyCode|2\nbyCode|3\ndepartment|3")
    }

    /// Targets that appear between the join that connects and the delete that stops the
    /// waiting (another shard's run committing them) leave their sources waiting, not cleared
    /// unconnected: the next pass connects them.
    func testTargetsArrivingMidPassLeaveTheirSourcesWaiting() throws {
        let store = try makeWaitingStore()
        let opened = try SQLiteStoreFile.open(store, forWriting: true)
        try opened.connection.beginWrite()
        let schema = try SchemaCatalog(connection: opened.connection).load()
        var arrived = false
        let resolved = try PendingKeyConnections(connection: opened.connection).resolve(schema: schema) {
            guard !arrived else { return }
            arrived = true
            try opened.connection.execute(#"INSERT INTO "Department" ("id", "name") VALUES (1, 'One'), (2, 'Two')"#)
        }
        try opened.connection.commit()
        XCTAssertEqual(resolved, 0)
        XCTAssertEqual(
            try sqlite(store, "SELECT relationship, source_rowid FROM _restmap_pending WHERE relationship = 'department' ORDER BY source_rowid"),
            "department|1\ndepartment|2\ndepartment|3")
        // The next pass finds the targets and connects the sources.
        try opened.connection.beginWrite()
        XCTAssertEqual(try PendingKeyConnections(connection: opened.connection).resolve(schema: schema), 2)
        try opened.connection.commit()
        XCTAssertEqual(
            try sqlite(store, #"SELECT e."id", d."id" FROM "Employee" e LEFT JOIN "Department" d ON d."_rowid" = e."department_rowid" ORDER BY e."id""#),
            "10|1\n11|2\n12|")
    }

    func testARunBringingTheTargetsConnectsBothShapesAlike() throws {
        let store = try makeWaitingStore()
        try storeRun(config: Self.config, inputs: [("/departments", #"[{"id": 1, "name": "One"}, {"id": 2, "name": "Two"}]"#)], store: store)
        let employees = try dumpLines(store, entity: "Employee")
        XCTAssertEqual(employees.count, 3)
        XCTAssertTrue(employees[0].contains(#""department":"Department/1","byCode":"Department/1""#), employees[0])
        XCTAssertTrue(employees[1].contains(#""department":"Department/2","byCode":"Department/2""#), employees[1])
        XCTAssertTrue(employees[2].contains(#""department":null,"byCode":null"#), employees[2])
        XCTAssertEqual(try sqlite(store, "SELECT relationship FROM _restmap_pending ORDER BY relationship"), "byCode\ndepartment")
    }
}
