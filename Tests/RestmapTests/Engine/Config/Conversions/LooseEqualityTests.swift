import XCTest
@testable import RestmapEngine

/// Matcher equality (SPEC §1.4) and `value_mappings` (SPEC §1.7).
final class LooseEqualityTests: XCTestCase {
    private func assertEqual(_ a: Value, _ b: Value, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(LooseEquality.matches(a, b), "\(a) = \(b)", file: file, line: line)
        XCTAssertTrue(LooseEquality.matches(b, a), "\(b) = \(a)", file: file, line: line)
        XCTAssertEqual(LooseEquality.key(a), LooseEquality.key(b), file: file, line: line)
    }

    private func assertNotEqual(_ a: Value, _ b: Value, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(LooseEquality.matches(a, b), "\(a) ≠ \(b)", file: file, line: line)
        XCTAssertFalse(LooseEquality.matches(b, a), "\(b) ≠ \(a)", file: file, line: line)
    }

    func testSameTypeSameValue() {
        assertEqual(.null, .null)
        assertEqual(true, true)
        assertEqual("abc", "abc")
        assertEqual(1, 1)
        assertNotEqual(true, false)
        assertNotEqual("abc", "ABC")
        assertNotEqual(1, 2)
    }

    func testNumbersCompareByValue() {
        assertEqual(1, .number("1.0"))
        assertEqual(.number("1e3"), .number("1000"))
        assertEqual(.number("0.10"), .number("1e-1"))
        assertEqual(.number("0"), .number("-0.0"))
        assertEqual(.number("-1.50"), .number("-15e-1"))
        assertNotEqual(.number("1"), .number("-1"))
        assertNotEqual(.number("0.1"), .number("0.10000000000000001"))
    }

    func testNumbersCompareExactlyBeyondDoublePrecision() {
        assertNotEqual(.number("12345678901234567890"), .number("12345678901234567891"))
        assertNotEqual("12345678901234567890", .number("12345678901234567891"))
        assertEqual("12345678901234567890", .number("12345678901234567890.0"))
        assertNotEqual(.number("9007199254740993"), .number("9007199254740992"))
    }

    func testStringsMatchNumbersByTextOrValue() {
        assertEqual("1", 1)
        assertEqual("1", .number("1.0"))
        assertEqual("1.0", 1)
        assertEqual("1", "1.0")
        assertEqual("01", 1)
        assertEqual(" 1 ", 1)
        assertEqual("1e0", 1)
        assertNotEqual("1a", 1)
        assertNotEqual("one", 1)
    }

    func testBooleanStrings() {
        assertEqual("true", true)
        assertEqual("false", false)
        assertNotEqual("true", false)
        assertNotEqual("True", true)
        assertNotEqual("yes", true)
    }

    func testDifferentTypesWithoutAStringDoNotMatch() {
        assertNotEqual(true, 1)
        assertNotEqual(false, 0)
        assertNotEqual(.null, "")
        assertNotEqual(.null, "null")
        assertNotEqual(.null, 0)
        assertNotEqual(.null, false)
        assertNotEqual([1], 1)
        assertNotEqual(["a": 1], "a")
    }

    func testContainers() {
        assertEqual([1, "a", true], ["1.0", "a", "true"])
        assertNotEqual([1, 2], [2, 1])
        assertNotEqual([1], [1, 1])
        assertEqual(["a": 1, "b": "x"], ["b": "x", "a": "1"])
        assertNotEqual(["a": 1], ["a": 1, "b": 2])
    }

    // MARK: value_mappings

    func testValueMappingReplacesMatchingInputs() {
        let mapping = ValueMapping(entries: [("A", "active"), ("1", "admin"), ("true", "yes"), ("_default", "other")])
        XCTAssertEqual(mapping.cases.count, 3)
        XCTAssertEqual(mapping.fallback, "other")
        XCTAssertEqual(mapping.map("A"), "active")
        XCTAssertEqual(mapping.map(1), "admin")
        XCTAssertEqual(mapping.map("1"), "admin")
        XCTAssertEqual(mapping.map(.number("1.0")), "admin")
        XCTAssertEqual(mapping.map(true), "yes")
        XCTAssertEqual(mapping.map("a"), "other")
        XCTAssertEqual(mapping.map(.null), "other")
        XCTAssertEqual(mapping.map(["x": 1]), "other")
        XCTAssertEqual(mapping.map(["A", 1, "zzz"]), ["active", "admin", "other"])
    }

    func testWithoutDefaultUnmatchedValuesPassUnchanged() {
        let mapping = ValueMapping(cases: [(input: "A", output: "active")], fallback: nil)
        XCTAssertEqual(mapping.map("B"), "B")
        XCTAssertEqual(mapping.map(.null), .null)
        XCTAssertEqual(mapping.map(.number("1.50")), .number("1.50"))
    }

    func testFirstMatchingInputWins() {
        let mapping = ValueMapping(cases: [(input: "1", output: "first"), (input: "1.0", output: "second")], fallback: nil)
        XCTAssertEqual(mapping.map(1), "first")
        XCTAssertEqual(mapping.map("1.00"), "first")
    }

    func testOutputsMayBeAnyValue() {
        let mapping = ValueMapping(cases: [(input: "yes", output: true), (input: "none", output: .null)], fallback: 0)
        XCTAssertEqual(mapping.map("yes"), true)
        XCTAssertEqual(mapping.map("none"), .null)
        XCTAssertEqual(mapping.map("other"), 0)
    }
}
