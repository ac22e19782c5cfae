import XCTest
@testable import RestmapReports

/// Where `--suggest -o` writes new entries into an XML plist: the `</dict>` of each
/// dictionary by key path, never one inside a comment or CDATA, with keys read as XML
/// text (entities decoded) and every key known whatever its value.
final class PlistDictionaryEndsTests: XCTestCase {
    func testDictionariesAreFoundByKeyPathPastCommentsAndCDATA() {
        let text = """
            <plist version="1.0"><dict>
            <!-- a comment with <dict> and </dict> in it -->
            \t<key>a&amp;b</key>
            \t<dict><key>x</key><string><![CDATA[</dict>]]></string><key>inner</key><dict/></dict>
            \t<key>list</key><array><dict><key>y</key><true/></dict></array>
            </dict></plist>
            """
        let bytes = Array(text.utf8)
        let ends = PlistDictionaryEnds(bytes)
        let close = Array("</dict>".utf8)
        for path in [[], ["a&b"]] as [[String]] {
            let offset = try? XCTUnwrap(ends.ends[path], "\(path)")
            XCTAssertEqual(offset.map { Array(bytes[$0..<($0 + close.count)]) }, close, "\(path)")
        }
        let cdataEnd = text.utf8.count - text[text.range(of: "]]>")!.upperBound...].utf8.count
        XCTAssertGreaterThan(ends.ends[["a&b"]] ?? 0, cdataEnd, "its own </dict>, not the one in the CDATA")
        XCTAssertNil(ends.ends[["list"]], "dictionaries inside arrays are not listed")
        XCTAssertEqual(ends.keys, [["a&b"], ["a&b", "x"], ["a&b", "inner"], ["list"]])
    }
}
