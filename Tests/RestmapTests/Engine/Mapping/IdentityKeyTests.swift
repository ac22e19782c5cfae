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

    /// The shortcut for Integer 64 keys must give what converting the value and keying the
    /// result gives, or decline and leave the value to the conversion: an id written `"17"` in
    /// one payload and `17` in another is one object.
    func testTheInteger64ShortcutAgreesWithConvertingThenKeying() throws {
        let values: [Value] = [
            .number("0"), .number("42"), .number("-7"), .number("123456789012345678"), .number("-12345678901234567"),
            .string("17"), .string("-3"), .string("0"),
            .number("-0"), .number("007"), .number("1e3"), .number("1.0"), .number("1234567890123456789"),
            .number("-123456789012345678"), .string("017"), .string(" 42 "), .string("+5"), .string("abc"), .string(""),
            .string("٣"), .bool(true), .null,
        ]
        var taken = 0
        for value in values {
            guard let shortcut = IdentityKey.integer64(value) else { continue }
            taken += 1
            guard case .converted(let converted) = ValueConverter().convert(value, to: .integer64) else {
                return XCTFail("\(value) takes the shortcut but does not convert")
            }
            XCTAssertEqual(shortcut.converted, converted, "\(value)")
            let key = try XCTUnwrap(IdentityKey(converted))
            XCTAssertEqual(shortcut.key.text, key.text, "\(value)")
            XCTAssertEqual(shortcut.key.integer, key.integer, "\(value)")
        }
        XCTAssertEqual(taken, 9, "the canonical numbers and numeric strings, and nothing else")
    }

    /// The mapper takes the shortcut only for plans whose whole primary key is one Integer 64
    /// attribute without a value mapping; a key of another type, of two attributes or with a
    /// value mapping is converted in full.
    func testOnlyAWholeInteger64KeyWithoutValueMappingTakesTheShortcut() throws {
        let config = """
            {"entity_attribute_mappings": {
                "Plain": {"id": "entityId"}, "Mapped": {"id": "entityId"}, "Text": {"id": "entityId"},
                "Pair": {"id": "entityId", "part": "part"}, "Short": {"id": "entityId"}},
             "primary_key_mappings": {
                "Plain": ["entityId"], "Mapped": ["entityId"], "Text": ["entityId"], "Pair": ["entityId", "part"],
                "Short": ["entityId"]},
             "entity_attribute_types": {
                "Plain": {"entityId": "integer"}, "Mapped": {"entityId": "integer"}, "Text": {"entityId": "string"},
                "Pair": {"entityId": "integer", "part": "integer"}, "Short": {"entityId": "integer16"}},
             "value_mappings": {"Mapped": {"entityId": {"7": 8}}},
             "path_mappings": [{"uri": "/x", "matchers": [{"entity_name": "Plain"}]}]}
            """
        let plans = MappingPlans(try ConfigText.definitions(config, lint: false))
        let taking = try ["Plain", "Mapped", "Text", "Pair", "Short"].filter { try XCTUnwrap(plans.entity(named: $0)).hasInteger64Key }
        XCTAssertEqual(taking, ["Plain"])
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
