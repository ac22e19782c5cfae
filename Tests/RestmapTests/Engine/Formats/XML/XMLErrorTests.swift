import XCTest
@testable import RestmapEngine

/// Malformed XML: a `RestmapError.data` (exit 1) with libxml2's message and the position,
/// and nothing printed by libxml2 itself.
final class XMLErrorTests: XCTestCase {
    private static let malformed: [(name: String, bytes: [UInt8], expected: String)] = [
        ("unclosed tag", Array("<a>\n  <b>x</b>\n".utf8), "input.xml:2:11: error: Premature end of data in tag a line 1"),
        ("mismatched tag", Array("<a>\n<b>\n  <b>x</c>\n</a>".utf8),
         "input.xml:3:11: error: Opening and ending tag mismatch: b line 3 and c"),
        ("bad encoding declaration", Array("<?xml version=\"1.0\" encoding=\"bogus\"?><a/>".utf8),
         "input.xml:1:37: error: Unsupported encoding bogus"),
        ("invalid character", Array("<a>x\u{1}y</a>".utf8), "input.xml:1:5: error: PCDATA invalid Char value 1"),
        ("invalid UTF-8", Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8),
         "input.xml:1:4: error: Input is not proper UTF-8, indicate encoding ! Bytes: 0xC3 0x28 0x3C 0x2F"),
        ("truncated attribute", Array("<a><b>x</b><c att=\"1".utf8), "input.xml:1:21: error: AttValue: ' expected"),
        ("truncated end tag", Array("<list><item>1</item><item>2</it".utf8), "input.xml:1:32: error: expected '>'"),
        ("truncated after a child", Array("<list>\n<item>1</item>".utf8),
         "input.xml:2:15: error: Premature end of data in tag list line 1"),
        ("empty input", [], "input.xml:1:1: error: Document is empty"),
        ("blank input", Array("  \n ".utf8), "input.xml:2:2: error: Document is empty"),
        ("prolog only", Array("<?xml version=\"1.0\"?>\n<!-- nothing -->\n".utf8), "input.xml:3:1: error: Document is empty"),
        ("text only", Array("hello".utf8), "input.xml:1:1: error: Document is empty"),
        ("two roots", Array("<a/><b/>".utf8), "input.xml:1:5: error: Extra content at the end of the document"),
        ("undefined entity", Array("<a>&nope;</a>".utf8), "input.xml:1:10: error: Entity 'nope' not defined"),
        ("unquoted attribute", Array("<a x=1/>".utf8), "input.xml:1:6: error: AttValue: \" or ' expected"),
        ("duplicate attribute", Array("<a x='1' x='2'/>".utf8), "input.xml:1:15: error: Attribute x redefined"),
    ]

    func testMalformedDocuments() {
        for (name, bytes, expected) in Self.malformed {
            XCTAssertThrowsError(try XMLPayloadReader().read(MemoryByteSource(bytes, name: "input.xml")), name) { error in
                guard let error = error as? RestmapError else { return XCTFail("\(name): \(error)") }
                XCTAssertEqual(error.kind, .data, name)
                XCTAssertEqual(error.exitCode, 1, name)
                XCTAssertEqual(error.description, expected, name)
            }
        }
    }

    func testMalformedDocumentsWhileStreaming() {
        for (name, bytes, expected) in Self.malformed {
            XCTAssertThrowsError(
                try XMLPayloadReader().streamElements(at: ["a", "b"], from: MemoryByteSource(bytes, name: "input.xml")) { _ in },
                name
            ) { XCTAssertEqual(($0 as? RestmapError)?.description, expected, name) }
        }
    }

    func testInvalidUTF8LateInALargeDocument() {
        var bytes = Array("<list>".utf8)
        for i in 0..<5000 { bytes += Array("<item>\(i)</item>\n".utf8) }
        bytes += Array("<item>".utf8) + [0xFF] + Array("</item></list>".utf8)
        XCTAssertThrowsError(try XMLPayloadReader().read(MemoryByteSource(bytes, name: "big.xml"))) { error in
            XCTAssertEqual(
                (error as? RestmapError)?.description,
                "big.xml:5001:7: error: Input is not proper UTF-8, indicate encoding ! Bytes: 0xFF 0x3C 0x2F 0x69")
        }
    }

    func testLibxml2SizeLimitsAreErrorsNamingTheLimit() {
        let big = String(repeating: "abcdefghij", count: 1_000_001)
        let cases = [
            ("<r><a>\(big)</a></r>", "input.xml:1:10000017: error: text longer than libxml2's limit of 10,000,000 bytes (xmlSAX2Characters: huge text node)"),
            ("<r a=\"\(big)\"/>", "input.xml:1:6: error: AttValue length too long"),
            ("<r\(String(repeating: "n", count: 60_000))/>", "input.xml:1:2: error: Name too long: NCName"),
        ]
        for (xml, expected) in cases {
            XCTAssertThrowsError(try XMLPayloadReader().read(MemoryByteSource(xml, name: "input.xml"))) {
                XCTAssertEqual("\($0)", expected)
            }
        }
    }

    /// Positions as libxml2's push parser (behind the xmlTextReader restmap used first) gave
    /// them, although the pull parser now reads the input.
    func testPositionsAtTheEndOfInputAndOfOverlongTokens() {
        let big = String(repeating: "b", count: 10_000_010)
        let cases = [
            ("<a>\n  <b>x</b>\n\n", "input.xml:4:1: error: Premature end of data in tag a line 1"),
            ("<a>\r\n<b>x</b>\r\n", "input.xml:3:1: error: Premature end of data in tag a line 1"),
            ("<a>\r\n<b>x</b>\r", "input.xml:2:9: error: Premature end of data in tag a line 1"),
            ("<a>\n  <b>x</b>hello", "input.xml:2:16: error: Premature end of data in tag a line 1"),
            ("<a>\n", "input.xml:1:4: error: Premature end of data in tag a line 1"),
            ("<a><b/>\n", "input.xml:1:8: error: Premature end of data in tag a line 1"),
            ("<a><!-- c -->\n", "input.xml:1:14: error: Premature end of data in tag a line 1"),
            ("<a><b><c>1</c>\n", "input.xml:1:15: error: Premature end of data in tag b line 1"),
            ("<r x='1' a='\(big)'/>", "input.xml:1:12: error: AttValue length too long"),
            ("<r\n  a=\"\(big)\"/>", "input.xml:2:5: error: AttValue length too long"),
            ("<r></r\(String(repeating: "n", count: 60_000))>", "input.xml:1:6: error: Name too long: Name"),
            ("<r \(String(repeating: "a", count: 60_000))='1'/>", "input.xml:1:4: error: Name too long: NCName"),
        ]
        for (xml, expected) in cases {
            XCTAssertThrowsError(try XMLPayloadReader().read(MemoryByteSource(xml, name: "input.xml")), expected) {
                XCTAssertEqual("\($0)", expected)
            }
        }
    }

    func testReadErrorsOfTheSourceArePassedOn() {
        final class FailingSource: ByteSource {
            let name = "pipe"
            var calls = 0
            func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                calls += 1
                guard calls == 1 else { throw RestmapError.data(.readFailed, "cannot read 'pipe': I/O error", at: .file("pipe")) }
                let prefix = Array("<a><b>".utf8)
                buffer.copyBytes(from: prefix)
                return prefix.count
            }
        }
        XCTAssertThrowsError(try XMLPayloadReader().read(FailingSource())) { error in
            XCTAssertEqual("\(error)", "pipe: error: cannot read 'pipe': I/O error")
        }
    }

    /// libxml2 must never write to stderr itself: everything goes through diagnostics.
    func testLibxml2PrintsNothing() throws {
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-stderr-\(UUID())")
        XCTAssertTrue(FileManager.default.createFile(atPath: capture.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: capture) }
        let handle = try FileHandle(forWritingTo: capture)
        let saved = dup(2)
        fflush(nil)
        dup2(handle.fileDescriptor, 2)
        for (_, bytes, _) in Self.malformed {
            _ = try? XMLPayloadReader().read(MemoryByteSource(bytes))
        }
        let warnings = "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///nonexistent\">]><p:x xmlns:p=\"not a uri\"><q:y>&e;</q:y></p:x>"
        _ = try? XMLPayloadReader().read(MemoryByteSource(warnings))
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        try handle.close()
        XCTAssertEqual(try String(contentsOf: capture, encoding: .utf8), "")
    }
}
