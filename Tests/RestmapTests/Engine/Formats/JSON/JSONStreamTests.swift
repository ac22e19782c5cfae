import XCTest
@testable import RestmapEngine

/// What the JSON stream tests share: readers with tiny windows and a document of every shape.
class JSONStreamTestCase: XCTestCase {
    /// A reader with a 7-byte window, so that values and tokens straddle chunk boundaries.
    func reader(_ text: String, name: String = "in.json", chunk: Int = 7) -> JSONStreamReader {
        JSONStreamReader(source: MemoryByteSource(text, name: name), chunkSize: chunk)
    }

    func reader(bytes: [UInt8], chunk: Int = 7) -> JSONStreamReader {
        JSONStreamReader(source: MemoryByteSource(bytes, name: "in.json"), chunkSize: chunk)
    }

    let employees = """
        {"meta": {"note": "skip \\"me\\" \\u00e9 😀", "n": [1, [2, {"x": -0.5e3}], null, true]},
         "employees_list": [
          {"id": 1, "name": "Zoë", "dept": {"id": "d1"}, "tags": ["a", "b"]},
          {"id": 12345678901234567890, "name": "Tab\\tbed \\ud83d\\ude00", "dept": null, "tags": []},
          "scalar element",
          [1, 2]
         ],
         "after": {"still": ["checked"]}}
        """

    func elements(_ reader: JSONStreamReader, at path: [String], locations: Bool = false) throws
        -> (JSONPathOutcome, [JSONStreamElement])
    {
        var seen: [JSONStreamElement] = []
        let outcome = try reader.streamElements(at: path, withLocations: locations) { seen.append($0) }
        return (outcome, seen)
    }

    // MARK: - Elements at a key path
}

final class JSONStreamTests: JSONStreamTestCase {
    func testStreamsTheElementsOfTheArrayAtAKeyPath() throws {
        let whole = try JSONReader.value(from: Array(employees.utf8), file: "in.json")
        guard case .array(let expected) = whole["employees_list"] else { return XCTFail("no list") }
        for chunk in [2, 3, 5, 7, 11, 64, 1 << 20] {
            let (outcome, seen) = try elements(reader(employees, chunk: chunk), at: ["employees_list"])
            XCTAssertEqual(outcome, .array(count: 4), "chunk \(chunk)")
            XCTAssertEqual(seen.map(\.value), expected, "chunk \(chunk)")
            XCTAssertEqual(seen.map(\.index), [0, 1, 2, 3])
            XCTAssertNil(seen[0].location)
        }
        XCTAssertEqual(expected[1]["id"], .number("12345678901234567890"))
    }

    func testNestedPathsObjectsAndTheRoot() throws {
        let text = #"{"data": {"x": [0], "items": [{"a": 1}, {"a": 2}], "one": {"b": true}, "s": "str"}}"#
        var (outcome, seen) = try elements(reader(text), at: ["data", "items"])
        XCTAssertEqual(outcome, .array(count: 2))
        XCTAssertEqual(seen.map(\.value), [["a": 1], ["a": 2]])

        (outcome, seen) = try elements(reader(text), at: ["data", "one"])
        XCTAssertEqual(outcome, .single)
        XCTAssertEqual(seen.map(\.value), [["b": true]])
        XCTAssertEqual(seen.map(\.index), [nil])

        (outcome, seen) = try elements(reader(text), at: ["data", "s"])
        XCTAssertEqual(outcome, .single)
        XCTAssertEqual(seen.map(\.value), ["str"])

        // An empty path is the document itself.
        (outcome, seen) = try elements(reader("[1, {\"k\": [2]}, \"x\"]"), at: [])
        XCTAssertEqual(outcome, .array(count: 3))
        XCTAssertEqual(seen.map(\.value), [1, ["k": [2]], "x"])
        (outcome, seen) = try elements(reader(text), at: [])
        XCTAssertEqual(outcome, .single)
        XCTAssertEqual(seen.count, 1)
    }

