import XCTest
@testable import RestmapEngine

/// An identity key made in one pass must be the key `IdentityText` gives, placed where the
/// identity table would place that text: otherwise an object looked up with one and inserted
/// with the other would be mapped twice.
final class IdentityKeyTests: XCTestCase {
    func testKeysAgreeWithIdentityTextAndTheTablesIntegerReading() {
        let values: [Value] = [
            .number("0"), .number("42"), .number("-7"), .number("-0"), .number("007"), .number("1.50"), .number("1e3"),
            .number("123456789012345678"), .number("1234567890123456789"), .number("-123456789012345678"),
            .string("17"), .string("0017"), .string("-3"), .string("abc"), .string(""), .string("٣"), .bool(true),
        ]
        for value in values {
            let key = IdentityKey(value)
            XCTAssertEqual(key?.text, IdentityText.key(for: value), "\(value)")
            XCTAssertEqual(key?.integer, key.flatMap { IdentityKeyHash.integerValue($0.text) }, "\(value)")
        }
        XCTAssertNil(IdentityKey(.null))
        XCTAssertNil(IdentityKey(.array([.number("1")])))
    }

    func testOnlyCanonicalIntegersAreReadAsSuch() {
        XCTAssertEqual(IdentityKeyHash.canonicalInteger("1000001"), 1_000_001)
        XCTAssertEqual(IdentityKeyHash.canonicalInteger("-12"), -12)
        XCTAssertEqual(IdentityKeyHash.canonicalInteger("0"), 0)
        for text in ["-0", "012", "+1", "1.0", "", "-", "1_000", "1234567890123456789"] {
            XCTAssertNil(IdentityKeyHash.canonicalInteger(text), text)
        }
    }

    func testAnObjectInsertedUnderAValuesKeyIsFoundByTheSameTextAndAnEqualValue() throws {
        let graph = ObjectGraph()
        let plan = EntityPlan(mapping: EntityMapping(name: "Item", location: .file("test"), isPlain: false), order: 0)
        let object = graph.insert(plan, identityKey: IdentityKey(.number("17")))
        XCTAssertTrue(graph.existing(plan, identityKey: IdentityKey(text: "17")) === object)
        XCTAssertTrue(graph.existing(plan, identityKey: try XCTUnwrap(IdentityKey(.string("17")))) === object)
        XCTAssertNil(graph.existing(plan, identityKey: try XCTUnwrap(IdentityKey(.string("017")))))
    }
}
