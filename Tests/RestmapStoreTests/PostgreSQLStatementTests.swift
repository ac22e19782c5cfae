@testable import RestmapStore
import RestmapTestSupport
import XCTest

/// Prepared statements on a real server (PostgreSQLTestServer): a long load prepares a few
/// each batch, so the ones let go must not stay on the server until the session ends.
final class PostgreSQLStatementTests: PostgreSQLServerTestCase {
    private func connect() throws -> PostgreSQLConnection {
        try PostgreSQLConnection(url: server().createDatabase())
    }

    private func preparedOnServer(_ connection: PostgreSQLConnection) throws -> Int {
        let count = try connection.prepare("SELECT count(*) FROM pg_prepared_statements")
        XCTAssertTrue(try count.step())
        guard case .integer(let value) = count.column(0) else {
            XCTFail("count(*) is not an integer: \(count.column(0))")
            return -1
        }
        return Int(value)
    }

    func testStatementsLetGoAreDroppedOnTheServer() throws {
        let connection = try connect()
        for round in 0..<200 {
            let statement = try connection.prepare("SELECT $1::int + \(round)")
            try statement.bind([.integer(1)])
            XCTAssertTrue(try statement.step())
            XCTAssertEqual(statement.column(0), .integer(Int64(round) + 1))
        }
        // Of 200 let go, at most one gathering waits to be dropped (the count's own statement aside).
        XCTAssertLessThanOrEqual(try preparedOnServer(connection), 33)
    }

    /// A load prepares inside its transaction: the statements it lets go are dropped there too.
    func testStatementsLetGoInsideATransactionAreDroppedOnTheServer() throws {
        let connection = try connect()
        try connection.beginWrite()
        try connection.execute("CREATE TABLE kept (x int)")
        for round in 0..<200 {
            _ = try connection.prepare("SELECT \(round)")
        }
        XCTAssertLessThanOrEqual(try preparedOnServer(connection), 33)
        try connection.execute("INSERT INTO kept VALUES (1)")
        try connection.commit()
        XCTAssertEqual(try connection.prepare("SELECT count(*) FROM kept").firstValue(), .integer(1))
    }

    /// A name the server does not know (a pooler that renames prepared statements) makes the
    /// drop fail: the load's transaction goes on as if nothing had happened.
    func testAFailedDropLeavesTheTransactionWhole() throws {
        let connection = try connect()
        try connection.beginWrite()
        try connection.execute("CREATE TABLE kept (x int)")
        connection.retiredStatements.names.append("restmap_unknown")
        for round in 0..<40 {
            _ = try connection.prepare("SELECT \(round)")
        }
        try connection.execute("INSERT INTO kept VALUES (1)")
        try connection.commit()
        XCTAssertEqual(try connection.prepare("SELECT count(*) FROM kept").firstValue(), .integer(1))
        // The connection has given up dropping: statements stay, and nothing fails.
        for round in 0..<40 {
            _ = try connection.prepare("SELECT \(round)")
        }
        XCTAssertGreaterThan(try preparedOnServer(connection), 70, "had it dropped again, about 50 would be left")
    }

    func testStatementsStillHeldKeepWorking() throws {
        let connection = try connect()
        let kept = try connection.prepare("SELECT $1::text || '!'")
        for round in 0..<100 {
            _ = try connection.prepare("SELECT \(round)")
        }
        try kept.bind([.text("still here")])
        XCTAssertTrue(try kept.step())
        XCTAssertEqual(kept.column(0), .text("still here!"))
    }
}
