import RestmapEngine
@testable import RestmapStore
import RestmapTestSupport
import XCTest

/// The race the set-based connection pass must survive on a real server: targets committed
/// by another session (another shard's run) between the pass's join and its delete.
final class PendingKeyConnectionsPostgreSQLTests: PostgreSQLServerTestCase {
    func testTargetsCommittedMidPassByAnotherSessionLeaveTheirSourcesWaiting() throws {
        let server = try server()
        let url = try server.createDatabase()
        let database = PostgreSQLTestServer.name(of: url)
        try storeRun(config: PendingKeyConnectionsTests.config, inputs: [("/employees", #"""
            [{"id": 10, "dept": 1, "code": 1}, {"id": 11, "dept": 2, "code": 2}, {"id": 12, "dept": 99, "code": 99}]
            """#)], store: url)
        let waiting = #"SELECT source_rowid FROM "_restmap_pending" WHERE relationship = 'department' ORDER BY source_rowid"#
        XCTAssertEqual(try server.query(waiting, database: database), "1\n2\n3")

        let connection = try PostgreSQLConnection(url: url)
        try connection.beginWrite()
        let schema = try SchemaCatalog(connection: connection).load()
        var committed = false
        let resolved = try PendingKeyConnections(connection: connection).resolve(schema: schema) {
            guard !committed else { return }
            committed = true
            // psql's own session, committed as it returns: the pass's next statement sees it.
            try server.psql(#"INSERT INTO "Department" ("id", "name") VALUES (1, '"One"'), (2, '"Two"')"#, database: database)
        }
        try connection.commit()
        XCTAssertEqual(resolved, 0)
        XCTAssertEqual(try server.query(waiting, database: database), "1\n2\n3")

        // The next pass (the other run's, or `restmap connect`) connects them.
        try connection.beginWrite()
        XCTAssertEqual(try PendingKeyConnections(connection: connection).resolve(schema: schema), 2)
        try connection.commit()
        XCTAssertEqual(
            try server.query(
                #"SELECT e."id", d."id" FROM "Employee" e LEFT JOIN "Department" d ON d."_rowid" = e."department_rowid" ORDER BY e."id""#,
                database: database),
            "10|1\n11|2\n12|")
        XCTAssertEqual(try server.query(waiting, database: database), "3")
    }
}
