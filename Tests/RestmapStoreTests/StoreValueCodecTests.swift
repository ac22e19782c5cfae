@testable import RestmapStore
import RestmapEngine
import XCTest

/// What a column holds for each value, and that it reads back as the same value.
final class StoreValueCodecTests: XCTestCase {
    func testTypedValuesTakeTheirTypesNaturalStorage() {
        XCTAssertEqual(StoreValueCodec.encode(.number("42"), as: .integer32), .integer(42))
        XCTAssertEqual(StoreValueCodec.encode(.number("0.1"), as: .double), .real(0.1))
        XCTAssertEqual(StoreValueCodec.encode(.number("1.50"), as: .decimal), .text("1.50"))
        XCTAssertEqual(StoreValueCodec.encode(.bool(true), as: .boolean), .integer(1))
        XCTAssertEqual(StoreValueCodec.encode(.string("AAEC"), as: .binary), .blob([0, 1, 2]))
        XCTAssertEqual(StoreValueCodec.encode(.string("2013-02-12T22:58:52Z"), as: .date), .text("2013-02-12T22:58:52Z"))
        XCTAssertEqual(StoreValueCodec.encode(.null, as: .integer64), .null)
    }

    func testUntypedValuesKeepTheirKindAndText() {
        XCTAssertEqual(StoreValueCodec.encode(.number("7"), as: nil), .integer(7))
        XCTAssertEqual(StoreValueCodec.encode(.string("7"), as: nil), .text("7"))
        XCTAssertEqual(StoreValueCodec.encode(.number("1.5"), as: nil), .real(1.5))
        // Texts a binary number would not give back exactly go in as JSON.
        XCTAssertEqual(StoreValueCodec.encode(.number("1.50"), as: nil), .blob(Array("1.50".utf8)))
        XCTAssertEqual(StoreValueCodec.encode(.number("1e3"), as: nil), .blob(Array("1e3".utf8)))
        XCTAssertEqual(StoreValueCodec.encode(.bool(false), as: nil), .blob(Array("false".utf8)))
    }

    func testEveryValueReadsBackAsItWasWritten() {
        let cases: [(Value, AttributeType?)] = [
            (.number("12345678901234567890"), nil), (.number("-0.5"), nil), (.number("1.50"), nil),
            (.string("12"), nil), (.bool(true), nil), (.array([.number("1"), .string("a"), .null]), nil),
            (.object(ValueObject([("k", .bool(false))])), nil), (.number("12345678901234567890.10"), .decimal),
            (.bool(false), .boolean), (.string("AAEC"), .binary), (.string("2013-02-12T22:58:52.250Z"), .date),
            (.number("9223372036854775807"), .integer64), (.string("x"), .integer64), (.null, .string),
        ]
        for (value, type) in cases {
            XCTAssertEqual(StoreValueCodec.decode(StoreValueCodec.encode(value, as: type), as: type), value, "\(value) as \(String(describing: type))")
        }
    }

    func testIdentifiersAreQuotedWhateverTheyHold() {
        let dialect = SQLiteDialect()
        XCTAssertEqual(dialect.quote(#"we"ird name"#), #""we""ird name""#)
        XCTAssertEqual(
            dialect.upsert(table: "T", columns: ["id", "a"], conflictColumns: ["id"]),
            #"INSERT INTO "T" ("id", "a") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "a" = excluded."a" WHERE "a" IS NOT excluded."a""#)
    }
}
