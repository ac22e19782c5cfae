@testable import RestmapStore
import XCTest

/// How values travel to and from PostgreSQL without a server: COPY's text format, jsonb's
/// text read back into SQLite's storage classes, and URLs shown without their password.
final class PostgreSQLEncodingTests: XCTestCase {
    func testCopyRowsEscapeWhatCopyAndJSONWouldMisread() {
        var rows = PostgreSQLCopyRows()
        rows.append(.text("tab\there \"q\" C:\\ line\nend"), .plain)
        rows.append(.text("tab\there \"q\" C:\\ line\nend"), .jsonb)
        rows.append(.null, .jsonb)
        rows.append(.integer(-9_223_372_036_854_775_808), .plain)
        rows.append(.blob([0x00, 0xff]), .bytea)
        rows.append(true)
        rows.endRow()
        XCTAssertEqual(
            String(decoding: rows.bytes, as: UTF8.self),
            #"tab\there "q" C:\\ line\nend"# + "\t" + #""tab\\u0009here \\"q\\" C:\\\\ line\\u000aend""# + "\t"
                + #"\N"# + "\t-9223372036854775808\t" + #"\\x00ff"# + "\tt\n")
    }

    func testJSONBValuesReadBackAsTheStorageClassSQLiteKeeps() {
        XCTAssertEqual(PostgreSQLValues.fromJSON(Array(#""Zoë \"q\"""#.utf8)), .text("Zoë \"q\""))
        XCTAssertEqual(PostgreSQLValues.fromJSON(Array("42".utf8)), .integer(42))
        XCTAssertEqual(PostgreSQLValues.fromJSON(Array("1.5".utf8)), .real(1.5))
        // Text that is not the shortest form of a double stays JSON text, as SQLite keeps it.
        XCTAssertEqual(PostgreSQLValues.fromJSON(Array("1.50".utf8)), .blob(Array("1.50".utf8)))
        XCTAssertEqual(PostgreSQLValues.fromJSON(Array("true".utf8)), .blob(Array("true".utf8)))
        XCTAssertEqual(PostgreSQLValues.text(.text("a\"b"), jsonb: true), Array(#""a\"b""#.utf8))
        XCTAssertEqual(PostgreSQLValues.text(.text("a\"b"), jsonb: false), Array("a\"b".utf8))
    }

    func testURLsAreShownWithoutTheirPassword() {
        XCTAssertEqual(PostgreSQLStore.displayName("postgresql://loader:s3cret@db:5432/hr?sslmode=require"),
                       "postgresql://loader@db:5432/hr?sslmode=require")
        XCTAssertEqual(PostgreSQLStore.displayName("postgres://db/hr"), "postgres://db/hr")
        XCTAssertEqual(PostgreSQLStore.displayName("postgresql://"), "postgresql://")
        XCTAssertTrue(PostgreSQLStore.handles("postgres://x"))
        XCTAssertFalse(PostgreSQLStore.handles("store.db"))
    }

    func testTheDialectsShareTheUpsertAndDifferInTypesAndMarkers() {
        let postgres = PostgreSQLDialect(), sqlite = SQLiteDialect()
        XCTAssertEqual(
            postgres.upsert(table: "E", columns: ["id", "name"], conflictColumns: ["id"]),
            #"INSERT INTO "E" ("id", "name") VALUES ($1, $2) ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name" WHERE "name" IS DISTINCT FROM excluded."name""#)
        XCTAssertEqual(
            sqlite.upsert(table: "E", columns: ["id", "name"], conflictColumns: ["id"]),
            #"INSERT INTO "E" ("id", "name") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name" WHERE "name" IS NOT excluded."name""#)
        XCTAssertEqual(postgres.columnType(for: nil), "JSONB")
        XCTAssertEqual(postgres.columnType(for: .decimal), "TEXT")
        XCTAssertEqual(postgres.reference(to: "D"), "")
        XCTAssertEqual(sqlite.reference(to: "D"), #" REFERENCES "D" ("_rowid")"#)
    }
}
