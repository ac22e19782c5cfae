import XCTest
@testable import RestmapEngine

final class JSONReaderTests: XCTestCase {
    private func parse(_ text: String, maxDepth: Int = JSONReader.defaultMaxDepth) throws -> Value {
        try JSONReader.value(from: Array(text.utf8), file: "in.json", maxDepth: maxDepth)
    }

    /// The rendered diagnostic of a document that must fail.
    private func failure(_ bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth,
                         file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let value = try JSONReader.value(from: bytes, file: "in.json", maxDepth: maxDepth)
            XCTFail("parsed as \(value)", file: file, line: line)
            return ""
        } catch let error as RestmapError {
            XCTAssertEqual(error.exitCode, 1, file: file, line: line)
            return error.description
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return ""
        }
    }

    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        failure(Array(text.utf8), file: file, line: line)
    }

    // MARK: - Values

    func testNumbersKeepTheirExactText() throws {
        let value = try parse("[12345678901234567890, 0.1, -0, 1E+2, 1.50e-10, 0, -12.50, 1e5]")
        XCTAssertEqual(value, .array([
            .number("12345678901234567890"), .number("0.1"), .number("-0"), .number("1E+2"),
            .number("1.50e-10"), .number("0"), .number("-12.50"), .number("1e5"),
        ]))
    }

    func testTextsAroundTheSmallStringLengthKeepEveryByte() throws {
        // Up to 15 bytes a text is built in place; longer ones and non-ASCII ones take the
        // validating path. Both sides of the boundary, as values, keys and numbers.
        let texts = ["", "a", String(repeating: "x", count: 14), String(repeating: "y", count: 15),
                     String(repeating: "z", count: 16), "é", "Zoë Ångström", "日本語のテキスト", "€€€€€"]
        let numbers = ["123456789012345", "1234567890123456", "-1.2345678901e+9", "0"]
        for text in texts {
            let json = "{\"\(text)\": [\"\(text)\", \(numbers.joined(separator: ", "))]}"
            let value = try parse(json)
            XCTAssertEqual(value, .object(ValueObject([(text, .array([.string(text)] + numbers.map { .number($0) }))])), text)
            guard case .object(let object) = value, case .array(let items) = object[text] else { return XCTFail(text) }
            XCTAssertEqual(object.keys.first.map { Array($0.utf8) }, Array(text.utf8))
            XCTAssertEqual(items.first.flatMap { if case .string(let s) = $0 { Array(s.utf8) } else { nil } }, Array(text.utf8))
        }
    }

    func testTopLevelScalarsAreDocuments() throws {
        XCTAssertEqual(try parse("\"x\""), .string("x"))
        XCTAssertEqual(try parse(" 42 "), .number("42"))
        XCTAssertEqual(try parse("true"), .bool(true))
        XCTAssertEqual(try parse("false\n"), .bool(false))
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse("-0.5"), .number("-0.5"))
    }

    func testContainersKeepOrderAndEmptiness() throws {
        let value = try parse(#"{"z": [], "a": {}, "m": [[], {"k": [1, {"x": null}]}]}"#)
        guard case .object(let object) = value else { return XCTFail("not an object") }
        XCTAssertEqual(object.keys, ["z", "a", "m"])
        XCTAssertEqual(value["z"], .array([]))
        XCTAssertEqual(value["a"], .object(ValueObject()))
        XCTAssertEqual(value["m"], .array([.array([]), ["k": [1, ["x": nil]]]]))
    }

    func testEveryEscape() throws {
        let value = try parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\u0000""#)
        XCTAssertEqual(value, .string("\"\\/\u{8}\u{C}\n\r\tAé€\u{0}"))
    }

    func testEscapesAmongLongRunsOfPlainText() throws {
        // Runs between escapes are copied whole: escapes first, last, back to back, and runs
        // of every length around them, with multi-byte characters inside the runs.
        let run = String(repeating: "ab é€ ", count: 40)
        let text = #""\n"# + run + #"\"\"\\"# + run + #"\u00e9"# + run.prefix(7) + #"\t""#
        XCTAssertEqual(try parse(text), .string("\n" + run + "\"\"\\" + run + "é" + run.prefix(7) + "\t"))
    }

    func testSurrogatePairsAndRawUTF8() throws {
        XCTAssertEqual(try parse(#""\ud83d\ude00 \uD83D\uDE00""#), .string("😀 😀"))
        XCTAssertEqual(try parse("\"Zoë 😀 日本\""), .string("Zoë 😀 日本"))
        XCTAssertEqual(try parse("\"a/b\u{7F}\u{2028}\""), .string("a/b\u{7F}\u{2028}"))
    }

    func testDuplicateKeysLastWinsInPlace() throws {
        let value = try parse(#"{"a": 1, "b": 2, "a": 3}"#)
        guard case .object(let object) = value else { return XCTFail("not an object") }
        XCTAssertEqual(object.keys, ["a", "b"])
        XCTAssertEqual(value["a"], .number("3"))

        // Past the size where objects get a hash index.
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let large = try parse("{\(members), \"k7\": \"seven\"}")
        guard case .object(let big) = large else { return XCTFail("not an object") }
        XCTAssertEqual(big.count, 40)
        XCTAssertEqual(large["k7"], .string("seven"))
        XCTAssertEqual(big.keys[7], "k7")
    }

    func testDuplicateKeysOfEveryKind() throws {
        func keys(_ text: String) throws -> [String] {
            guard case .object(let object) = try parse(text) else { return [] }
            return object.keys
        }
        let long = #"{"a_rather_long_key_name": 1, "x": 2, "a_rather_long_key_name": 3}"#
        XCTAssertEqual(try keys(long), ["a_rather_long_key_name", "x"])
        XCTAssertEqual(try parse(long)["a_rather_long_key_name"], 3)
        XCTAssertEqual(try keys(#"{"é": 1, "e": 0, "é": 2}"#), ["é", "e"])
        XCTAssertEqual(try keys(#"{"k\u0041": 1, "kA": 2}"#), ["kA"])
        // Keys that `String` holds equal (canonically equivalent) are one key, as in `ValueObject`.
        XCTAssertEqual(try keys("{\"\u{E9}\": 1, \"e\u{301}\": 2}").count, 1)
        // Up to 32 keys are checked by their tags; a repeat among them is still found.
        for count in [2, 9, 31, 32, 33] {
            let members = (0..<count).map { "\"key\($0)\": \($0)" }.joined(separator: ", ")
            let value = try parse("{\(members), \"key\(count / 2)\": \"again\"}")
            guard case .object(let object) = value else { return XCTFail("not an object") }
            XCTAssertEqual(object.count, count)
            XCTAssertEqual(value["key\(count / 2)"], "again")
            XCTAssertEqual(object.keys, (0..<count).map { "key\($0)" })
        }
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONReader.value(from: [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8), file: "in.json"),
                       ["a": 1])
        // Columns count from after the mark.
        XCTAssertEqual(failure([0xEF, 0xBB, 0xBF] + Array("[x]".utf8)), "in.json:1:2: error: unexpected character 'x'")
    }

    func testReadsAWholeByteSource() throws {
        let source = MemoryByteSource(#"{"list": [1, 2]}"#, name: "src.json")
        XCTAssertEqual(try JSONReader.value(from: source), ["list": [1, 2]])
        for (text, message) in [
            ("[1,", "src.json:1:4: error: unexpected end of input in an array"),
            ("  \n ", "src.json:2:2: error: unexpected end of input, expected a JSON value"),
            ("", "src.json:1:1: error: unexpected end of input, expected a JSON value"),
            ("{}\n{}", "src.json:2:1: error: trailing characters after the JSON value"),
        ] {
            XCTAssertThrowsError(try JSONReader.value(from: MemoryByteSource(text, name: "src.json"))) {
                XCTAssertEqual("\($0)", message)
            }
            XCTAssertEqual(failure(text).replacingOccurrences(of: "in.json", with: "src.json"), message)
        }
        let located = try JSONReader.valueWithLocations(from: MemoryByteSource("\u{FEFF} [true]", name: "src.json"))
        XCTAssertEqual(located.value, [true])
        XCTAssertEqual(located.locations["/0"]?.description, "src.json:1:3")
    }

    // MARK: - Errors

    func testStructuralErrorsNameWhatWasExpected() {
        XCTAssertEqual(failure(#"{"a" 1}"#), "in.json:1:6: error: expected ':' after an object key")
        XCTAssertEqual(failure(#"{"a":1 "b":2}"#), "in.json:1:8: error: expected ',' or '}' after an object member")
        XCTAssertEqual(failure("[1 2]"), "in.json:1:4: error: expected ',' or ']' after an array element")
        XCTAssertEqual(failure("{a:1}"), "in.json:1:2: error: expected a string key or '}' in an object")
        XCTAssertEqual(failure(#"{"a":1,2}"#), "in.json:1:8: error: expected a string key after ','")
        XCTAssertEqual(failure(#"{"a":1,}"#), "in.json:1:8: error: trailing comma before '}'")
        XCTAssertEqual(failure("[1,]"), "in.json:1:4: error: trailing comma before ']'")
        XCTAssertEqual(failure("[x]"), "in.json:1:2: error: unexpected character 'x'")
        XCTAssertEqual(failure("[é]"), "in.json:1:2: error: unexpected character 'é'")
        XCTAssertEqual(failure("[\u{1}]"), "in.json:1:2: error: unexpected character U+0001")
        XCTAssertEqual(failure("[1] x"), "in.json:1:5: error: trailing characters after the JSON value")
        XCTAssertEqual(failure("{} {}"), "in.json:1:4: error: trailing characters after the JSON value")
        XCTAssertEqual(failure("[True]"), "in.json:1:2: error: unexpected character 'T'")
        XCTAssertEqual(failure("[trux]"), "in.json:1:2: error: invalid literal, expected 'true'")
        XCTAssertEqual(failure("[nul"), "in.json:1:5: error: unexpected end of input in 'null'")
    }

    func testEndOfInputSaysWhereItStopped() {
        XCTAssertEqual(failure(""), "in.json:1:1: error: unexpected end of input, expected a JSON value")
        XCTAssertEqual(failure("  \n "), "in.json:2:2: error: unexpected end of input, expected a JSON value")
        XCTAssertEqual(failure("[1,"), "in.json:1:4: error: unexpected end of input in an array")
        XCTAssertEqual(failure(#"{"a":"#), "in.json:1:6: error: unexpected end of input in an object")
        XCTAssertEqual(failure(#"{"a":1"#), "in.json:1:7: error: unexpected end of input in an object")
        XCTAssertEqual(failure(#"["abc"#), "in.json:1:6: error: unexpected end of input in a string")
        XCTAssertEqual(failure("[-"), "in.json:1:3: error: unexpected end of input in a number")
    }

    /// Containers nested past 64 and 128 levels, objects and arrays mixed: each closes with its
    /// own bracket, and an end of input names the innermost one.
    func testDeepMixedNestingKeepsEachContainersKind() throws {
        let kinds = (0..<150).map { $0 % 3 != 1 }  // true: an object
        var text = ""
        for isObject in kinds { text += isObject ? #"{"k":"# : "[" }
        var closing = ""
        for isObject in kinds.reversed() { closing += isObject ? "}" : "]" }
        var value = try parse(text + "0" + closing)
        for isObject in kinds {
            if isObject {
                guard case .object(let object) = value, let inner = object["k"] else { return XCTFail("expected an object") }
                value = inner
            } else {
                guard case .array(let array) = value, array.count == 1 else { return XCTFail("expected an array") }
                value = array[0]
            }
        }
        XCTAssertEqual(value, 0)
        for depth in [64, 65, 129, 150] {
            let message = kinds[depth - 1] ? "in an object" : "in an array"
            let prefix = kinds.prefix(depth).map { $0 ? #"{"k":"# : "[" }.joined()
            XCTAssertTrue(failure(prefix + "0").hasSuffix("unexpected end of input " + message), "depth \(depth)")
        }
        // Levels deep in one branch and of the other kind in the next: each closes with its
        // own bracket, and the wrong one is refused.
        let objects = String(repeating: #"{"k":"#, count: 70) + "0" + String(repeating: "}", count: 70)
        let arrays = String(repeating: "[", count: 70) + "0" + String(repeating: "]", count: 70)
        XCTAssertNoThrow(try parse("[" + objects + "," + arrays + "," + objects + "]"))
        XCTAssertTrue(failure("[" + objects + "," + String(repeating: "[", count: 70) + "0}").hasSuffix(
            "expected ',' or ']' after an array element"))
        // A bracket of the wrong kind at depth 131 (an array there) is refused.
        let wrong = kinds.prefix(131).map { $0 ? #"{"k":"# : "[" }.joined() + "0}"
        XCTAssertTrue(failure(wrong).hasSuffix("expected ',' or ']' after an array element"))
    }

    func testNumberErrors() {
        XCTAssertEqual(failure("[01]"), "in.json:1:2: error: invalid number: leading zeros are not allowed")
        XCTAssertEqual(failure("[-01]"), "in.json:1:2: error: invalid number: leading zeros are not allowed")
        XCTAssertEqual(failure("[-a]"), "in.json:1:3: error: invalid number: expected a digit after '-'")
        XCTAssertEqual(failure("[1.]"), "in.json:1:4: error: invalid number: expected a digit after '.'")
        XCTAssertEqual(failure("[1e]"), "in.json:1:4: error: invalid number: expected a digit in the exponent")
        XCTAssertEqual(failure("[1E+]"), "in.json:1:5: error: invalid number: expected a digit in the exponent")
        XCTAssertEqual(failure("[+1]"), "in.json:1:2: error: unexpected character '+'")
        XCTAssertEqual(failure("[.5]"), "in.json:1:2: error: unexpected character '.'")
        XCTAssertEqual(failure("[1.5.3]"), "in.json:1:5: error: expected ',' or ']' after an array element")
    }

    func testStringErrors() {
        XCTAssertEqual(failure("[\"a\nb\"]"), "in.json:1:4: error: unescaped control character U+000A in a string")
        XCTAssertEqual(failure("[\"a\tb\"]"), "in.json:1:4: error: unescaped control character U+0009 in a string")
        XCTAssertEqual(failure(#"["\x"]"#), #"in.json:1:3: error: invalid escape '\x' in a string"#)
        XCTAssertEqual(failure(#"["\u12G4"]"#), #"in.json:1:3: error: invalid \u escape in a string: expected 4 hex digits"#)
        XCTAssertEqual(failure(#"["ab\ud800"]"#), #"in.json:1:5: error: unpaired surrogate escape '\ud800' in a string"#)
        XCTAssertEqual(failure(#"["\uDC00\uD800"]"#), #"in.json:1:3: error: unpaired surrogate escape '\uDC00' in a string"#)
        XCTAssertEqual(failure(#"["\ud800\u0041"]"#), #"in.json:1:3: error: unpaired surrogate escape '\ud800' in a string"#)
        XCTAssertEqual(failure(#"["\ud800\n"]"#), #"in.json:1:3: error: unpaired surrogate escape '\ud800' in a string"#)
    }

    func testLinesAndColumnsCountCodePoints() {
        let text = "{\n  \"a\": [1,\n    2,,\n  ]\n}"
        XCTAssertEqual(failure(text), "in.json:3:7: error: unexpected character ','")
        // `é` is two bytes but one column; so is a tab, and a four-byte emoji.
        XCTAssertEqual(failure("[\"é\",\t\"😀\", x]"), "in.json:1:12: error: unexpected character 'x'")
        XCTAssertEqual(failure("[1,\r\n x]"), "in.json:2:2: error: unexpected character 'x'")
    }

    func testInvalidUTF8() {
        func inString(_ bytes: [UInt8]) -> String { failure([0x5B, 0x22] + bytes + [0x22, 0x5D]) }
        XCTAssertEqual(inString([0xFF]), "in.json:1:3: error: invalid UTF-8 byte 0xff")
        XCTAssertEqual(inString([0x61, 0x80]), "in.json:1:4: error: invalid UTF-8 byte 0x80")
        XCTAssertEqual(inString([0xF5, 0x80, 0x80, 0x80]), "in.json:1:3: error: invalid UTF-8 byte 0xf5")
        // Overlong encodings of '/'.
        XCTAssertEqual(inString([0xC0, 0xAF]), "in.json:1:3: error: invalid UTF-8 byte 0xc0")
        XCTAssertEqual(inString([0xE0, 0x80, 0xAF]), "in.json:1:3: error: invalid UTF-8 sequence 0xe0 0x80 (overlong encoding)")
        XCTAssertEqual(inString([0xF0, 0x80, 0x80, 0xAF]), "in.json:1:3: error: invalid UTF-8 sequence 0xf0 0x80 (overlong encoding)")
        // U+D800 encoded in UTF-8, and U+110000.
        XCTAssertEqual(inString([0xED, 0xA0, 0x80]), "in.json:1:3: error: invalid UTF-8 sequence 0xed 0xa0 (encoded surrogate)")
        XCTAssertEqual(inString([0xF4, 0x90, 0x80, 0x80]), "in.json:1:3: error: invalid UTF-8 sequence 0xf4 0x90 (above U+10FFFF)")
        // Truncated: cut by the closing quote, and by the end of the input.
        XCTAssertEqual(inString([0xE2, 0x82]), "in.json:1:3: error: invalid UTF-8 sequence 0xe2 0x82 (truncated)")
        XCTAssertEqual(failure([0x22, 0xF0, 0x9F, 0x98]), "in.json:1:2: error: invalid UTF-8 sequence 0xf0 0x9f 0x98 (truncated)")
        // Outside strings.
        XCTAssertEqual(failure([0x5B, 0xFF, 0x5D]), "in.json:1:2: error: invalid UTF-8 byte 0xff")
        // After a run of two-byte characters, each fault is still found where it is.
        XCTAssertEqual(inString([0xC3, 0xA9, 0xCE, 0xA9, 0xFF]), "in.json:1:5: error: invalid UTF-8 byte 0xff")
        XCTAssertEqual(inString([0xC3, 0xA9, 0xC3, 0x41]), "in.json:1:4: error: invalid UTF-8 sequence 0xc3 (truncated)")
        XCTAssertEqual(inString([0xC3, 0xA9, 0xC1, 0xBF]), "in.json:1:4: error: invalid UTF-8 byte 0xc1")
        XCTAssertEqual(inString([0xD0, 0x96, 0xBF]), "in.json:1:4: error: invalid UTF-8 byte 0xbf")
        XCTAssertEqual(failure([0x22, 0xC3, 0xA9, 0xC3]), "in.json:1:3: error: invalid UTF-8 sequence 0xc3 (truncated)")
        XCTAssertEqual(try JSONReader.value(from: [0x22, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xCE, 0xA9, 0x41, 0xDF, 0xBF, 0x22], file: "in.json"),
                       .string("\u{E9}\u{20AC}\u{3A9}A\u{7FF}"))
        // The largest code point and the ones around the surrogates are fine.
        XCTAssertEqual(try JSONReader.value(from: [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80, 0x22],
                                            file: "in.json"),
                       .string("\u{10FFFF}\u{D7FF}\u{E000}"))
    }

    func testNestingDeeperThanTheLimitIsAPromptError() throws {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let started = Date()
        XCTAssertEqual(failure(deep), "in.json:1:10001: error: nesting deeper than 10000 levels")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)

        // Exactly the limit is fine.
        let limit = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        var value = try parse(limit)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        XCTAssertEqual(depth, 10_000)

        XCTAssertEqual(failure(Array(#"{"a":{"a":{"a":{}}}}"#.utf8), maxDepth: 3),
                       "in.json:1:16: error: nesting deeper than 3 levels")
    }

    // MARK: - Locations

    func testLocationsByPointer() throws {
        let text = """
        {
          "employees_list": [
            {"id": 1, "dept": null},
            {"id": 2, "dept": {"id": "d7", "name": "Zoë"}, "a/b~c": true}
          ]
        }
        """
        let (value, locations) = try JSONReader.valueWithLocations(from: Array(text.utf8), file: "emp.json")
        XCTAssertEqual(value, try parse(text))
        func at(_ pointer: String) -> String? { locations[pointer]?.description }
        XCTAssertEqual(at(""), "emp.json:1:1")
        XCTAssertEqual(at("/employees_list"), "emp.json:2:21")
        XCTAssertEqual(at("/employees_list/0"), "emp.json:3:5")
        XCTAssertEqual(at("/employees_list/0/dept"), "emp.json:3:23")
        XCTAssertEqual(at("/employees_list/1/dept/id"), "emp.json:4:30")
        XCTAssertEqual(at("/employees_list/1/dept/name"), "emp.json:4:44")
        XCTAssertEqual(at("/employees_list/1/a~1b~0c"), "emp.json:4:61")
        XCTAssertNil(at("/employees_list/2"))
        XCTAssertEqual(locations.byPointer.count, 11)
    }

    func testPlistNodesLocateValuesAndKeys() throws {
        let text = """
        {
          "entity_attribute_mappings": {"Employee": {"id": "entityId"}},
          "n": [1, 1.5, -2e3, null, true, "s"],
          "n": 2
        }
        """
        let root = try JSONReader.plist(from: Array(text.utf8), file: "cfg.json")
        XCTAssertEqual(root.location.description, "cfg.json:1:1")
        let entries = try XCTUnwrap(root.entries)
        XCTAssertEqual(entries.map(\.key), ["entity_attribute_mappings", "n", "n"])
        XCTAssertEqual(entries.map(\.keyLocation.description), ["cfg.json:2:3", "cfg.json:3:3", "cfg.json:4:3"])
        let employee = try XCTUnwrap(entries[0].value["Employee"])
        XCTAssertEqual(employee.location.description, "cfg.json:2:45")
        XCTAssertEqual(employee.entries?.first?.keyLocation.description, "cfg.json:2:46")
        XCTAssertEqual(employee["id"]?.stringValue, "entityId")
        let list = try XCTUnwrap(entries[1].value.elements)
        XCTAssertEqual(list.map(\.content), [.integer("1"), .real("1.5"), .real("-2e3"), .null, .boolean(true), .string("s")])
        XCTAssertEqual(list.map(\.location.description),
                       ["cfg.json:3:9", "cfg.json:3:12", "cfg.json:3:17", "cfg.json:3:23", "cfg.json:3:29", "cfg.json:3:35"])
        XCTAssertEqual(root["n"]?.content, .integer("2"))
    }

    func testPlistErrorsAreLocatedToo() {
        XCTAssertThrowsError(try JSONReader.plist(from: Array("{\n  \"a\": [1,]\n}".utf8), file: "cfg.json")) {
            XCTAssertEqual("\($0)", "cfg.json:2:11: error: trailing comma before ']'")
        }
    }
}
