import Foundation
import RestmapEngine
import RestmapTestSupport
import XCTest

/// Every catalogued diagnostic code has an example that really happens: a case in
/// `DiagnosticExamples/RMxxxx/` (a `command`, one shell line, and the small files it reads)
/// that, run by `sh` in a scratch copy of the directory with the built restmap on PATH and
/// `RESTMAP_DIAGNOSTIC_CODES=1`, prints a line naming the code as `[RMxxxx]`; or a reason in
/// `DiagnosticExamples.withoutExample` why no command can. The examples section of
/// docs/diagnostics.md is what the runs print (`RECORD_README=1 swift test --filter
/// DiagnosticExampleTests` rewrites it), so the page cannot show a message restmap no longer
/// prints.
final class DiagnosticExampleTests: XCTestCase {
    /// (b) Each code has a case or a reason, never both; each case names a catalogued code and
    /// holds one command line.
    func testEveryCataloguedCodeHasACaseOrAReason() throws {
        let examples = try DiagnosticExamples.cases()
        let cased = Set(examples.map(\.code))
        let catalogued = Set(DiagnosticExamples.codes)
        for code in DiagnosticExamples.codes where !cased.contains(code) && DiagnosticExamples.withoutExample[code] == nil {
            XCTFail("\(code) has no example: add Tests/RestmapCLITests/DiagnosticExamples/\(code)/command, or say in DiagnosticExamples.withoutExample why none can run")
        }
        for code in cased.intersection(DiagnosticExamples.withoutExample.keys) {
            XCTFail("\(code) has a case and a reason for having none; drop the reason")
        }
        for code in cased.subtracting(catalogued).sorted() {
            XCTFail("DiagnosticExamples/\(code) names no catalogued code (retired codes have no example)")
        }
        for code in Set(DiagnosticExamples.withoutExample.keys).subtracting(catalogued).sorted() {
            XCTFail("withoutExample lists \(code), which is not catalogued")
        }
        for example in examples {
            XCTAssertFalse(example.command.isEmpty, "\(example.code)/command is empty")
            XCTAssertFalse(example.command.contains("\n"), "\(example.code)/command holds one shell line")
        }
    }

    /// (a) Every case still prints its code, and (c) the page shows what the cases print.
    func testEveryExamplePrintsItsCodeAndThePageShowsIt() throws {
        let examples = try DiagnosticExamples.cases().filter { DiagnosticExamples.codes.contains($0.code) }
        XCTAssertGreaterThan(examples.count, 100, "the cases were found")
        let started = Date()
        var lines: [String: String] = [:]
        var commands: [String: String] = [:]
        for (example, result) in zip(examples, DiagnosticExamples.runAll(examples)) {
            commands[example.code] = example.command
            switch result {
            case .failure(let error):
                XCTFail("\(example.code): `\(example.command)` could not run: \(error)")
            case .success(let run):
                guard let line = run.line else {
                    XCTFail(
                        "\(example.code): `\(example.command)` no longer prints [\(example.code)] (exit \(run.status));\nstderr:\n\(run.stderr.prefix(2000))\nstdout:\n\(run.stdout.prefix(2000))")
                    continue
                }
                lines[example.code] = line
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertLessThan(elapsed, 30, "the cases take \(Int(elapsed)) s; keep them small")

        guard let (page, range) = try DiagnosticExamples.pageSection() else {
            return XCTFail("docs/diagnostics.md has no \(DiagnosticExamples.begin.dropLast()) … \(DiagnosticExamples.end) section")
        }
        let expected = DiagnosticExamples.section(lines: lines, commands: commands)
        if ProcessInfo.processInfo.environment["RECORD_README"] != nil {
            // Only a complete section is written: a case that failed above keeps its old text.
            guard lines.count == examples.count else { return }
            try (page[..<range.lowerBound] + expected + page[range.upperBound...])
                .write(to: DiagnosticExamples.page, atomically: true, encoding: .utf8)
            return
        }
        let shown = String(page[range])
        if shown != expected {
            let shownBlocks = shown.components(separatedBy: "#### "), expectedBlocks = expected.components(separatedBy: "#### ")
            let first = zip(shownBlocks, expectedBlocks).first { $0 != $1 }
                ?? (shownBlocks.dropFirst(expectedBlocks.count).first ?? "(nothing)", expectedBlocks.dropFirst(shownBlocks.count).first ?? "(nothing)")
            XCTFail(
                "docs/diagnostics.md's examples are not what the cases print (RECORD_README=1 rewrites them); first difference:\nthe page shows:\n#### \(first.0)\nthe cases print:\n#### \(first.1)")
        }
    }
}
