import XCTest
@testable import RestmapEngine

/// Format sniffing: the first significant byte is found without losing any input.
final class PeekableByteSourceTests: XCTestCase {
    /// Hands out one byte per read, as a slow pipe may.
    final class Trickle: ByteSource {
        let name = "trickle"
        private var bytes: ArraySlice<UInt8>
        init(_ text: String) { bytes = Array(text.utf8)[...] }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            guard let byte = bytes.popFirst(), buffer.count > 0 else { return 0 }
            buffer[0] = byte
            return 1
        }
    }

    func testSkipsByteOrderMarkAndBlanksThenReplaysEveryByte() throws {
        let text = "\u{FEFF} \t\r\n<root/>"
        let source = PeekableByteSource(MemoryByteSource(text, name: "p.xml"))
        XCTAssertEqual(try source.firstSignificantByte(), UInt8(ascii: "<"))
        XCTAssertEqual(try source.firstSignificantByte(), UInt8(ascii: "<"), "peeking twice gives the same answer")
        XCTAssertEqual(try source.readAll(), Array(text.utf8))
        XCTAssertEqual(source.name, "p.xml")
    }

    func testPeeksAcrossShortReads() throws {
        let source = PeekableByteSource(Trickle("  \n {\"a\": 1}"))
        XCTAssertEqual(try source.firstSignificantByte(), UInt8(ascii: "{"))
        // Read in small pieces: `readAll` zero-fills a growing chunk per read, too slow
        // for a source that hands out one byte at a time.
        var replayed: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            if count == 0 { break }
            replayed += buffer[..<count]
        }
        XCTAssertEqual(String(decoding: replayed, as: UTF8.self), "  \n {\"a\": 1}")
    }

    func testEmptyOrBlankInputHasNoSignificantByte() throws {
        XCTAssertNil(try PeekableByteSource(MemoryByteSource("")).firstSignificantByte())
        let blank = PeekableByteSource(MemoryByteSource(" \n\t"))
        XCTAssertNil(try blank.firstSignificantByte())
        XCTAssertEqual(try blank.readAll(), Array(" \n\t".utf8))
    }

    func testGivesUpPastTheLimitButStillReplaysTheInput() throws {
        let text = String(repeating: " ", count: 5_000) + "["
        let source = PeekableByteSource(MemoryByteSource(text))
        XCTAssertNil(try source.firstSignificantByte(limit: 100))
        XCTAssertEqual(try source.readAll().count, 5_001)
    }

    func testABOMAloneIsNotSignificant() throws {
        XCTAssertNil(try PeekableByteSource(MemoryByteSource([0xEF, 0xBB, 0xBF])).firstSignificantByte())
    }
}
