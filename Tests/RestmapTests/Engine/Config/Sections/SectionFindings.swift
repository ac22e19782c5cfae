import XCTest
@testable import RestmapEngine

/// What the section tests pin of a diagnostic: its severity, its code, where it points, and
/// a fragment of its message naming the entry it is about (whole sentences stay in the
/// goldens).
struct SectionFinding: Equatable, CustomStringConvertible {
    var severity: Diagnostic.Severity
    var code: DiagnosticCode
    var location: String
    var fragment: String

    init(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ location: String, _ fragment: String) {
        self.severity = severity
        self.code = code
        self.location = location
        self.fragment = fragment
    }

    var description: String { "\(severity) \(code) at \(location): …\(fragment)…" }

    /// Asserts that `log` holds exactly `expected`, in order: same severities, codes and
    /// locations, each message containing its fragment.
    static func assert(
        _ log: DiagnosticLog, _ expected: [SectionFinding], file: StaticString = #filePath, line: UInt = #line
    ) {
        let found = log.diagnostics
        XCTAssertEqual(
            found.map { "\($0.severity) \($0.code) at \($0.location?.description ?? "(nowhere)")" },
            expected.map { "\($0.severity) \($0.code) at \($0.location)" },
            found.map(\.description).joined(separator: "\n"), file: file, line: line)
        for (diagnostic, finding) in zip(found, expected) {
            XCTAssertTrue(
                diagnostic.message.contains(finding.fragment), "\(diagnostic.message) lacks '\(finding.fragment)'",
                file: file, line: line)
        }
    }
}