    func testMembersLimitWhatEachElementBuilds() throws {
        let text = """
            {"list": [
              {"type": "E", "id": 1, "tags": [{"id": "not me"}], "dept": {"id": "d1", "x": [1]}, "id2": 0},
              {"dept": null, "skip": {"id": {"id": 3}}, "id": 2},
              [{"type": "arrays are kept whole"}],
              "scalar"
            ]}
            """
        for chunk in [3, 7, 1 << 20] {
            var seen: [JSONStreamElement] = []
            let outcome = try reader(text, chunk: chunk).streamElements(at: ["list"], members: ["id", "dept"],
                                                                         withLocations: true) { seen.append($0) }
            XCTAssertEqual(outcome, .array(count: 4))
            XCTAssertEqual(seen.map(\.value), [
                ["id": 1, "dept": ["id": "d1", "x": [1]]],
                ["dept": nil, "id": 2],
                [["type": "arrays are kept whole"]],
                "scalar",
            ], "chunk \(chunk)")
            XCTAssertEqual(seen[0].locations.byPointer.keys.sorted(),
                           ["/list/0", "/list/0/dept", "/list/0/dept/id", "/list/0/dept/x", "/list/0/dept/x/0", "/list/0/id"])
        }
        // The skipped values are still checked.
        XCTAssertThrowsError(try reader(#"{"list": [{"id": 1, "other": [1,]}]}"#).streamElements(at: ["list"], members: ["id"]) { _ in }) {
            XCTAssertEqual("\($0)", "in.json:1:33: error: trailing comma before ']'")
        }
    }

    /// The member filter hands the value builder each kept key's text made once: names of one
    /// length, of more than 8, 15 and 63 bytes, non-ASCII and escaped keys must all come out as
    /// written, and a key written twice in an element must still merge (the last value wins).
    func testKeptMemberKeysOfEveryShapeComeOutAsWrittenAndDuplicatesMerge() throws {
        let long = String(repeating: "k", count: 70)
        let members: Set<String> = ["id", "ab", "description_long_1", "Zoë", "départements_du_groupe", long]
        let text = """
            {"list": [
              {"id": 1, "ab": 2, "ac": 3, "description_long_1": 4, "description_long_2": 5, "Zoë": 6},
              {"i\\u0064": 7, "d\\u00e9partements_du_groupe": 8, "\(long)": 9, "\(long)x": 10, "id": 11},
              {"ab": 12, "ab": 13, "Zo\\u00eb": 14, "Zoë": 15}
            ]}
            """
        for chunk in [5, 1 << 20] {
            var seen: [Value] = []
            let outcome = try reader(text, chunk: chunk).streamElements(at: ["list"], members: members) { seen.append($0.value) }
            XCTAssertEqual(outcome, .array(count: 3))
            XCTAssertEqual(seen, [
                ["id": 1, "ab": 2, "description_long_1": 4, "Zoë": 6],
                ["id": 11, "départements_du_groupe": 8, long: 9],
                ["ab": 13, "Zoë": 15],
            ], "chunk \(chunk)")
            if case .object(let object) = seen[2] { XCTAssertEqual(object.keys, ["ab", "Zoë"]) }
        }
    }

    func testAMissingPathReportsTheRootKeysInDocumentOrder() throws {
        let (missing, seen) = try elements(reader(employees), at: ["employee_list"])
        XCTAssertEqual(missing, .notFound(rootKeys: ["meta", "employees_list", "after"]))
        XCTAssertTrue(seen.isEmpty)
        var outcome: JSONPathOutcome

        // A path that steps into a scalar is not found either.
        (outcome, _) = try elements(reader(#"{"z": 1, "a": {"b": null}}"#), at: ["a", "b", "c"])
        XCTAssertEqual(outcome, .notFound(rootKeys: ["z", "a"]))
        (outcome, _) = try elements(reader("3"), at: ["x"])
        XCTAssertEqual(outcome, .notFound(rootKeys: []))
    }

    /// A path that steps into an array fans out, as key-value coding does: each element is
    /// handed out whole with the keys still to apply — a root array included.
    func testAPathThatStepsIntoAnArrayFansOut() throws {
        let reader = JSONStreamReader(source: MemoryByteSource("[1, {\"x\": 2}]", name: "in.json"), chunkSize: 3)
        var seen: [JSONStreamElement] = []
        let outcome = try reader.streamElements(at: ["x"]) { seen.append($0) }
        XCTAssertEqual(outcome, .array(count: 2))
        XCTAssertEqual(seen.map(\.value), [1, ["x": 2]])
        XCTAssertEqual(seen.map(\.remainingKeyPath), [["x"], ["x"]])
    }

    func testElementLocationsUseDocumentPointers() throws {
        let (outcome, seen) = try elements(reader(employees), at: ["employees_list"], locations: true)
        XCTAssertEqual(outcome, .array(count: 4))
        XCTAssertEqual(seen[0].location?.description, "in.json:3:3")
        XCTAssertEqual(seen[0].locations["/employees_list/0"]?.description, "in.json:3:3")
        XCTAssertEqual(seen[0].locations["/employees_list/0/dept/id"]?.description, "in.json:3:43")
        XCTAssertEqual(seen[0].locations["/employees_list/0/tags/1"]?.description, "in.json:3:64")
        XCTAssertEqual(seen[1].locations["/employees_list/1/name"]?.description, "in.json:4:40")
        XCTAssertEqual(seen[2].locations.byPointer, ["/employees_list/2": SourceLocation(file: "in.json", line: 5, column: 3)])
        // Each element carries only its own locations.
        XCTAssertNil(seen[1].locations["/employees_list/0"])
        XCTAssertEqual(seen[0].locations.byPointer.count, 8)

        var single: [JSONStreamElement] = []
        try reader(#"{"a": {"b": {"c": 1}}}"#).streamElements(at: ["a", "b"], withLocations: true) { single.append($0) }
        XCTAssertEqual(single[0].locations.byPointer.keys.sorted(), ["/a/b", "/a/b/c"])
    }

    func testARepeatedPathKeyAfterTheTargetThrows() throws {
        let text = "{\"list\": [1, 2],\n \"list\": [3]}"
        var seen: [Value] = []
        XCTAssertThrowsError(try reader(text).streamElements(at: ["list"]) { seen.append($0.value) }) { error in
            guard let repeated = error as? JSONPathKeyRepeated else { return XCTFail("\(error)") }
            XCTAssertEqual(repeated.keyPath, ["list"])
            XCTAssertEqual(repeated.location?.description, "in.json:2:2")
            XCTAssertEqual(repeated.description, "in.json:2:2: the key path 'list' occurs twice in the document")
        }
        XCTAssertEqual(seen, [1, 2])

        // Before the target is reached, a later occurrence simply takes over.
        let late = #"{"data": null, "data": {"other": 1}, "data": {"items": [7]}}"#
        let (outcome, elements) = try elements(reader(late), at: ["data", "items"])
        XCTAssertEqual(outcome, .array(count: 1))
        XCTAssertEqual(elements.map(\.value), [7])
    }

    func testOffPathValuesAreStillChecked() {
        let text = "{\"meta\": {\"bad\": [1,]}, \"list\": [1]}"
        XCTAssertThrowsError(try reader(text).streamElements(at: ["list"]) { _ in }) {
            XCTAssertEqual("\($0)", "in.json:1:21: error: trailing comma before ']'")
        }
        XCTAssertThrowsError(try reader("{\"list\": [1, {\"a\": \"\u{1}\"}]}").streamElements(at: ["list"]) { _ in }) {
            XCTAssertEqual("\($0)", "in.json:1:21: error: unescaped control character U+0001 in a string")
        }
        XCTAssertThrowsError(try reader("").streamElements(at: ["list"]) { _ in }) {
            XCTAssertEqual("\($0)", "in.json:1:1: error: unexpected end of input, expected a JSON value")
        }
    }

    // MARK: - Several top-level values

    func testOneValueOrSeveral() throws {
        let single = reader("  {\"a\": [1]}\n\n")
        XCTAssertEqual(try single.nextValue()?.value, ["a": [1]])
        XCTAssertFalse(try single.hasMoreValues())
        XCTAssertNoThrow(try single.expectEnd())
        XCTAssertNil(try single.nextValue())

        let several = reader("{\"a\": 1}\n{\"a\": 2}")
        XCTAssertEqual(try several.streamElements(at: ["a"]) { _ in }, .single)
        XCTAssertTrue(try several.hasMoreValues())
        XCTAssertThrowsError(try several.expectEnd()) {
            XCTAssertEqual("\($0)", "in.json:2:1: error: trailing characters after the JSON value")
        }
        XCTAssertEqual(several.valuesRead, 1)

        // Any whitespace, or none, separates values.
        let packed = reader("{}{}[] 1 \"s\"\ttrue\r\nnull -2.5")
        var values: [Value] = []
        while let document = try packed.nextValue() { values.append(document.value) }
        XCTAssertEqual(values, [[:], [:], [], 1, "s", true, nil, .number("-2.5")])
        XCTAssertEqual(packed.valuesRead, 8)

        var lines: [Int?] = []
        XCTAssertEqual(try reader("1\n\n[2]\n  {}").forEachValue { lines.append($0.location.line) }, 3)
        XCTAssertEqual(lines, [1, 3, 4])
    }

    func testNDJSONReportsTheBadLineAndGoesOn() throws {
        let text = """
            {"id": 1, "name": "a"}
            {"id": 2, "name": "long enough to straddle chunks"}
            {"id": 3,, "name": "c"}
            {"id": 4}
            """
        let ndjson = reader(text, name: "in.ndjson")
        var ids: [Value] = []
        var lines: [Int?] = []
        var errors: [String] = []
        while true {
            do {
                guard let document = try ndjson.nextValue() else { break }
                ids.append(document.value["id"] ?? nil)
                lines.append(document.location.line)
            } catch let error as RestmapError {
                errors.append(error.description)
                try ndjson.skipLine()
            }
        }
        XCTAssertEqual(ids, [1, 2, 4])
        XCTAssertEqual(lines, [1, 2, 4])
        XCTAssertEqual(errors, ["in.ndjson:3:10: error: expected a string key after ','"])
    }

    func testDocumentsCarryLocationsWhenAsked() throws {
        let ndjson = reader("{\"a\": [true]}\n  {\"b\": {\"c\": null}}\n")
        let first = try XCTUnwrap(ndjson.nextValue(withLocations: true))
        XCTAssertEqual(first.locations["/a/0"]?.description, "in.json:1:8")
        let second = try XCTUnwrap(ndjson.nextValue(withLocations: true))
        XCTAssertEqual(second.location.description, "in.json:2:3")
        XCTAssertEqual(second.locations["/b/c"]?.description, "in.json:2:15")

        // Builders are reused from one document to the next, whatever the previous one was.
        let mixed = reader("{\"l\": [{\"x\": 1}]}\n[2]\n{\"l\": [3]}\n")
        var elements: [JSONStreamElement] = []
        try mixed.streamElements(at: ["l"], withLocations: true) { elements.append($0) }
        XCTAssertEqual(try mixed.nextValue(withLocations: true)?.locations.byPointer.keys.sorted(), ["", "/0"])
        try mixed.streamElements(at: ["l"], withLocations: true) { elements.append($0) }
        XCTAssertEqual(elements.map { $0.locations.byPointer.keys.sorted() }, [["/l/0", "/l/0/x"], ["/l/0"]])
        XCTAssertEqual(elements.map(\.value), [["x": 1], 3])
    }

    // MARK: - Chunk boundaries

}
