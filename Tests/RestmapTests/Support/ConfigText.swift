import XCTest
@testable import RestmapEngine

/// Builds definitions from a config written inline (JSON or XML plist), the way `restmap
/// check` reads a config file: parse, load, and (unless asked not to) lint. Line and column
/// numbers in expected locations count from the string given.
enum ConfigText {
    /// The definitions and every diagnostic loading (and linting) produced.
    static func load(_ text: String, file: String = "config.json", lint: Bool = true) throws -> (MappingDefinitions, DiagnosticLog) {
        let log = DiagnosticLog()
        let root = try ConfigDocumentReader().parse(Array(text.utf8), file: file)
        let definitions = try ConfigLoader().load(root, file: file, log: log)
        if lint { ConfigLinter().lint(definitions, log: log) }
        return (definitions, log)
    }

    /// The definitions of a config that must load cleanly; fails the test on any error.
    static func definitions(
        _ text: String, file: String = "config.json", lint: Bool = true,
        sourceFile: StaticString = #filePath, line: UInt = #line
    ) throws -> MappingDefinitions {
        let (definitions, log) = try load(text, file: file, lint: lint)
        XCTAssertFalse(
            log.hasErrors, log.diagnostics.map(\.description).joined(separator: "\n"), file: sourceFile, line: line)
        return definitions
    }

    /// An XML property list around `body` (the root dictionary's content), with the header
    /// on lines 1–3 so that `body` starts on line 4.
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    }

    /// The diagnostics of `log` as `severity location` pairs: what tests pin (messages stay
    /// in the goldens).
    static func located(_ log: DiagnosticLog, _ severity: Diagnostic.Severity = .error) -> [String] {
        log.diagnostics.filter { $0.severity == severity }.map { $0.location?.description ?? "(nowhere)" }
    }
}
