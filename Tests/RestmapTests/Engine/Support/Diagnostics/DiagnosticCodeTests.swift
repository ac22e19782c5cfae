import Foundation
import RestmapTestSupport
import XCTest
@testable import RestmapEngine

/// The catalogue of diagnostic codes: every code unique, well formed, documented, used, and
/// listed in the "Diagnostic codes" table of docs/diagnostics.md exactly as the catalogue has it.
/// `RECORD_README=1 swift test --filter DiagnosticCodeTests` rewrites that table.
final class DiagnosticCodeTests: XCTestCase {
    static let packageRoot = RestmapBinary.packageRoot

    func testCodesAreUniqueWellFormedAndDocumented() {
        let catalogue = DiagnosticCode.catalogue
        XCTAssertEqual(Set(catalogue.map(\.rawValue)).count, catalogue.count, "a code is catalogued twice")
        for code in catalogue {
            XCTAssertNotNil(code.rawValue.range(of: #"^RM[1-8]\d{3}$"#, options: .regularExpression), code.rawValue)
            XCTAssertTrue((1...8).contains(code.area), code.rawValue)
            XCTAssertFalse(code.summary.isEmpty, "\(code) has no summary")
            XCTAssertFalse(code.summary.contains("\n") || code.summary.contains("|"), "\(code): one table cell")
            XCTAssertFalse(code.fix.contains("\n"), "\(code): one table cell")
            XCTAssertEqual(DiagnosticCode(rawValue: code.rawValue), code)
            XCTAssertEqual(DiagnosticCode(rawValue: code.rawValue)?.summary, code.summary)
            XCTAssertEqual(DiagnosticCode(rawValue: code.rawValue)?.fix, code.fix)
        }
        XCTAssertNil(DiagnosticCode(rawValue: "RM0000"))
        XCTAssertTrue(DiagnosticCode.retired.isDisjoint(with: catalogue.map(\.rawValue)), "a retired code is never reused")
        XCTAssertEqual(catalogue.map(\.rawValue), catalogue.map(\.rawValue).sorted(), "the catalogue is in code order")
    }

    /// Every catalogued code says how to fix it: one non-empty sentence, short enough for a
    /// table cell, that ends like one.
    func testEveryCodeHasAFix() {
        for code in DiagnosticCode.catalogue {
            let fix = code.fix.trimmingCharacters(in: .whitespaces)
            XCTAssertFalse(fix.isEmpty, "\(code) has no fix")
            XCTAssertLessThanOrEqual(fix.count, 160, "\(code): the fix is one short sentence")
            XCTAssertTrue(fix.hasSuffix("."), "\(code): the fix is a sentence")
        }
    }

    /// Every code declared in `DiagnosticCodes.swift` is in the catalogue (a declared code
    /// left out of it would be missing from docs/diagnostics.md and from report rule lists).
    func testEveryDeclaredCodeIsCatalogued() throws {
        let source = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Sources/Engine/Support/Diagnostics/DiagnosticCodes.swift"), encoding: .utf8)
        let declared = matches(of: #"DiagnosticCode\("(RM\d{4})""#, in: source)
        XCTAssertEqual(declared.count, DiagnosticCode.catalogue.count)
        XCTAssertEqual(Set(declared), Set(DiagnosticCode.catalogue.map(\.rawValue)))
    }

    /// No catalogued code is dead: each is reported somewhere outside the catalogue itself.
    func testEveryCodeIsReportedSomewhere() throws {
        let sources = Self.packageRoot.appendingPathComponent("Sources")
        var text = ""
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" {
            guard !file.path.hasSuffix("DiagnosticCodes.swift"), !file.path.hasSuffix("DiagnosticCatalogue.swift") else { continue }
            text += try String(contentsOf: file, encoding: .utf8)
        }
        let names = matches(
            of: #"(?:public )?static let (\w+) = DiagnosticCode\("#,
            in: try String(
                contentsOf: sources.appendingPathComponent("Engine/Support/Diagnostics/DiagnosticCodes.swift"), encoding: .utf8))
        XCTAssertEqual(names.count, DiagnosticCode.catalogue.count)
        for name in names {
            XCTAssertNotNil(text.range(of: #"\.\#(name)\b"#, options: .regularExpression), "code .\(name) is never reported")
        }
    }

    /// The table lives in docs/diagnostics.md (it was in README.md before the documentation
    /// moved to docs/); `RECORD_README=1` still rewrites it there.
    func testReadmeTableListsExactlyTheCatalogue() throws {
        let readmeURL = Self.packageRoot.appendingPathComponent("docs/diagnostics.md")
        let readme = try String(contentsOf: readmeURL, encoding: .utf8)
        let begin = "<!-- diagnostic-codes:begin -->\n", end = "<!-- diagnostic-codes:end -->"
        guard let start = readme.range(of: begin), let stop = readme.range(of: end, range: start.upperBound..<readme.endIndex) else {
            return XCTFail("docs/diagnostics.md has no \(begin.dropLast()) … \(end) section")
        }
        let expected = Self.table()
        if ProcessInfo.processInfo.environment["RECORD_README"] != nil {
            try (readme[..<start.upperBound] + expected + readme[stop.lowerBound...]).write(to: readmeURL, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(String(readme[start.upperBound..<stop.lowerBound]), expected, "RECORD_README=1 rewrites it")
    }

    /// The docs/diagnostics.md table: one row per code, in catalogue order.
    static func table() -> String {
        var rows = ["| Code | Severity | Meaning | How to fix |", "| --- | --- | --- | --- |"]
        for code in DiagnosticCode.catalogue {
            rows.append("| `\(code.rawValue)` | \(code.severity.rawValue) | \(cell(code.summary)) | \(cell(code.fix)) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// Text as one Markdown table cell: a `|` would end the cell, so it is escaped.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    func testDiagnosticsAndErrorsCarryTheirCodes() {
        let diagnostic = Diagnostic.error(.jsonSyntax, "trailing comma before '}'", at: SourceLocation(file: "a.json", line: 1, column: 9))
        XCTAssertEqual(diagnostic.code.rawValue, "RM3001")
        XCTAssertEqual(diagnostic.description, "a.json:1:9: error: trailing comma before '}'", "text output names no code")
        let error = RestmapError(.usage, diagnostics: [diagnostic, .warning(.configUnknownKey, "k")])
        XCTAssertEqual(error.codes, [.jsonSyntax, .configUnknownKey])
        XCTAssertEqual(error.exitCode, 2)
        let log = DiagnosticLog()
        log.note(.bindingIdentityNotMapped, "n")
        XCTAssertEqual(log.diagnostics.map(\.code), [.bindingIdentityNotMapped])
    }

    private func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }
}
