import XCTest
@testable import RestmapEngine

/// UTF-16 payloads in `auto` mode: XML is told by its `<` in UTF-16 too and read
/// through libxml2; UTF-16 JSON is a clear error rather than "invalid UTF-8 byte 0xff".
final class UTF16SniffingTests: XCTestCase {
    func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
        var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return bytes
    }

    func format(_ bytes: [UInt8]) throws -> PayloadFormat {
        try PayloadReader(format: .auto, maxDepth: 100).format(of: PeekableByteSource(MemoryByteSource(bytes, name: "in")))
    }

    func testUTF16XMLIsSniffedAsXMLAndRead() throws {
        // Without a byte-order mark, XML says UTF-16 by its declaration (XML 1.0 appendix F).
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<r><name>Zoë</name></r>"
        for bigEndian in [true, false] {
            for mark in [true, false] {
                let bytes = utf16(mark ? " \n<r><name>Zoë</name></r>" : declared, bigEndian: bigEndian, mark: mark)
                XCTAssertEqual(try format(bytes), .xml, "big endian \(bigEndian), mark \(mark)")
                let value = try XMLPayloadReader().read(PeekableByteSource(MemoryByteSource(bytes, name: "in")))
                XCTAssertEqual(value, ["r": ["name": "Zoë"]])
            }
        }
    }

    func testUTF8InputsAreSniffedAsBefore() throws {
        XCTAssertEqual(try format(Array("\u{FEFF} <a/>".utf8)), .xml)
        XCTAssertEqual(try format(Array("{\"a\": \"<\"}".utf8)), .auto)
        XCTAssertEqual(try format(Array("<".utf8)), .xml)
    }

    func testUTF16JSONIsAClearLocatedError() throws {
        let bytes = utf16("{\"a\": 1}", bigEndian: false, mark: true)
        XCTAssertEqual(try format(bytes), .auto)
        let reader = JSONStreamReader(source: MemoryByteSource(bytes, name: "in.json"))
        XCTAssertThrowsError(try reader.nextValue()) { error in
            XCTAssertEqual(
                "\(error)",
                "in.json:1:1: error: the input starts with a UTF-16 byte-order mark; JSON must be UTF-8 (RFC 8259)")
            XCTAssertEqual((error as? RestmapError)?.exitCode, 1)
            XCTAssertEqual((error as? RestmapError)?.diagnostics.first?.code, .jsonInvalidUTF8)
        }
    }
}
