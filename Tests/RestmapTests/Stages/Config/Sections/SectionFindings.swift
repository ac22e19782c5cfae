import XCTest
@testable import RestmapBase
@testable import RestmapConfig

/// What the section tests pin of a diagnostic: its severity, where it points and a fragment
/// of its message that names the problem (whole sentences stay in the goldens, and stable
/// diagnostic codes will replace the fragments).
struct SectionFinding: Equatable, CustomStringConvertible {
    var severity: Diagnostic.Severity
    var location: String
    var fragment: String

    init(_ severity: Diagnostic.Severity, _ location: String, _ fragment: String) {
        self.severity = severity
        self.location = location
        self.fragment = fragment
    }

    var description: String { "\(severity) at \(location): …\(fragment)…" }

    /// Asserts that `log` holds exactly `expected`, in order: same severities and locations,
    /// each message containing its fragment.
    static func assert(
        _ log: DiagnosticLog, _ expected: [SectionFinding], file: StaticString = #filePath, line: UInt = #line
    ) {
        let found = log.diagnostics
        XCTAssertEqual(
            found.map { "\($0.severity) at \($0.location?.description ?? "(nowhere)")" },
            expected.map { "\($0.severity) at \($0.location)" },
            found.map(\.description).joined(separator: "\n"), file: file, line: line)
        for (diagnostic, finding) in zip(found, expected) {
            XCTAssertTrue(
                diagnostic.message.contains(finding.fragment), "\(diagnostic.message) lacks '\(finding.fragment)'",
                file: file, line: line)
        }
    }
}
