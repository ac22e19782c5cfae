import XCTest
@testable import RestmapEngine

/// Attributes on one element: libxml2 2.9 spends quadratic time on them,
/// so more than `InputLimits.xmlAttributesPerElement` is refused before libxml2 sees the tag,
/// with the element's location — payloads exit 1, configs exit 2.
final class XMLAttributeLimitTests: XCTestCase {
    let limit = InputLimits.xmlAttributesPerElement

    func attributes(_ count: Int, name: (Int) -> String = { "a\($0)" }) -> String {
        (0..<count).map { " \(name($0))=\"\($0)\"" }.joined()
    }

    func message(_ file: String, _ line: Int, _ column: Int) -> String {
        "\(file):\(line):\(column): error: an element has more than \(limit) attributes (namespace declarations "
            + "included); restmap refuses more, as libxml2 checks each one against all the others"
    }

    func assertRefused(_ bytes: [UInt8], _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        for locating in [false, true] {
            XCTAssertThrowsError(
                try locating
                    ? XMLPayloadReader().readWithLocations(MemoryByteSource(bytes, name: "in.xml")).value
                    : XMLPayloadReader().read(MemoryByteSource(bytes, name: "in.xml")),
                file: file, line: line
            ) { error in
                XCTAssertEqual((error as? RestmapError)?.kind, .data, file: file, line: line)
                XCTAssertEqual((error as? RestmapError)?.diagnostics.first?.code, .xmlTooManyAttributes, file: file, line: line)
                XCTAssertEqual("\(error)", expected, "locating: \(locating)", file: file, line: line)
            }
        }
    }

    func testTooManyAttributesAreRefusedAtTheElement() {
        let xml = "<r>\n  text é\n  <e" + attributes(limit + 1) + "/></r>"
        assertRefused(Array(xml.utf8), message("in.xml", 3, 3))
    }

    func testTooManyNamespaceDeclarationsAreRefused() {
        let xml = "<r>\r\n<e" + attributes(4 * limit) { "xmlns:p\($0)" } + "/></r>"
        assertRefused(Array(xml.utf8), message("in.xml", 2, 1))
    }

    func testUTF16DocumentsAreCountedToo() {
        let xml = "\u{FEFF}<r>\n<e" + attributes(limit + 1) + "/></r>"
        var bytes: [UInt8] = []
        for unit in xml.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        assertRefused(bytes, message("in.xml", 2, 1))
    }

    func testTheLimitItselfIsAllowed() throws {
        let xml = "<r><e" + attributes(limit) + "/></r>"
        let value = try XMLPayloadReader().read(MemoryByteSource(Array(xml.utf8), name: "in.xml"))
        XCTAssertEqual(value["r"]?["e"]?["a9999"], "9999")
    }

    func testEqualSignsInCommentsCDATAAndValuesAreNotAttributes() throws {
        let many = String(repeating: " b=1", count: limit + 1)
        let xml = "<r><!-- <x\(many)> --><![CDATA[<y\(many)>]]><e v=\"\(many)\"/></r>"
        let value = try XMLPayloadReader().read(MemoryByteSource(Array(xml.utf8), name: "in.xml"))
        XCTAssertEqual(value["r"]?["e"]?["v"], .string(many))
    }

    func testAConfigWithTooManyAttributesIsAUsageError() {
        let plist = "<plist>\n<dict" + attributes(limit + 1) + "></dict></plist>"
        XCTAssertThrowsError(try ConfigDocumentReader().parse(Array(plist.utf8), file: "c.plist")) { error in
            XCTAssertEqual((error as? RestmapError)?.exitCode, 2)
            XCTAssertEqual((error as? RestmapError)?.diagnostics.first?.code, .xmlTooManyAttributes)
            XCTAssertEqual("\(error)", message("c.plist", 2, 1))
        }
    }

    /// Without positions to queue, the scanner skips text in bulk; the element it reports
    /// must be where the byte-by-byte scanner puts it, however the input is cut.
    func testBulkSkippedTextKeepsLinesAndColumns() {
        let xml = Array("<r>\nDépartement\r\n  x\r  é\n\n<a b='1' c='2'/>\n  ü<e a='1' b='2' c='3'/></r>".utf8)
        for chunk in [1, 3, 7, xml.count] {
            for records in [false, true] {
                XCTAssertEqual(
                    crowdedElement(in: xml, chunk: chunk, recordsPositions: records), .init(line: 7, column: 4),
                    "chunk \(chunk), positions \(records)")
            }
        }
    }

    /// End tags are passed over by the fast scanner's search for the next `<`: `=` and quotes
    /// in the text after them count for nothing, and a crowded element after them is still
    /// found where it begins, however the input is cut (an end tag split across chunks too).
    func testTextAfterEndTagsCountsForNothingHoweverTheInputIsCut() {
        let xml = Array("<r><a x='1' y=\"2\">t</a>= \"q\" ' =<b>==</b\n>x=y'<e a='1' b='2' c='3'/></r>".utf8)
        for chunk in 1...xml.count {
            for records in [false, true] {
                XCTAssertEqual(
                    crowdedElement(in: xml, chunk: chunk, recordsPositions: records), .init(line: 2, column: 6),
                    "chunk \(chunk), positions \(records)")
            }
        }
    }

    /// The shortest crowded start tag there is (` a=""` once more than allowed) is found even
    /// when another tag follows it at once: the scanner passes over a start tag only when the
    /// next `<` comes sooner than any crowded tag could end.
    func testTheShortestCrowdedTagIsFoundWhateverFollowsIt() {
        for limit in [2, 100] {
            let xml = Array(("<r>\n<e" + String(repeating: " a=\"\"", count: limit + 1) + "/><x/></r>").utf8)
            for chunk in [7, 64, xml.count] {
                let scanner = XMLMarkupScanner(recordsPositions: false, attributeLimit: limit)
                var start = 0
                while start < xml.count {
                    let end = min(start + chunk, xml.count)
                    Array(xml[start..<end]).withUnsafeBytes { scanner.scan($0) }
                    start = end
                }
                XCTAssertEqual(scanner.crowdedElement, .init(line: 2, column: 1), "limit \(limit), chunk \(chunk)")
            }
        }
    }

    /// Where a scanner allowing two attributes finds the first crowded element, the input
    /// handed to it `chunk` bytes at a time.
    private func crowdedElement(in xml: [UInt8], chunk: Int, recordsPositions: Bool) -> XMLMarkupScanner.Position? {
        let scanner = XMLMarkupScanner(recordsPositions: recordsPositions, attributeLimit: 2)
        var start = 0
        while start < xml.count {
            let end = min(start + chunk, xml.count)
            Array(xml[start..<end]).withUnsafeBytes { scanner.scan($0) }
            start = end
        }
        return scanner.crowdedElement
    }
}
