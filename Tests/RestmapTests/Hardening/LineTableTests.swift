import XCTest
@testable import RestmapEngine

/// Columns on long lines: counted from block checkpoints rather than from
/// the line's start, and still in Unicode scalars.
final class LineTableTests: XCTestCase {
    /// Line and column the slow, obvious way.
    func naivePosition(_ bytes: [UInt8], _ offset: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    func testEveryOffsetMatchesCountingScalarsFromTheLineStart() {
        var text = ""
        for i in 0..<300 {
            text += i % 7 == 0 ? "Dé€😀" : "ab"
            if i % 53 == 0 { text += "\n" }
            if i % 97 == 0 { text += "\r\n" }
            if i % 131 == 0 { text += "\r" }
        }
        let bytes = Array(text.utf8)
        let table = LineTable(bytes)
        for offset in 0...bytes.count where offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
            let position = table.position(ofByte: offset)
            let expected = naivePosition(bytes, offset)
            XCTAssertEqual(position.line, expected.0, "line at byte \(offset)")
            XCTAssertEqual(position.column, expected.1, "column at byte \(offset)")
        }
    }

    func testAConfigOnOneLongLineLocatesItsLastValue() throws {
        let strings = String(repeating: "<string>é</string>", count: 40_000)
        let text = "<plist><dict><key>zzz</key><array>" + strings + "<true/></array></dict></plist>"
        let node = try ConfigDocumentReader().parse(Array(text.utf8), file: "l.plist")
        let elements = try XCTUnwrap(node["zzz"]?.elements)
        XCTAssertEqual(elements.count, 40_001)
        // Columns count characters: each <string>é</string> is 18 of them.
        XCTAssertEqual(elements[1].location.description, "l.plist:1:\(35 + 18)")
        XCTAssertEqual(elements[40_000].location.description, "l.plist:1:\(35 + 18 * 40_000)")
    }
}
