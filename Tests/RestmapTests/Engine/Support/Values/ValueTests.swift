import XCTest
@testable import RestmapEngine

final class ValueTests: XCTestCase {
    func testDuplicateKeyReplacesInPlace() {
        var object = ValueObject()
        object["a"] = .number("1")
        object["b"] = .number("2")
        object["a"] = .number("3")
        XCTAssertEqual(object.keys, ["a", "b"])
        XCTAssertEqual(object["a"], .number("3"))
    }

    func testLargeObjectsLookUpThroughTheirIndex() {
        var object = ValueObject()
        for i in 0..<100 { object["k\(i)"] = .number(String(i)) }
        object["k7"] = .string("seven")
        XCTAssertEqual(object.count, 100)
        XCTAssertEqual(object["k7"], .string("seven"))
        XCTAssertEqual(object["k99"], .number("99"))
        object["k7"] = nil
        XCTAssertNil(object["k7"])
        XCTAssertEqual(object["k8"], .number("8"))
    }

    func testAHintedLookupFindsEveryKeyWhateverTheHintAndLearnsItsPosition() {
        let object = ValueObject([("type", "employee"), ("id", 7), ("name", "Ann")])
        for start in [0, 1, 2, 3, 99, -1, Int.min] {
            var hint = start
            XCTAssertEqual(object.value(forKey: "name", hint: &hint), "Ann", "hint \(start)")
            XCTAssertEqual(hint, 2)
            XCTAssertEqual(object.value(forKey: "name", hint: &hint), "Ann")
            var missing = start
            XCTAssertNil(object.value(forKey: "salary", hint: &missing))
            XCTAssertEqual(missing, start)
        }
        // A hint learnt on one object, used on another that writes its keys in another order.
        var hint = 0
        XCTAssertEqual(ValueObject([("id", 1), ("type", "a")]).value(forKey: "type", hint: &hint), "a")
        XCTAssertEqual(ValueObject([("type", "b"), ("id", 2)]).value(forKey: "type", hint: &hint), "b")
        XCTAssertEqual(hint, 0)
        // Large objects look up through their index, hint or not.
        let large = ValueObject((0..<40).map { ("k\($0)", Value(integerLiteral: $0)) })
        var far = 3
        XCTAssertEqual(large.value(forKey: "k31", hint: &far), 31)
        XCTAssertEqual(far, 31)
    }

    func testBase64RoundTrips() {
        for text in ["", "f", "fo", "foo", "foob", "fooba", "foobar"] {
            let encoded = Base64.encode(Array(text.utf8))
            XCTAssertEqual(Base64.decode(encoded).map { String(decoding: $0, as: UTF8.self) }, text)
        }
        XCTAssertEqual(Base64.encode(Array("foobar".utf8)), "Zm9vYmFy")
        XCTAssertNil(Base64.decode("Zm9v!mFy"))
    }

    func testPointerEscapingGoesByScalarNotCharacter() {
        // `~` followed by a combining accent is one Character but must still be escaped.
        XCTAssertEqual(PayloadLocations.appending("~\u{301}", to: ""), "/~0\u{301}")
        XCTAssertNotEqual(
            PayloadLocations.appending("\u{301}", to: PayloadLocations.appending("a", to: "")),
            PayloadLocations.appending("a/\u{301}", to: ""))
    }

    func testNearestLocationFallsBackToAnAncestor() {
        var locations = PayloadLocations()
        locations["/list"] = SourceLocation(file: "f", line: 2, column: 3)
        XCTAssertNil(locations["/list/0/name"])
        XCTAssertEqual(locations.nearest("/list/0/name")?.description, "f:2:3")
    }

    func testPointerEscaping() {
        XCTAssertEqual(PayloadLocations.appending("a/b~c", to: ""), "/a~1b~0c")
        XCTAssertEqual(PayloadLocations.appending(3, to: "/list"), "/list/3")
    }
}
