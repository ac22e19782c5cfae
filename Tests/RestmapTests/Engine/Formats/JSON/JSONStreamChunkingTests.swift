import XCTest
@testable import RestmapEngine

/// The stream reader gives the same values, errors and locations however its input is cut
/// into chunks: tiny windows, tokens larger than the window, long lines, split byte-order marks.
final class JSONStreamChunkingTests: JSONStreamTestCase {
    func testEveryChunkSizeReadsWhatTheWholeDocumentReads() throws {
        let documents = [
            employees,
            #"["\u00e9\ud83d\ude00\n\"x\"", -12.5e+10, 0, "日本語のテキスト", {"": ""}]"#,
            "[\"" + String(repeating: "é", count: 300) + "\"]",
            "12345678901234567890",
            "\u{FEFF}{\"bom\": true}",
        ]
        for document in documents {
            let whole = try JSONReader.value(from: Array(document.utf8), file: "in.json")
            for chunk in 2...17 {
                XCTAssertEqual(try reader(document, chunk: chunk).nextValue()?.value, whole, "chunk \(chunk): \(document)")
            }
        }
    }

    func testErrorsAreTheSameAtEveryChunkSize() throws {
        let bad: [[UInt8]] = [
            Array(#"{"list": [1, 2, {"a": "b" "c"}]}"#.utf8),
            Array("[\"abc\", \"d\u{1}\"]".utf8),
            Array(#"{"k": "\ud800x"}"#.utf8),
            Array(#"[1.5, 2.e3]"#.utf8),
            Array(#"[tru"#.utf8),
            Array("[\"é\", \"x\", 0123]".utf8),
            [0x5B, 0x22, 0x61, 0xE2, 0x82, 0x22, 0x5D],
            [0x5B, 0x22, 0x61, 0xF0, 0x9F, 0x98],
            [0x5B, 0x22, 0xC3, 0xA9, 0xCE, 0xA9, 0xC3, 0x41, 0x22, 0x5D],
            [0x5B, 0x22, 0xC3, 0xA9, 0xCE, 0xA9, 0xC1, 0xBF, 0x22, 0x5D],
            [0x22, 0xC3, 0xA9, 0xC3],
            [0xEF, 0xBB, 0xBF, 0x5B, 0x78],
            Array("[1,\n 2,\n 3\n".utf8),
        ]
        for bytes in bad {
            var expected = ""
            XCTAssertThrowsError(try JSONReader.value(from: bytes, file: "in.json")) { expected = "\($0)" }
            for chunk in 2...13 {
                XCTAssertThrowsError(try reader(bytes: bytes, chunk: chunk).nextValue()) {
                    XCTAssertEqual("\($0)", expected, "chunk \(chunk)")
                }
            }
        }
    }

    /// Mutated documents (bytes dropped, replaced, duplicated) read the same, value or error,
    /// whole or in chunks of any size: the resumable grammar has no chunk-dependent path.
    func testMutatedDocumentsReadTheSameWholeOrInChunks() throws {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: (seed >> 33) % UInt64(bound))
        }
        let alphabet = Array("{}[],:\"\\ \n0-1.eE+tfnulx".utf8) + [0xC3, 0xA9, 0xFF, 0xED, 0xA0, 0x80, 0xF0, 0x9F]
        let original = Array(employees.utf8)
        for _ in 0..<400 {
            var bytes = original
            for _ in 0...random(3) {
                let at = random(bytes.count)
                switch random(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes[at] = alphabet[random(alphabet.count)]
                default: bytes.insert(bytes[at], at: at)
                }
            }
            func outcome(_ read: () throws -> Value?) -> String {
                do { return "\(try read().map { "\($0)" } ?? "nil")" } catch { return "\(error)" }
            }
            let whole = outcome { try JSONReader.value(from: bytes, file: "in.json") }
            let chunk = 2 + random(12)
            let streamed = outcome {
                let stream = self.reader(bytes: bytes, chunk: chunk)
                guard let document = try stream.nextValue() else {
                    throw RestmapError.data(.jsonUnexpectedEnd, "unexpected end of input, expected a JSON value",
                                            at: SourceLocation(file: "in.json", line: 1, column: 1))
                }
                try stream.expectEnd()
                return document.value
            }
            XCTAssertEqual(streamed, whole, "chunk \(chunk): \(String(decoding: bytes, as: UTF8.self))")

            // Streaming the elements at the key path agrees with the whole document too.
            func text(_ body: () throws -> String) -> String {
                do { return try body() } catch { return "\(error)" }
            }
            let expected = text {
                let value = try JSONReader.value(from: bytes, file: "in.json")
                if case .array(let elements) = value["employees_list"] {
                    return "\(JSONPathOutcome.array(count: elements.count)) \(elements)"
                } else if let single = value["employees_list"] {
                    return "\(JSONPathOutcome.single) \([single])"
                } else if case .object(let object) = value {
                    return "\(JSONPathOutcome.notFound(rootKeys: object.keys)) []"
                }
                return "\(JSONPathOutcome.notFound(rootKeys: [])) []"
            }
            let path = text {
                var elements: [Value] = []
                let stream = self.reader(bytes: bytes, chunk: chunk)
                let result = try stream.streamElements(at: ["employees_list"]) { elements.append($0.value) }
                try stream.expectEnd()
                return "\(result) \(elements)"
            }
            XCTAssertEqual(path, expected, "chunk \(chunk): \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    func testATokenLargerThanTheWindowGrowsIt() throws {
        let long = String(repeating: "abcdefghij", count: 5_000)
        let stream = reader("{\"list\": [\"\(long)\", 1]}", chunk: 16)
        let (outcome, seen) = try elements(stream, at: ["list"])
        XCTAssertEqual(outcome, .array(count: 2))
        XCTAssertEqual(seen.first?.value, .string(long))
    }

    func testColumnsSurviveDroppedChunksOnALongLine() throws {
        let members = (0..<500).map { "{\"id\": \($0), \"name\": \"Zoë\"}" }.joined(separator: ",")
        let text = "{\"list\": [\(members), x]}"
        var expected = ""
        XCTAssertThrowsError(try JSONReader.value(from: Array(text.utf8), file: "in.json")) { expected = "\($0)" }
        XCTAssertTrue(expected.hasPrefix("in.json:1:13402:"), expected)
        XCTAssertThrowsError(try reader(text, chunk: 64).streamElements(at: ["list"]) { _ in }) {
            XCTAssertEqual("\($0)", expected)
        }
    }

    func testDeepNestingInAStreamIsAPromptError() {
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try reader(deep, chunk: 4096).nextValue()) {
            XCTAssertEqual("\($0)", "in.json:1:10001: error: nesting deeper than 10000 levels")
        }
        let shallow = JSONStreamReader(source: MemoryByteSource("[[[1]]]"), maxDepth: 2, chunkSize: 7)
        XCTAssertThrowsError(try shallow.nextValue()) {
            XCTAssertEqual("\($0)", "<memory>:1:3: error: nesting deeper than 2 levels")
        }
    }

    func testAByteOrderMarkSplitAcrossChunks() throws {
        let stream = reader(bytes: [0xEF, 0xBB, 0xBF] + Array("[1, x]".utf8), chunk: 2)
        XCTAssertThrowsError(try stream.nextValue()) {
            XCTAssertEqual("\($0)", "in.json:1:5: error: unexpected character 'x'")
        }
        XCTAssertEqual(try reader(bytes: [0xEF, 0xBB, 0xBF, 0x37], chunk: 2).nextValue()?.value, 7)
    }
}
