import RestmapEngine
@testable import RestmapStore
import XCTest

/// `dump --format csv|table` cells: a value holding a line break — `\r\n` included, which
/// Swift reads as one character — is quoted in CSV and shown as `\n` in a table, or the row
/// would break in two.
final class TabularDumpTests: XCTestCase {
    func testCSVQuotesEveryKindOfLineBreakAndDoublesQuotes() {
        XCTAssertEqual(TabularDump.csvField("plain"), "plain")
        XCTAssertEqual(TabularDump.csvField("a\r\nb"), "\"a\r\nb\"")
        XCTAssertEqual(TabularDump.csvField("a\rb"), "\"a\rb\"")
        // Other Unicode line separators break no CSV row: left as they are, unquoted.
        XCTAssertEqual(TabularDump.csvField("a\u{2028}b\u{85}c\u{0B}d\u{0C}e"), "a\u{2028}b\u{85}c\u{0B}d\u{0C}e")
        XCTAssertEqual(TabularDump.tableText("a\u{2028}b"), "a\u{2028}b")
        XCTAssertEqual(TabularDump.csvField("say \"hi\", then go"), "\"say \"\"hi\"\", then go\"")
    }

    func testATableCellStaysOnOneLine() {
        XCTAssertEqual(TabularDump.tableText("a\r\nb\nc\rd\te"), "a\\nb\\nc\\nd\\te")
        XCTAssertEqual(TabularDump.tableText("plain"), "plain")
    }
}
