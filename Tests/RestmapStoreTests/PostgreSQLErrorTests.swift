import XCTest
@testable import RestmapStore

/// libpq's multi-line error text becomes one message and notes, and the server's CONTEXT —
/// which during a COPY quotes the payload row being sent — is never kept.
final class PostgreSQLErrorTests: XCTestCase {
    func testAServerStoppedDuringACopyGivesItsReasonAndNoPayloadRow() {
        let text = """
            server closed the connection unexpectedly
            \tThis probably means the server terminated abnormally
            \tbefore or while processing the request.
            FATAL:  terminating connection due to administrator command
            CONTEXT:  COPY Employee, line 17985: "17985\t1017984\t"Private Person"\t"salary 90000"
            """
        let error = PostgreSQLError(state: PostgreSQLError.connectionLost, libpqText: text)
        XCTAssertEqual(error.message, "terminating connection due to administrator command")
        XCTAssertEqual(
            error.notes,
            ["server closed the connection unexpectedly", "This probably means the server terminated abnormally before or while processing the request."])
        XCTAssertFalse((error.notes + [error.message]).contains { $0.contains("Private") || $0.contains("17985") })
    }

    func testAnUnreachableServerKeepsLibpqsHintAsANote() {
        let text = """
            connection to server on socket "/tmp/x/.s.PGSQL.5432" failed: No such file or directory
            \tIs the server running locally and accepting
            \tconnections on that socket?
            """
        let error = PostgreSQLError(state: PostgreSQLError.unreachable, libpqText: text)
        XCTAssertEqual(error.message, #"connection to server on socket "/tmp/x/.s.PGSQL.5432" failed: No such file or directory"#)
        XCTAssertEqual(error.notes, ["Is the server running locally and accepting connections on that socket?"])
    }

    func testDetailAndHintBecomeNotesAndQueryEchoesAreDropped() {
        let text = """
            ERROR:  duplicate key value violates unique constraint "Employee_pkey"
            DETAIL:  Key ("entityId")=(7) already exists.
            HINT:  Check the data.
            LINE 1: INSERT INTO "Employee" VALUES ('private')
                                                  ^
            QUERY:  INSERT INTO "Employee" VALUES ('private')
            """
        let error = PostgreSQLError(state: "23505", libpqText: text)
        XCTAssertEqual(error.message, #"duplicate key value violates unique constraint "Employee_pkey""#)
        XCTAssertEqual(error.notes, [#"Key ("entityId")=(7) already exists."#, "Check the data."])
    }
}
