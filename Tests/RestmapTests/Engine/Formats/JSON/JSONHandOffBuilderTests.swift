import XCTest
@testable import RestmapEngine

/// Values left on a tape by the parse thread and built on the mapping thread are the values
/// the parser builds itself: escapes, Unicode, numbers as written, nesting, duplicate keys,
/// the element filter, and a switch between the two at any element.
final class JSONHandOffBuilderTests: XCTestCase {
    private static let elements = [
        #"{"id": 1, "name": "plain", "description": "a text of more than fifteen bytes, ASCII only"}"#,
        #"{"id": -2.5e+3, "name": "caf\u00e9 \"quoted\" \\ \n", "emoji": "\ud83d\ude00", "ünï": "ñ"}"#,
        #"{"id": 12345678901234567890, "flags": [true, false, null], "empty": {}, "none": [], "nested": {"a": [1, {"b": "c"}]}}"#,
        #"{"id": 4, "id": 5, "k\u0065y": "escaped key", "key": "plain again"}"#,
        #""a string element""#,
        #"[1, "two", [3]]"#,
        #"null"#,
        #"{"id": 7, "name": "Tesorería", "description": "Ümit's notes: \t tabs and \/ slashes"}"#,
    ]

    private func document(repeating times: Int) -> String {
        let items = (0..<times).flatMap { _ in Self.elements }
        return "{\"before\": {\"x\": [1]}, \"items\": [\n" + items.joined(separator: ",\n") + "]}"
    }

    /// The elements' values as one thread's parse builds them.
    private func builtByTheParser(_ text: String, members: Set<String>?) throws -> [Value] {
        let reader = JSONStreamReader(source: MemoryByteSource(text, name: "in.json"), chunkSize: 64)
        var values: [Value] = []
        try reader.streamElements(at: ["items"], members: members) { values.append($0.value) }
        return values
    }

    /// The elements' values through a `JSONHandOffBuilder` whose elements go to the tape where
    /// `onTape` says (by element index), the tape's ones then built by a replayer.
    private func handedOff(_ text: String, members: Set<String>?, onTape: @escaping (Int) -> Bool) throws -> [Value] {
        try handedOffCounting(text, members: members, onTape: onTape).values
    }

    /// `handedOff`, with how many elements the tape carried.
    private func handedOffCounting(
        _ text: String, members: Set<String>?, onTape: @escaping (Int) -> Bool
    ) throws -> (values: [Value], onTape: Int) {
        let reader = JSONStreamReader(source: MemoryByteSource(text, name: "in.json"), chunkSize: 64)
        let target = JSONPathTarget(path: ["items"], members: members)
        let handOff = JSONHandOffBuilder(members: target.members)
        var elements: [(value: Value, onTape: Bool)] = []
        handOff.onTape = onTape(0)
        var builder = JSONPathBuilder(target: target, inner: handOff, file: "in.json", locations: false) { element in
            elements.append((element.value, handOff.onTape))
            handOff.onTape = onTape(elements.count)
        }
        XCTAssertTrue(try reader.skipToValue())
        try reader.read(into: &builder)
        var replayed: [Value] = []
        if handOff.hasTape {
            try JSONTapeReplayer(members: target.members).replay(handOff.takeTape(into: JSONEventTape())) { replayed.append($0) }
        }
        XCTAssertEqual(replayed.count, elements.filter(\.onTape).count, "one value replayed per element on the tape")
        var next = replayed.makeIterator()
        return (elements.map { $0.onTape ? next.next() ?? .null : $0.value }, replayed.count)
    }

