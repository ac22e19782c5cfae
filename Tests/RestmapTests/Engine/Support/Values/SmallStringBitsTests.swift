import XCTest
@testable import RestmapEngine

/// Short strings made from their two words are the standard library's strings: equal,
/// hashed, counted and compared alike, at every length up to 15, ASCII or not, whatever
/// bytes lie around them.
final class SmallStringBitsTests: XCTestCase {
    /// Texts of every length 0...15, in pure ASCII and with two- and three-byte characters.
    private var samples: [String] {
        var texts: [String] = []
        for length in 0...15 {
            texts.append(String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) }))
            texts.append(String((0..<length).map { Character(UnicodeScalar(UInt8(0x30 + $0 % 10))) }))
        }
        texts += ["é", "Tesorería", "Ümit Brown", "€uro", "日本語です", "e\u{301}", "a\u{0}b"]
        return texts.filter { $0.utf8.count <= SmallStringBits.capacity }
    }

    private func assertSame(_ made: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(made, text, file: file, line: line)
        XCTAssertEqual(made.hashValue, text.hashValue, file: file, line: line)
        XCTAssertEqual(made.count, text.count, file: file, line: line)
        XCTAssertEqual(made.utf16.count, text.utf16.count, file: file, line: line)
        XCTAssertEqual(Array(made.utf8), Array(text.utf8), file: file, line: line)
        XCTAssertEqual(made.uppercased(), text.uppercased(), file: file, line: line)
        XCTAssertEqual(made < "m", text < "m", file: file, line: line)
    }

    func testTheLayoutCheckPassesOnThisPlatform() {
        // Where it fails, strings are made the slow way; here (64-bit, little-endian) it must
        // hold, or the fast path would be silently gone.
        XCTAssertTrue(SmallStringBits.isUsable)
    }

    /// The bytes sit between bytes of 0xFF, which would show in the string if it read them.
    func testMadeFromBytesReadsOnlyThoseBytes() {
        for text in samples {
            let bytes = Array(text.utf8)
            for before in 0..<8 {
                var buffer = [UInt8](repeating: 0xFF, count: before) + bytes + [UInt8](repeating: 0xFF, count: 16)
                let made = buffer.withUnsafeMutableBytes { raw in
                    SmallStringBits.make(UnsafeRawPointer(raw.baseAddress! + before), count: bytes.count, isASCII: bytes.allSatisfy { $0 < 0x80 })
                }
                assertSame(made, text)
                buffer.removeAll()
            }
        }
    }

    /// From the key the string tables pack (both ways of reading it), as the JSON reader does.
    func testMadeFromAPackedKey() {
        for text in samples {
            var bytes = Array(text.utf8)
            let count = bytes.count
            let exact = bytes.withUnsafeBytes { ShortStringCache.key($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count, readable: count) }
            bytes += [UInt8](repeating: 0xFF, count: 16)
            let wide = bytes.withUnsafeBytes { ShortStringCache.key($0.baseAddress!, count: count, readable: 16) }
            XCTAssertEqual(exact.low, wide.low)
            XCTAssertEqual(exact.high, wide.high)
            assertSame(SmallStringBits.string(packedLow: wide.low, high: wide.high), text)
        }
    }

    /// Text that is not all ASCII keeps Swift's canonical equivalence (it must not be marked
    /// as ASCII), and ASCII text takes ASCII's fast paths.
    func testTheASCIIMarkFollowsTheBytes() {
        let decomposed = Array("e\u{301}".utf8).withUnsafeBytes {
            SmallStringBits.make($0.baseAddress!, count: $0.count, isASCII: false)
        }
        XCTAssertEqual(decomposed, "\u{E9}")
        let ascii = Array("employee".utf8).withUnsafeBytes { raw in
            ShortStringCache.key(raw.baseAddress!, count: raw.count, readable: raw.count)
        }
        let made = SmallStringBits.string(packedLow: ascii.low, high: ascii.high)
        XCTAssertTrue(made.utf8.allSatisfy { $0 < 0x80 })
        XCTAssertEqual(made, "employee")
        XCTAssertEqual(Set([made, "employee"]).count, 1)
    }
}
