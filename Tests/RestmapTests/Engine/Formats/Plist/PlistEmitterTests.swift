import XCTest
@testable import RestmapEngine

/// `--format plist`: numbers keep their text, nulls are left out (plists have none), text is
/// escaped, and what is written reads back as the same property list.
final class PlistEmitterTests: XCTestCase {
    func plist(_ value: Value) throws -> String {
        let sink = MemorySink()
        let emitter = PlistEmitter(sink: sink)
        try emitter.beginDocument()
        try emitter.emit(value)
        try emitter.endDocument()
        return sink.text
    }

    /// The lines between `<plist>` and `</plist>`.
    func body(_ value: Value) throws -> [String] {
        Array(try plist(value).split(separator: "\n").map(String.init).dropFirst(3).dropLast())
    }

    func testNumbersAreIntegersUnlessTheyHaveAFractionOrExponent() throws {
        XCTAssertEqual(
            try body([.number("12345678901234567890"), .number("-0"), .number("1.50"), .number("2e3"), .number("7E-1")]),
            ["<array>", "\t<integer>12345678901234567890</integer>", "\t<integer>-0</integer>", "\t<real>1.50</real>",
             "\t<real>2e3</real>", "\t<real>7E-1</real>", "</array>"])
    }

    func testNullMembersAndElementsAreLeftOut() throws {
        XCTAssertEqual(
            try body(["a": nil, "b": [nil, true, nil], "c": false]),
            ["<dict>", "\t<key>b</key>", "\t<array>", "\t\t<true/>", "\t</array>", "\t<key>c</key>", "\t<false/>", "</dict>"])
    }

    func testKeysAndStringsAreEscaped() throws {
        XCTAssertEqual(
            try body(["a<b>&\"c\"": "x < y & z"]),
            ["<dict>", "\t<key>a&lt;b&gt;&amp;&quot;c&quot;</key>", "\t<string>x &lt; y &amp; z</string>", "</dict>"])
    }

    func testEmptyContainers() throws {
        XCTAssertEqual(try body(["d": [:], "a": []]), ["<dict>", "\t<key>d</key>", "\t<dict>", "\t</dict>", "\t<key>a</key>", "\t<array>", "\t</array>", "</dict>"])
    }

    func testWhatIsWrittenReadsBackAsTheSamePropertyList() throws {
        let value: Value = ["name": "Ann & Bo", "n": 42, "tags": ["x", "y"], "nested": ["ok": true]]
        let text = try plist(value)
        XCTAssertTrue(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC"))
        XCTAssertTrue(text.hasSuffix("</plist>\n"))
        let node = try XMLPlistReader().read(Array(text.utf8), file: "out.plist")
        XCTAssertEqual(node.entries?.map(\.key), ["name", "n", "tags", "nested"])
        XCTAssertEqual(node["name"]?.stringValue, "Ann & Bo")
        XCTAssertEqual(node["tags"]?.elements?.compactMap(\.stringValue), ["x", "y"])
    }

    func testLargeOutputReachesTheSinkWhole() throws {
        let value = Value.array((0..<20_000).map { .string("element \($0)") })
        let lines = try plist(value).split(separator: "\n")
        XCTAssertEqual(lines.count, 3 + 2 + 20_000 + 1)
        XCTAssertEqual(lines[lines.count - 3], "\t<string>element 19999</string>")
    }
}
