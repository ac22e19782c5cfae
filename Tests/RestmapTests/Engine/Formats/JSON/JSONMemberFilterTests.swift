import XCTest
@testable import RestmapEngine

/// The element filter gives the value builder each kept key's text and duplicate-check tag:
/// the text must be the name itself, word for word the string the standard library makes
/// (short names are made from their two words), whatever the name's length or characters.
final class JSONMemberFilterTests: XCTestCase {
    func testEveryKeptKeyGivesTheNamesTextAndTag() {
        // (Not "e\u{301}": a set of names takes it for "é", which the filter tells apart.)
        let names = SmallStringBitsTests.samples.filter { !$0.isEmpty && Array($0.utf8) != Array("e\u{301}".utf8) }
            + ["fifteen_bytes_x", "sixteen_bytes_xx", "a member name well past fifteen bytes", "départements", "Zoë"]
        let filter = JSONMemberFilter(Set(names))
        for name in names {
            let bytes = Array(name.utf8)
            let padded = bytes + [UInt8](repeating: 0x22, count: 16)
            padded.withUnsafeBufferPointer { buffer in
                let token = JSONStringToken(
                    bytes: UnsafeBufferPointer(rebasing: buffer[0..<bytes.count]), hasEscapes: false, readable: padded.count)
                guard let index = filter.match(token) else { return XCTFail("\(name) not matched") }
                let text = filter.string(at: index)
                XCTAssertEqual(text, name)
                if bytes.count <= SmallStringBits.capacity {
                    let standard = String(decoding: bytes, as: UTF8.self)
                    XCTAssertEqual(SmallStringBitsTests.words(text), SmallStringBitsTests.words(standard), name)
                }
                XCTAssertEqual(filter.tag(at: index), JSONStringCache.tag(of: bytes), name)
            }
        }
        let other = Array("not a member".utf8)
        other.withUnsafeBufferPointer { buffer in
            XCTAssertNil(filter.match(JSONStringToken(bytes: buffer, hasEscapes: false, readable: buffer.count)))
        }
    }
}
