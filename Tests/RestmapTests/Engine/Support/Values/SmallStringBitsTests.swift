import XCTest
@testable import RestmapEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Short strings made from their two words are the standard library's strings, word for
/// word, at every length up to 15, ASCII or not; they read only their own bytes; and only
/// strings stored inline are read as words.
final class SmallStringBitsTests: XCTestCase {
    /// Texts of every length 0...15, in pure ASCII and with two-, three- and four-byte
    /// characters, a decomposed accent and a NUL.
    static var samples: [String] {
        var texts: [String] = []
        for length in 0...15 {
            texts.append(String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) }))
            texts.append(String((0..<length).map { Character(UnicodeScalar(UInt8(0x30 + $0 % 10))) }))
        }
        texts += ["é", "Tesorería", "Ümit Brown", "€uro", "日本語です", "e\u{301}", "a\u{0}b", "😀😀😀"]
        return texts.filter { $0.utf8.count <= SmallStringBits.capacity }
    }

    /// The standard library's own string of `bytes`, to compare words with.
    private func standard(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// A string's two words, to compare strings made different ways (other tests use it too).
    static func words(_ string: String) -> [UInt64] {
        let (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
        return [low, high]
    }

    func testTheLayoutCheckPassesOnThisPlatform() {
        // Where it fails, strings are made the general way; on 64-bit little-endian platforms
        // it must hold, or the fast path would be silently gone.
        XCTAssertTrue(SmallStringBits.isUsable)
    }

    /// Each sample's bytes end where a page no one may read begins, then start where such a
    /// page ends: a load past the last byte, or before the first, would stop the test.
    func testMadeFromBytesIsTheStandardStringAndReadsOnlyItsBytes() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let region = mmap(nil, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            region != MAP_FAILED
        else { throw XCTSkip("mmap failed") }
        defer { munmap(region, 3 * page) }
        XCTAssertEqual(mprotect(region, page, PROT_NONE), 0)
        XCTAssertEqual(mprotect(region + 2 * page, page, PROT_NONE), 0)
        for text in Self.samples {
            let bytes = Array(text.utf8)
            for start in [region + 2 * page - bytes.count, region + page] {
                start.copyMemory(from: bytes, byteCount: bytes.count)
                let made = SmallStringBits.make(
                    UnsafeRawPointer(start), count: bytes.count, isASCII: bytes.allSatisfy { $0 < 0x80 })
                XCTAssertEqual(Self.words(made), Self.words(standard(bytes)), "\(text)")
                XCTAssertEqual(made, text)
                XCTAssertEqual(made.hashValue, text.hashValue)
                XCTAssertEqual(made.count, text.count)
            }
        }
    }

    /// From the key the string tables pack (either way of reading it), as the JSON reader
    /// makes short strings: the same words, the ASCII mark taken from the bytes.
    func testMadeFromAPackedKeyIsTheStandardString() {
        for text in Self.samples {
            var bytes = Array(text.utf8)
            let count = bytes.count
            let exact = bytes.withUnsafeBytes {
                ShortStringCache.key($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count, readable: count)
            }
            bytes += [UInt8](repeating: 0xFF, count: 16)
            let wide = bytes.withUnsafeBytes { ShortStringCache.key($0.baseAddress!, count: count, readable: 16) }
            XCTAssertEqual([exact.low, exact.high], [wide.low, wide.high])
            let made = SmallStringBits.string(packedLow: wide.low, high: wide.high)
            XCTAssertEqual(Self.words(made), Self.words(standard(Array(text.utf8))), "\(text)")
        }
        // Not ASCII: compared by canonical equivalence, as the standard library does.
        let decomposed = Array("e\u{301}".utf8).withUnsafeBytes { raw in
            ShortStringCache.key(raw.baseAddress!, count: raw.count, readable: raw.count)
        }
        XCTAssertEqual(SmallStringBits.string(packedLow: decomposed.low, high: decomposed.high), "\u{E9}")
    }

    /// The words of an inline string are its bytes, its count and its ASCII mark; strings
    /// stored out of line, however short, are not read as words.
    func testOnlyInlineStringsAreReadAsWords() throws {
        for text in Self.samples {
            let inline = try XCTUnwrap(SmallStringBits.inlineWords(of: text), "\(text)")
            XCTAssertEqual(inline.count, text.utf8.count)
            let mark: UInt64 = text.utf8.allSatisfy { $0 < 0x80 } ? 0xE0 : 0xA0
            XCTAssertEqual(inline.high >> 56, mark | UInt64(inline.count))
            var bytes = [UInt8](repeating: 0, count: 16)
            withUnsafeBytes(of: (inline.low, inline.high)) { bytes = Array($0) }
            XCTAssertEqual(Array(bytes.prefix(inline.count)), Array(text.utf8))
        }
        let large = String(repeating: "x", count: 40)
        var shortened = large
        shortened.removeLast(35)
        XCTAssertEqual(shortened, "xxxxx")
        XCTAssertNil(SmallStringBits.inlineWords(of: shortened))
        XCTAssertNil(SmallStringBits.inlineWords(of: large))
        XCTAssertNil(SmallStringBits.inlineWords(of: "a literal string longer than fifteen bytes"))
        XCTAssertNil(SmallStringBits.inlineWords(of: String(repeating: "é", count: 8)))
        XCTAssertEqual(SmallStringBits.inlineWords(of: String(large.prefix(5)))?.count, 5)
    }
}
