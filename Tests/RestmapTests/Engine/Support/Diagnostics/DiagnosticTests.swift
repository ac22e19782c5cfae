import XCTest
@testable import RestmapEngine

final class DiagnosticTests: XCTestCase {
    func testCompilerStyleLinesWithAndWithoutColors() {
        let diagnostic = Diagnostic(
            .lintUndefinedEntity, .error, "entity 'Employe' is not defined",
            at: SourceLocation(file: "api.plist", line: 12, column: 5),
            related: [.init("'Employee' is defined here", at: SourceLocation(file: "api.plist", line: 3, column: 3))])
        XCTAssertEqual(
            DiagnosticRenderer(colors: false).render(diagnostic),
            "api.plist:12:5: error: entity 'Employe' is not defined\napi.plist:3:3: note: 'Employee' is defined here")
        let colored = DiagnosticRenderer(colors: true).render(diagnostic)
        XCTAssertTrue(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"), colored)
        XCTAssertFalse(DiagnosticRenderer(colors: false).render(diagnostic).contains("\u{1B}"))
    }

    func testLocationsWithoutLinesUseKeyPathsOrTheFile() {
        XCTAssertEqual(SourceLocation(file: "c.bplist", keyPath: "relationship_mappings.Employee.dept").description,
                       "c.bplist:relationship_mappings.Employee.dept")
        XCTAssertEqual(Diagnostic.warning(.configUnknownKey, "w", at: .file("x.json")).description, "x.json: warning: w")
        XCTAssertEqual(Diagnostic.note(.relationshipCycle, "n").description, "note: n")
    }

    func testLogCountsEverySeverityButKeepsABoundedNumber() {
        let log = DiagnosticLog()
        log.retentionLimit = 3
        for i in 0..<5 { log.warning(.configUnknownKey, "w\(i)") }
        log.error(.nothingMapped, "e")
        XCTAssertEqual(log.warningCount, 5)
        XCTAssertEqual(log.errorCount, 1)
        XCTAssertEqual(log.diagnostics.count, 3)
        XCTAssertTrue(log.hasErrors)
    }
}
