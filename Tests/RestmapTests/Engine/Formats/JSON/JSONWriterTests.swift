import XCTest
@testable import RestmapEngine

final class JSONWriterTests: XCTestCase {
    private let sample: Value = [
        "_entity": "Employee",
        "id": .number("12345678901234567890"),
        "salary": .number("1234.50"),
        "name": "Zoë",
        "dept": ["id": 7, "tags": []],
        "empty": .object(ValueObject()),
        "list": [1, [true, false], nil],
    ]

    private func written(_ style: JSONWriter.Style, _ body: (JSONWriter) throws -> Void) throws -> String {
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: style)
        try body(writer)
        try writer.flush()
        return sink.text
    }

    func testPrettyGolden() throws {
        let text = try written(.pretty) { try $0.write(sample); try $0.newline() }
        XCTAssertEqual(text, """
            {
              "_entity": "Employee",
              "id": 12345678901234567890,
              "salary": 1234.50,
              "name": "Zoë",
              "dept": {
                "id": 7,
                "tags": []
              },
              "empty": {},
              "list": [
                1,
                [
                  true,
                  false
                ],
                null
              ]
            }

            """)
    }

    func testCompactGolden() throws {
        let text = try written(.compact) { try $0.write(sample) }
        XCTAssertEqual(text, #"{"_entity":"Employee","id":12345678901234567890,"salary":1234.50,"name":"Zoë","dept":{"id":7,"tags":[]},"empty":{},"list":[1,[true,false],null]}"#)
    }

    func testEscaping() throws {
        let text = try written(.compact) {
            try $0.string("q\" b\\ s/ \n\t\r\u{8}\u{C} \u{0}\u{1}\u{1F} del\u{7F} ls\u{2028} é 😀")
        }
        XCTAssertEqual(text, "\"q\\\" b\\\\ s/ \\n\\t\\r\\b\\f \\u0000\\u0001\\u001f del\u{7F} ls\u{2028} é 😀\"")
        // Keys escape the same way, and long runs cross the eight-byte fast path.
        let key = try written(.compact) {
            try $0.beginObject()
            try $0.key("a \"quoted\" key that is long enough\n")
            try $0.null()
            try $0.endObject()
        }
        XCTAssertEqual(key, #"{"a \"quoted\" key that is long enough\n":null}"#)
        let encoded = JSONEncodedKey("tab\there")
        for style in [JSONWriter.Style.pretty, .compact] {
            XCTAssertEqual(try written(style) {
                try $0.beginObject()
                try $0.key(encoded)
                try $0.number("1")
                try $0.key("tab\there")
                try $0.number("2")
                try $0.endObject()
            }, style == .pretty ? "{\n  \"tab\\there\": 1,\n  \"tab\\there\": 2\n}" : #"{"tab\there":1,"tab\there":2}"#)
        }
    }

    /// Keys and names encoded beforehand are copied eight bytes at a time: whatever their
    /// length and however full the buffer, the output holds each exactly once, and what the
    /// copy writes past a key's end is overwritten by what follows.
    func testEncodedKeysOfEveryLengthNearTheBuffersEnd() throws {
        let keys = (1...18).map { JSONEncodedKey(String(repeating: "k", count: $0)) }
        var members = ""
        for (offset, key) in keys.enumerated() {
            members += "," + "\"" + String(repeating: "k", count: offset + 1) + "\":\"" + String(repeating: "k", count: offset + 1) + "\""
        }
        // A first member fills the buffer (64 KiB, the least it holds) to `room` bytes
        // before its end, so that the end falls at every byte of the members after it.
        for room in 0..<members.utf8.count {
            let filler = String(repeating: "f", count: (1 << 16) - 7 - room)
            let sink = MemorySink()
            let writer = JSONWriter(sink: sink, style: .compact, bufferSize: 1)
            try writer.beginObject()
            try writer.key("f")
            try writer.string(filler)
            for key in keys {
                try writer.key(key)
                try writer.string(key)
            }
            try writer.endObject()
            try writer.flush()
            XCTAssertEqual(sink.text, "{\"f\":\"" + filler + "\"" + members + "}", "\(room) bytes of room")
        }
    }

    /// In pretty style a member's comma, line start, key and colon are written together: at
    /// nesting depths 1 to 3, with the buffer's end falling at every byte among them, the
    /// output is what the same members give when written with keys given as text.
    func testPrettyEncodedKeysAtEveryDepthAcrossTheBuffersEnd() throws {
        let names = (1...12).map { String(repeating: "k", count: $0) }
        let encoded = names.map(JSONEncodedKey.init)
        func members(_ writer: JSONWriter, encodedKeys: Bool) throws {
            for depth in 1...3 {
                for (name, key) in zip(names, encoded) {
                    if encodedKeys { try writer.key(key) } else { try writer.key(name) }
                    try writer.number("1")
                }
                if depth < 3 {
                    if encodedKeys { try writer.key(encoded[depth]) } else { try writer.key(names[depth]) }
                    try writer.beginObject()
                }
            }
            try writer.endObject()
            try writer.endObject()
        }
        for room in 0..<400 {
            var outputs: [String] = []
            for encodedKeys in [true, false] {
                let sink = MemorySink()
                let writer = JSONWriter(sink: sink, style: .pretty, bufferSize: 1)
                try writer.beginObject()
                try writer.key("f")
                // `{`, line start, `"f": "` and the filler's closing quote: 10 bytes.
                try writer.string(String(repeating: "f", count: (1 << 16) - 10 - room))
                try members(writer, encodedKeys: encodedKeys)
                try writer.endObject()
                try writer.flush()
                outputs.append(sink.text)
            }
            XCTAssertEqual(outputs[0], outputs[1], "\(room) bytes of room")
        }
    }

    /// Strings and numbers short enough to be stored inline are copied as their two words,
    /// after a test of those words for bytes to escape: at every length up to 15, with a
    /// quote, backslash or control character at every position (or none), stored inline or
    /// not, and with the buffer's end (64 KiB, the least it holds) falling at every offset
    /// among them, the output is the escaped text exactly once.
    func testShortStringsAndNumbersOfEveryLengthAcrossTheBuffersEnd() throws {
        func escaped(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\u{0}": out += "\\u0000"
                case "\u{1F}": out += "\\u001f"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        var texts: [String] = []
        for length in 0...15 {
            let plain = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0))) })
            texts.append(plain)
            for special in ["\"", "\\", "\n", "\u{0}", "\u{1F}"] where length > 0 {
                for position in 0..<length {
                    var characters = Array(plain)
                    characters[position] = Character(special)
                    texts.append(String(characters))
                }
            }
        }
        texts += ["é", "Tesorería", "Ümit Brown", "日本語です", "~\u{7F}~"]
        XCTAssertTrue(texts.allSatisfy { SmallStringBits.inlineWords(of: $0) != nil })
        // The same texts stored out of line (made long, then cut short).
        let outOfLine = texts.map { text -> String in
            var long = text + String(repeating: "x", count: 40)
            long.removeLast(40)
            return long
        }
        XCTAssertTrue(outOfLine.allSatisfy { SmallStringBits.inlineWords(of: $0) == nil })
        let numbers = (1...16).map { String(repeating: "7", count: $0) }
        let items = (texts.map(escaped) + outOfLine.map(escaped) + numbers).joined(separator: ",")
        // A first string fills the buffer to `room` bytes before its end, so that the end
        // falls among the items: at every byte of the first ones, then every 29th on.
        for room in Array(0..<48) + Array(stride(from: 48, to: items.utf8.count, by: 29)) {
            let filler = String(repeating: "f", count: (1 << 16) - 3 - room)
            let sink = MemorySink()
            let writer = JSONWriter(sink: sink, style: .compact, bufferSize: 1)
            try writer.beginArray()
            try writer.string(filler)
            for text in texts + outOfLine { try writer.string(text) }
            for number in numbers { try writer.number(number) }
            try writer.endArray()
            try writer.flush()
            XCTAssertEqual(sink.text, "[\"" + filler + "\"," + items + "]", "\(room) bytes of room")
        }
    }

    /// Line breaks and indentation are copied eight bytes at a time from one prepared line:
    /// at every depth up to the cap and past it, with lines ending at every offset of the
    /// buffer as it fills and flushes, the output is each line exactly as written by hand.
    func testIndentationAtEveryDepthAcrossBufferFlushes() throws {
        // Arrays nested 0...69 deep around a number, 1,200 of them: some 4 MB of lines.
        let items: [Value] = (0..<1_200).map { item in
            var value: Value = .number(String(item))
            for _ in 0..<(item % 70) { value = .array([value]) }
            return value
        }
        func lines(_ value: Value, depth: Int, into text: inout [String], comma: Bool) {
            let pad = String(repeating: "  ", count: min(depth, IndentationCap.levels))
            if case .array(let elements) = value {
                text.append(pad + "[")
                for (index, element) in elements.enumerated() {
                    lines(element, depth: depth + 1, into: &text, comma: index < elements.count - 1)
                }
                text.append(pad + "]" + (comma ? "," : ""))
            } else if case .number(let number) = value {
                text.append(pad + number + (comma ? "," : ""))
            }
        }
        var expected: [String] = []
        lines(.array(items), depth: 0, into: &expected, comma: false)
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .pretty, bufferSize: 1 << 16)
        try writer.write(.array(items))
        try writer.flush()
        XCTAssertGreaterThan(sink.bytes.count, 10 << 16)
        // (Compared as a boolean: a failure would print megabytes.)
        XCTAssertTrue(sink.text == expected.joined(separator: "\n"), "the output differs from the lines written by hand")
    }

    func testEventsPlaceCommasAndIndentation() throws {
        func records(_ writer: JSONWriter) throws {
            try writer.beginArray()
            for id in 1...2 {
                try writer.beginObject()
                try writer.key("_entity")
                try writer.string("Dept")
                try writer.key("id")
                try writer.number(String(id))
                try writer.key("active")
                try writer.bool(id == 1)
                try writer.key("parent")
                try writer.write(["id": nil])
                try writer.endObject()
            }
            try writer.beginArray()
            try writer.endArray()
            try writer.endArray()
        }
        XCTAssertEqual(try written(.compact, records),
                       #"[{"_entity":"Dept","id":1,"active":true,"parent":{"id":null}},{"_entity":"Dept","id":2,"active":false,"parent":{"id":null}},[]]"#)
        XCTAssertEqual(try written(.pretty, records), """
            [
              {
                "_entity": "Dept",
                "id": 1,
                "active": true,
                "parent": {
                  "id": null
                }
              },
              {
                "_entity": "Dept",
                "id": 2,
                "active": false,
                "parent": {
                  "id": null
                }
              },
              []
            ]
            """)
    }

    func testNDJSONLinesAndTopLevelScalars() throws {
        let text = try written(.compact) {
            for value: Value in [["a": 1], .number("1E+2"), "s", nil] {
                try $0.write(value)
                try $0.newline()
            }
        }
        XCTAssertEqual(text, "{\"a\":1}\n1E+2\n\"s\"\nnull\n")
    }

    func testOutputGoesToTheSinkInLargeChunks() throws {
        final class CountingSink: ByteSink {
            var writes: [Int] = []
            var bytes: [UInt8] = []
            func write(_ bytes: UnsafeRawBufferPointer) throws {
                writes.append(bytes.count)
                self.bytes.append(contentsOf: bytes)
            }
        }
        let sink = CountingSink()
        let writer = JSONWriter(sink: sink, style: .compact)
        let big = String(repeating: "x", count: 300_000)
        try writer.beginArray()
        for i in 0..<20_000 { try writer.write(["i": .number(String(i)), "s": .string("text\(i)")]) }
        try writer.string(big)
        try writer.endArray()
        try writer.flush()
        XCTAssertTrue(sink.writes.dropLast().allSatisfy { $0 >= 1 << 16 }, "\(sink.writes)")
        let parsed = try JSONReader.value(from: sink.bytes, file: "out.json")
        guard case .array(let elements) = parsed else { return XCTFail("not an array") }
        XCTAssertEqual(elements.count, 20_001)
        XCTAssertEqual(elements[19_999], ["i": 19999, "s": "text19999"])
        XCTAssertEqual(elements.last, .string(big))
    }

    func testLongStringsWithEscapesCrossTheBuffer() throws {
        let text = String(repeating: "line \"one\"\n\u{1}é\\", count: 40_000)
        for style in [JSONWriter.Style.pretty, .compact] {
            let out = try written(style) {
                try $0.beginArray()
                for _ in 0..<3 { try $0.string(text) }
                try $0.endArray()
            }
            XCTAssertEqual(try JSONReader.value(from: Array(out.utf8), file: "out.json"), .array([.string(text), .string(text), .string(text)]))
        }
    }

    func testRoundTripsAndIsByteIdenticalAcrossRuns() throws {
        let text = #"{"b": [1.0, -0, 1e-7, "\u00e9\ud83d\ude00\u001f\"", {"": null}], "a": {"x": [[], {}]}}"#
        let value = try JSONReader.value(from: Array(text.utf8), file: "in.json")
        for style in [JSONWriter.Style.pretty, .compact] {
            let first = try written(style) { try $0.write(value) }
            let second = try written(style) { try $0.write(value) }
            XCTAssertEqual(first, second)
            XCTAssertEqual(try JSONReader.value(from: Array(first.utf8), file: "out.json"), value)
        }
    }

    /// After a nested container closes, its parent's next member still gets its comma: at
    /// every level, past 64 and 128 levels, arrays and objects mixed; the top level none.
    func testCommasAfterDeepContainersAtEveryLevel() throws {
        var value: Value = 0
        var expected = "0"
        for level in (0..<150).reversed() {
            if level % 3 == 0 {
                value = .object(ValueObject([("a", value), ("b", .number(String(level)))]))
                expected = #"{"a":"# + expected + #","b":\#(level)}"#
            } else {
                value = .array([value, .number(String(level))])
                expected = "[" + expected + ",\(level)]"
            }
        }
        XCTAssertEqual(try written(.compact) { try $0.write(value) }, expected)
        // Back at the top level, the next value (an NDJSON line) takes no comma.
        XCTAssertEqual(
            try written(.compact) {
                try $0.write(value)
                try $0.newline()
                try $0.write([1, [2]])
            }, expected + "\n[1,[2]]")
    }

    func testDeepTreesDoNotNeedADeepStack() throws {
        var value: Value = 1
        for _ in 0..<100_000 { value = .array([value]) }
        let text = try written(.compact) { try $0.write(value) }
        XCTAssertEqual(text.utf8.count, 200_001)
        XCTAssertTrue(text.hasPrefix("[[[[1") || text.hasPrefix("[[[["))
        XCTAssertTrue(text.hasSuffix("1]]]]") || text.hasSuffix("]]]]"))
        // Unwind without recursing through 100,000 nested enum payloads at once.
        while case .array(let elements) = value { value = elements[0] }
    }
}
