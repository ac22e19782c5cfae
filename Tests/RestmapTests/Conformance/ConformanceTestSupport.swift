import XCTest
@testable import RestmapEngine

/// Shared by the conformance tests of the config extensions: the findings `check` prints for
/// a JSON config, and their codes and places.
enum ExtensionLint {
    /// Every diagnostic `check` reports for `json`.
    static func findings(_ json: String) throws -> [Diagnostic] {
        let log = DiagnosticLog()
        _ = try ConfigPipeline(log: log).definitions(configBytes: Array(json.utf8), file: "c.json")
        return log.diagnostics
    }

    /// `CODE FILE:LINE:COL` of each finding (`RM2019 c.json:3:5`): what the tests pin; the
    /// sentences are the goldens'.
    static func sites(_ json: String) throws -> [String] {
        try findings(json).map(\.site)
    }
}
