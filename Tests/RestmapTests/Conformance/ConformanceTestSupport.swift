import XCTest
@testable import RestmapBase
@testable import RestmapConfig
@testable import RestmapPipeline

/// Shared by the conformance tests of the config extensions: the findings `check` prints for
/// a JSON config, and only their messages.
enum ExtensionLint {
    /// Every diagnostic `check` reports for `json`.
    static func findings(_ json: String) throws -> [Diagnostic] {
        let log = DiagnosticLog()
        _ = try ConfigPipeline(log: log).definitions(configBytes: Array(json.utf8), file: "c.json")
        return log.diagnostics
    }

    /// The rendered findings (`c.json:3:5: warning: …`).
    static func messages(_ json: String) throws -> [String] {
        try findings(json).map(\.description)
    }
}
