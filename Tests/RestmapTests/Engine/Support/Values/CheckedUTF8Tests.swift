import XCTest
@testable import RestmapEngine

/// Strings made from checked bytes without a second validation behave as the standard
/// library's own: equal, hashed and compared alike, for ASCII and non-ASCII text of every
/// length around the word and small-string boundaries.
final class CheckedUTF8Tests: XCTestCase {
    private func checked(_ text: String) -> String {
        Array(text.utf8).withUnsafeBufferPointer { CheckedUTF8.string($0) }
    }

    func testEveryLengthGivesTheSameString() {
        let pieces = ["a", "é", "€", "𝄞", "\"", "z"]
        for length in 0...40 {
            for shift in 0..<pieces.count {
                let text = (0..<length).map { pieces[($0 * 7 + shift) % pieces.count] }.joined()
                let made = checked(text)
                XCTAssertEqual(made, text)
                XCTAssertEqual(made.hashValue, text.hashValue)
                XCTAssertEqual(made.count, text.count)
                XCTAssertEqual(made.utf16.count, text.utf16.count)
                XCTAssertEqual(Array(made.utf8), Array(text.utf8))
            }
            let ascii = String(repeating: "x", count: length)
            XCTAssertEqual(checked(ascii), ascii)
            XCTAssertEqual(Set([checked(ascii)]), Set([ascii]))
        }
    }

    /// A decomposed accent equals its precomposed form in Swift's comparison: text that is not
    /// all ASCII must not be marked as needing no normalization.
    func testNonASCIITextStillComparesByCanonicalEquivalence() {
        let decomposed = checked("cafe\u{301} au lait, long enough to be a heap string")
        XCTAssertEqual(decomposed, "caf\u{E9} au lait, long enough to be a heap string")
        XCTAssertEqual(checked("e\u{301}"), "\u{E9}")
        XCTAssertTrue(checked("abc") < checked("abd"))
        XCTAssertEqual(checked(""), "")
    }

    /// Numbers' text, made without looking for non-ASCII bytes, is the same string at every
    /// length, hashed and counted as the standard library's.
    func testASCIIStringsOfEveryLength() {
        let digits = Array("-0123456789.eE+".utf8)
        for length in 0...40 {
            let bytes = (0..<length).map { digits[($0 * 5 + length) % digits.count] }
            let text = String(decoding: bytes, as: UTF8.self)
            let made = bytes.withUnsafeBufferPointer { CheckedUTF8.asciiString($0) }
            XCTAssertEqual(made, text)
            XCTAssertEqual(made.hashValue, text.hashValue)
            XCTAssertEqual(made.count, length)
            XCTAssertEqual(Array(made.utf8), bytes)
        }
    }
}
