import XCTest
@testable import RestmapEngine

final class PathPatternTests: XCTestCase {
    func testDynamicSegmentsQueriesTrailingSlashesAndURLs() {
        let pattern = PathPattern("/users/:id/gists/")
        XCTAssertEqual(pattern.match("/users/42/gists"), ["id": "42"])
        XCTAssertEqual(pattern.match("/users/42/gists/?page=2&per=10"), ["id": "42"])
        XCTAssertEqual(pattern.match("https://api.github.com/users/SB%2014/gists#top"), ["id": "SB 14"])
        XCTAssertNil(pattern.match("/users/42"))
        XCTAssertNil(pattern.match("/users/42/gists/extra"))
        XCTAssertNil(pattern.match("/users//gists"), "a dynamic segment is never empty")
        XCTAssertEqual(PathPattern("/").match("/?q=1"), [:])
        XCTAssertEqual(PathPattern("departments").match("/departments/"), [:])
        XCTAssertNil(PathPattern("/Employees").match("/employees"), "literal segments are case-sensitive")
    }
}

final class KeyValueCodingTests: XCTestCase {
    let payload: Value = [
        "a": ["b": ["c": 1]],
        "list": [["x": 1], ["y": 2], ["x": ["z": 3]]],
        "s": "text",
        "nested": [[1, 2], [2, 3]],
    ]

    func value(_ keyPath: String) -> Value? {
        KeyValueCoding.value(at: KeyPath(keyPath), in: payload)
    }

    func testLookups() {
        XCTAssertEqual(value("a.b.c"), .number("1"))
        XCTAssertNil(value("a.missing"))
        XCTAssertNil(value("s.length"), "a key on a scalar yields nothing")
        XCTAssertEqual(value("s.text"), .string("text"), "text on a string is the string (XML configs)")
        XCTAssertEqual(value("list.1.y"), .number("2"))
        XCTAssertNil(value("list.7"))
        XCTAssertEqual(value("list.x"), [1, nil, ["z": 3]], "fan-out: missing keys contribute null")
        XCTAssertEqual(value("list.x.z"), [nil, nil, 3])
        XCTAssertEqual(value("list.@count"), .number("3"))
        XCTAssertEqual(value("a.@count"), .number("1"), "@count on a dictionary counts its entries")
        XCTAssertEqual(value("nested.@unionOfArrays"), [1, 2, 2, 3])
        XCTAssertEqual(value("nested.@distinctUnionOfArrays"), [1, 2, 3])
        XCTAssertEqual(value("list.@min.y"), .number("2"))
        XCTAssertEqual(value(""), payload)
    }

    func testLocatedValuesCarryPointersUnlessFannedOut() {
        XCTAssertEqual(
            KeyValueCoding.locatedValue(at: KeyPath("a.b.c"), in: payload, pointer: "/x")?.pointer, "/x/a/b/c")
        XCTAssertEqual(KeyValueCoding.locatedValue(at: KeyPath("list.1"), in: payload, pointer: "")?.pointer, "/list/1")
        XCTAssertNil(KeyValueCoding.locatedValue(at: KeyPath("list.x"), in: payload, pointer: "")?.pointer)
    }
}

final class DecimalTextTests: XCTestCase {
    func testCanonicalTextAndArithmetic() {
        XCTAssertEqual(DecimalText(text: "1.50")?.text, "1.5")
        XCTAssertEqual(DecimalText(text: "1e3")?.text, "1000")
        XCTAssertEqual(DecimalText(text: "-0.000")?.text, "0")
        XCTAssertEqual(DecimalText(text: "12345678901234567890")?.text, "12345678901234567890")
        XCTAssertNil(DecimalText(text: "01"))
        XCTAssertNil(DecimalText(text: "1."))
        XCTAssertNil(DecimalText(text: "+1"))
        let sum = DecimalText(text: "0.1")! + DecimalText(text: "0.2")!
        XCTAssertEqual(sum.text, "0.3", "exact, unlike Double")
        XCTAssertEqual((DecimalText(text: "5")! + DecimalText(text: "-7.5")!).text, "-2.5")
        XCTAssertTrue(DecimalText(text: "12345678901234567890")! < DecimalText(text: "12345678901234567891")!)
        XCTAssertTrue(DecimalText(text: "-2")! < DecimalText(text: "-1.5")!)
        XCTAssertEqual(DecimalText(text: "7")!.divided(by: 2).text, "3.5")
    }

    func testIdentityKeys() {
        XCTAssertEqual(IdentityText.key(for: .number("123.0")), IdentityText.key(for: .string("123")))
        XCTAssertNotEqual(IdentityText.key(for: .string("0123")), IdentityText.key(for: .number("123")))
        XCTAssertNil(IdentityText.key(for: .null))
    }
}
