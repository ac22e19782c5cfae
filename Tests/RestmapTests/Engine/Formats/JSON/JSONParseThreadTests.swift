import XCTest
@testable import RestmapEngine

/// The JSON parse on a thread of its own (`parsesOnOwnThread`, `--threads` above 1): the
/// caller gets the same elements, outcome and errors as when it parses itself.
final class JSONParseThreadTests: XCTestCase {
    private func document(_ count: Int, tail: String = "]}") -> String {
        "{\"skip\": [1, {\"a\": \"b\"}], \"items\": [\n"
            + (0..<count).map { "{\"id\": \($0), \"name\": \"n\\u00e9 \($0)\", \"tags\": [\($0), null, true]}" }.joined(separator: ",\n")
            + tail
    }

    /// Every element, the outcome, and the error, read with the parse on the caller's thread
    /// or on its own; a small window makes tokens straddle chunks.
    private func read(_ text: String, threaded: Bool, locations: Bool = false, members: Set<String>? = nil)
        -> (elements: [JSONStreamElement], outcome: JSONPathOutcome?, error: String?)
    {
        let reader = JSONStreamReader(source: MemoryByteSource(text, name: "in.json"), chunkSize: 64)
        reader.parsesOnOwnThread = threaded
        var seen: [JSONStreamElement] = []
        do {
            let outcome = try reader.streamElements(at: ["items"], members: members, withLocations: locations) { seen.append($0) }
            return (seen, outcome, nil)
        } catch {
            return (seen, nil, "\(error)")
        }
    }

    func testElementsAndOutcomeAreTheSameOnEitherThread() {
        for count in [0, 1, 63, 64, 65, 1_000] {
            let text = document(count)
            for locations in [false, true] {
                let mine = read(text, threaded: false, locations: locations)
                let own = read(text, threaded: true, locations: locations)
                XCTAssertEqual(own.outcome, .array(count: count), "\(count) elements")
                XCTAssertEqual(own.outcome, mine.outcome)
                XCTAssertNil(own.error)
                XCTAssertEqual(own.elements.map(\.value), mine.elements.map(\.value), "\(count) elements")
                XCTAssertEqual(own.elements.map(\.index), mine.elements.map(\.index))
                XCTAssertEqual(own.elements.map(\.location), mine.elements.map(\.location))
            }
        }
        let filtered = read(document(100), threaded: true, members: ["id"])
        let expected: Value = ["id": 99]
        XCTAssertEqual(filtered.elements.last?.value, expected)
    }

    /// The parser leaves values to the caller while it keeps up and builds them itself while
    /// it is behind: a caller that pauses now and then gets both, and the same values.
    func testValuesAreTheSameWhetherTheCallerKeepsUpOrFallsBehind() throws {
        let text = document(6_000)
        let mine = read(text, threaded: false)
        let reader = JSONStreamReader(source: MemoryByteSource(text, name: "in.json"), chunkSize: 4_096)
        reader.parsesOnOwnThread = true
        var values: [Value] = []
        try reader.streamElements(at: ["items"]) { element in
            values.append(element.value)
            if (values.count / 500) % 2 == 1 { usleep(20) }  // behind for a while, then quick again
        }
        XCTAssertEqual(values, mine.elements.map(\.value))
    }

    /// A batch whose first elements are on the tape and whose rest the parser built (an
    /// element too large for the tape, with and without an element filter), through the
    /// parse thread as `map --threads 2` runs it.
    func testABatchPartlyOnTheTapeGivesEveryElementInOrder() throws {
        let big = "{\"id\": \"big\", \"name\": [" + Array(repeating: "1", count: JSONHandOffBuilder.elementLimit / 4).joined(separator: ",") + "]}"
        var items = (0..<10).map { "{\"id\": \($0), \"name\": \"n \($0)\", \"x\": [\($0)]}" }
        items.insert(big, at: 4)
        let text = "{\"items\": [" + items.joined(separator: ",\n") + "]}"
        for members: Set<String>? in [nil, ["id", "name"]] {
            let mine = read(text, threaded: false, members: members)
            let own = read(text, threaded: true, members: members)
            XCTAssertNil(own.error)
            XCTAssertEqual(own.elements.count, 11)
            // (Compared as a boolean: a failure would print a million numbers.)
            XCTAssertTrue(own.elements.map(\.value) == mine.elements.map(\.value), "members \(members.map { $0.sorted() } ?? [])")
            XCTAssertEqual(own.elements.map(\.index), Array(0..<11))
        }
    }

    func testAMalformedDocumentGivesEveryElementBeforeTheErrorThenTheErrorOnce() {
        let text = document(200, tail: ",\n{\"id\": 200 \"x\": 1}]}")
        let mine = read(text, threaded: false)
        let own = read(text, threaded: true)
        XCTAssertEqual(own.elements.count, 200)
        XCTAssertEqual(own.elements.map(\.value), mine.elements.map(\.value))
        XCTAssertEqual(own.error, mine.error)
        XCTAssertTrue(own.error?.contains("in.json:202:") == true, own.error ?? "no error")
    }

