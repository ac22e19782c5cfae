import XCTest
@testable import RestmapEngine

/// The XML reader's strings, short ASCII ones made from their two words and the others found
/// in the string table or made afresh, are the standard library's strings word for word,
/// whichever way short ones are made, the first time and when met again.
final class XMLStringCacheTests: XCTestCase {
    func testEitherWayOfMakingShortStringsGivesTheStandardStrings() {
        let texts = SmallStringBitsTests.samples.filter { !$0.isEmpty }
            + ["a string of more than fifteen bytes", "ÜmitÜmitÜmitÜmit"]
        for makesInline in [SmallStringBits.isUsable, false] {
            let strings = XMLStringCache(makesInline: makesInline)
            for text in texts + texts {
                let bytes = Array(text.utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    let made = strings.string(buffer)
                    XCTAssertEqual(made, text)
                    if bytes.count <= SmallStringBits.capacity {
                        let standard = String(decoding: bytes, as: UTF8.self)
                        XCTAssertEqual(
                            SmallStringBitsTests.words(made), SmallStringBitsTests.words(standard), "\(text), inline \(makesInline)")
                    }
                }
            }
        }
    }
}