    func testValuesFromTheTapeAreTheParsersValues() throws {
        let text = document(repeating: 3)
        for members: Set<String>? in [nil, ["id", "name", "description", "ünï", "key"]] {
            let expected = try builtByTheParser(text, members: members)
            XCTAssertEqual(expected.count, 3 * Self.elements.count)
            let patterns: [(String, (Int) -> Bool)] = [
                ("all on the tape", { _ in true }), ("none", { _ in false }), ("every other", { $0 % 2 == 0 }),
                ("runs of three", { ($0 / 3) % 2 == 1 }),
            ]
            for (label, pattern) in patterns {
                XCTAssertEqual(try handedOff(text, members: members, onTape: pattern), expected, "\(label), members \(members.map { $0.sorted() } ?? [])")
            }
        }
    }

    func testAnElementCutShortByAnErrorIsNotReplayed() throws {
        let text = "{\"items\": [" + Self.elements[0] + ", " + Self.elements[2] + ", {\"id\": 3, \"name\": \"cut\" \"x\": 1}]}"
        let reader = JSONStreamReader(source: MemoryByteSource(text, name: "in.json"), chunkSize: 64)
        let handOff = JSONHandOffBuilder(members: nil)
        let target = JSONPathTarget(path: ["items"], members: nil)
        var handed = 0
        var builder = JSONPathBuilder(target: target, inner: handOff, file: "in.json", locations: false) { _ in handed += 1 }
        XCTAssertTrue(try reader.skipToValue())
        XCTAssertThrowsError(try reader.read(into: &builder))
        XCTAssertEqual(handed, 2)
        var replayed: [Value] = []
        JSONTapeReplayer(members: nil).replay(handOff.takeTape(into: JSONEventTape())) { replayed.append($0) }
        XCTAssertEqual(replayed, try builtByTheParser("{\"items\": [" + Self.elements[0] + ", " + Self.elements[2] + "]}", members: nil))
    }

    func testATapeGrowsForAnElementLargerThanItsStorage() throws {
        let long = String(repeating: "x", count: 100_000)
        let text = "{\"items\": [{\"a\": \"\(long)\", \"b\": [\(Array(repeating: "1.5", count: 20_000).joined(separator: ","))]}]}"
        let handed = try handedOffCounting(text, members: nil, onTape: { _ in true })
        XCTAssertEqual(handed.onTape, 1, "the element stays on the tape, which grows")
        XCTAssertEqual(handed.values, try builtByTheParser(text, members: nil))
    }

    /// An element that outgrows the tape's limit is built by the parser from what the tape
    /// held of it, and the tape keeps the elements before it.
    func testAnElementTooLargeForTheTapeIsBuiltFromWhereItWas() throws {
        let numbers = "[" + Array(repeating: "1", count: JSONHandOffBuilder.elementLimit / 4).joined(separator: ",") + "]"
        let text = "{\"items\": [" + Self.elements[1] + ", {\"big\": " + numbers + ", \"after\": \"x\"}, " + Self.elements[2] + "]}"
        let reader = JSONStreamReader(source: MemoryByteSource(text, name: "in.json"), chunkSize: 4_096)
        let handOff = JSONHandOffBuilder(members: nil)
        var seen: [(value: Value, onTape: Bool)] = []
        var builder = JSONPathBuilder(target: JSONPathTarget(path: ["items"], members: nil), inner: handOff, file: "in.json", locations: false) {
            seen.append(($0.value, handOff.onTape))
        }
        XCTAssertTrue(try reader.skipToValue())
        try reader.read(into: &builder)
        XCTAssertEqual(seen.map(\.onTape), [true, false, false], "the large element and the rest of the batch are built")
        XCTAssertEqual(handOff.elementsOnTape, 1)
        var replayed: [Value] = []
        JSONTapeReplayer(members: nil).replay(handOff.takeTape(into: JSONEventTape())) { replayed.append($0) }
        XCTAssertEqual(replayed.count, 1)
        guard replayed.count == 1 else { return }
        let expected = try builtByTheParser(text, members: nil)
        // (Compared as booleans: a failure would print a million numbers.)
        XCTAssertTrue([replayed[0], seen[1].value, seen[2].value] == expected, "the values differ from the parser's")
    }
}