    func testAnErrorOfTheCallerStopsTheParserAndIsRethrown() {
        struct Stop: Error {}
        let reader = JSONStreamReader(source: MemoryByteSource(document(5_000), name: "in.json"), chunkSize: 64)
        reader.parsesOnOwnThread = true
        var handed = 0
        XCTAssertThrowsError(try reader.streamElements(at: ["items"]) { _ in
            handed += 1
            if handed == 100 { throw Stop() }
        }) { error in
            XCTAssertTrue(error is Stop, "\(error)")
        }
        XCTAssertEqual(handed, 100, "nothing is handed to the caller after it threw")
    }
}

/// NDJSON read ahead on a parser thread (`JSONDocumentPrefetch`): each line's elements,
/// outcome or error, in order, as the caller's own parse gives them.
final class JSONDocumentPrefetchTests: XCTestCase {
    /// The caller's loop of `PayloadReader.forEachJSONDocument`: stream each document, report
    /// a bad one and skip its line.
    /// `failAt`: the caller throws a data error of its own at these elements (counted from 1).
    private func readLines(_ text: String, threaded: Bool, failAt: Set<Int> = []) -> [String] {
        let reader = JSONStreamReader(source: MemoryByteSource(text, name: "in.ndjson"), chunkSize: 64)
        reader.parsesOnOwnThread = threaded
        var seen: [String] = []
        var elements = 0
        do {
            repeat {
                do {
                    let outcome = try reader.streamElements(at: ["a"], members: ["x"]) { element in
                        seen.append("element \(element.index.map(String.init) ?? "-") \(element.value)")
                        elements += 1
                        if failAt.contains(elements) {
                            throw RestmapError.data(.jsonSyntax, "the caller's own error at element \(elements)")
                        }
                    }
                    seen.append("outcome \(outcome)")
                } catch let error as RestmapError where error.kind == .data {
                    seen.append("error \(error)")
                    try reader.skipLine()
                }
            } while try reader.hasMoreValues()
        } catch {
            seen.append("stopped \(error)")
        }
        return seen
    }

    func testLinesErrorsAndEndAreTheSameOnEitherThread() {
        var lines = (0..<500).map { "{\"a\": [{\"x\": \($0), \"y\": \"skip\"}, {\"x\": \"\\u00e9\"}], \"b\": 1}" }
        lines[3] = "{\"a\": [1, 2"  // cut short: the error is at the line's end
        lines[100] = "{\"a\": 1} trailing"  // two values on a line: "trailing" is the next one
        lines[250] = "{\"b\": [}"
        lines[251] = "   "
        lines[400] = "{\"c\": 5}"  // no key path: notFound
        for text in [lines.joined(separator: "\n"), lines.joined(separator: "\n") + "\n", lines.joined(separator: "\r\n")] {
            let mine = readLines(text, threaded: false)
            let ahead = readLines(text, threaded: true)
            XCTAssertEqual(ahead.count, mine.count)
            XCTAssertEqual(ahead, mine)
            XCTAssertTrue(mine.contains { $0.hasPrefix("error in.ndjson:251:") }, "\(mine.filter { $0.hasPrefix("error") })")
        }
    }

    func testAnErrorOfTheCallerDropsTheRestOfItsLineAsOneThreadWould() {
        let text = (0..<2_000).map { "{\"a\": [{\"x\": \($0)}, {\"x\": 0}]}" }.joined(separator: "\n")
        let ahead = readLines(text, threaded: true, failAt: [701, 1_500])
        XCTAssertEqual(ahead, readLines(text, threaded: false, failAt: [701, 1_500]))
        XCTAssertEqual(ahead.filter { $0.hasPrefix("error") }.count, 2)
        XCTAssertEqual(ahead.filter { $0.hasPrefix("outcome") }.count, 1_998)
    }

    func testErrorsOfTheCallerAtEveryPlaceOfABatchKeepTheNextLinesIntact() {
        // Every line's first element throws, so the rest of each line is dropped from every
        // position a batch can be at, the end of a batch (and into the next one) included.
        let text = (0..<1_000).map { "{\"a\": [{\"x\": \($0)}, {\"x\": \($0 + 1)}]}" }.joined(separator: "\n")
        let every = Set(1...2_000)
        let ahead = readLines(text, threaded: true, failAt: every)
        XCTAssertEqual(ahead, readLines(text, threaded: false, failAt: every))
        XCTAssertEqual(ahead.filter { $0.hasPrefix("error") }.count, 1_000)
        let firsts = (0..<1_000).map { "element 0 \(Value.object(ValueObject([("x", .number(String($0)))])))" }
        XCTAssertTrue(ahead.filter { $0.hasPrefix("element") } == firsts, "each line's first element once, in order")
    }
}
