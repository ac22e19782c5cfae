import XCTest
@testable import RestmapEngine

/// The JSON reader's short strings and numbers, made from their two words or found in the
/// string table, are the standard library's strings word for word: as values, keys and
/// numbers, in the middle of the input and at its very end (where fewer than 16 bytes can
/// be read past them), with either way of making them.
final class JSONStringCacheTests: XCTestCase {
    private func assertStandard(_ string: String, _ bytes: [UInt8], _ note: String, line: UInt = #line) {
        let standard = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(SmallStringBitsTests.words(string), SmallStringBitsTests.words(standard), note, line: line)
    }

    func testEitherWayOfMakingShortStringsGivesTheStandardStrings() {
        let texts = SmallStringBitsTests.samples + ["a string of more than fifteen bytes", "ÜmitÜmitÜmitÜmit"]
        for makesInline in [SmallStringBits.isUsable, false] {
            let strings = JSONStringCache(makesInline: makesInline)
            // Twice each: the second time the table, when used, finds what it made.
            for text in texts + texts {
                let bytes = Array(text.utf8)
                for readable in [bytes.count, bytes.count + 16] {
                    let padded = bytes + [UInt8](repeating: 0x22, count: 16)
                    padded.withUnsafeBufferPointer { buffer in
                        let token = JSONStringToken(
                            bytes: UnsafeBufferPointer(rebasing: buffer[0..<bytes.count]), hasEscapes: false, readable: readable)
                        var tag: UInt64 = 0
                        let made = strings.string(token, tag: &tag)
                        XCTAssertEqual(made, text)
                        if bytes.count <= 15 { assertStandard(made, bytes, "\(text), inline \(makesInline)") }
                        XCTAssertEqual(tag, JSONStringCache.tag(of: bytes), text)
                    }
                }
            }
            for digits in 1...17 {
                let bytes = Array(String(repeating: "9", count: digits).utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    let made = strings.text(JSONNumberToken(bytes: buffer, isInteger: true))
                    XCTAssertEqual(Array(made.utf8), bytes)
                    if digits <= 15 { assertStandard(made, bytes, "\(digits) digits, inline \(makesInline)") }
                }
            }
        }
    }

    /// Through the reader: each text as a key and a value, then the numbers of 1 to 16
    /// digits, with the document ending right after the last of them.
    func testTheReaderMakesShortStringsAndNumbersAsTheStandardLibraryDoes() throws {
        for text in SmallStringBitsTests.samples where !text.contains("\u{0}") {
            let numbers = (1...16).map { String(repeating: "8", count: $0) }
            for document in ["{\"\(text)\":[\"\(text)\",\(numbers.joined(separator: ","))]}", "\"\(text)\""] {
                let value = try JSONReader.value(from: Array(document.utf8), file: "in.json")
                let bytes = Array(text.utf8)
                switch value {
                case .string(let string):
                    assertStandard(string, bytes, "\(text) alone")
                case .object(let object):
                    let entry = try XCTUnwrap(object.entries.first)
                    assertStandard(entry.key, bytes, "\(text) as a key")
                    guard case .array(let items) = entry.value, case .string(let string) = items.first else {
                        return XCTFail("\(text): \(value)")
                    }
                    assertStandard(string, bytes, "\(text) as a value")
                    for (item, number) in zip(items.dropFirst(), numbers) {
                        guard case .number(let made) = item else { return XCTFail("\(item)") }
                        XCTAssertEqual(made, number)
                        if number.utf8.count <= 15 { assertStandard(made, Array(number.utf8), number) }
                    }
                default:
                    XCTFail("\(text): \(value)")
                }
            }
        }
    }
}
