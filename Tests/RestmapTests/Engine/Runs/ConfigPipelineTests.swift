import XCTest
@testable import RestmapEngine

/// The config pipeline runs read → load → bind → lint and reports every finding once.
final class ConfigPipelineTests: XCTestCase {
    private let config = """
        {
          "entity_attribute_mappings": {"Employee": {"id": "entityId", "name": "name"}},
          "primary_key_mappings": {"Employee": ["entityId"]},
          "path_mappings": [{"uri": "/employees", "key_path": "employees",
                             "matchers": [{"entity_name": "Employee"}]}]
        }
        """

    func testLoadsDefinitionsFromBytes() throws {
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "api.json")
        XCTAssertFalse(log.hasErrors, "\(log.diagnostics)")
        XCTAssertEqual(definitions.entities.map(\.name), ["Employee"])
        XCTAssertEqual(definitions.pathMappings.count, 1)
    }

    func testLintRunsAfterLoading() throws {
        // A matcher naming an undefined entity is the linter's finding, not the loader's.
        let text = config.replacingOccurrences(of: "{\"entity_name\": \"Employee\"}", with: "{\"entity_name\": \"Empoyee\"}")
        let log = DiagnosticLog()
        _ = try ConfigPipeline(log: log).definitions(configBytes: Array(text.utf8), file: "api.json")
        let errors = log.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, "\(log.diagnostics)")
        XCTAssertEqual(errors.first?.location?.file, "api.json")
        XCTAssertTrue(errors.first?.message.contains("Employee") ?? false, "did-you-mean names the defined entity")
    }

    func testRequireDefinitionsStopsWithUsageExitOnConfigErrors() throws {
        let path = NSTemporaryDirectory() + "restmap-pipeline-\(getpid()).json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(#"{"entity_attribute_mappings": {"E": 3}}"#.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = DiagnosticLog()
        XCTAssertThrowsError(try ConfigPipeline(log: log).requireDefinitions(configAt: path)) { error in
            XCTAssertEqual((error as? RestmapError)?.exitCode, 2)
        }
        XCTAssertTrue(log.hasErrors, "the error is reported before the throw")
        XCTAssertEqual(log.diagnostics.first?.location?.file, path)
    }

    func testUnreadableConfigIsAUsageError() {
        let log = DiagnosticLog()
        XCTAssertThrowsError(try ConfigPipeline(log: log).definitions(configAt: "/nonexistent/restmap.plist")) { error in
            XCTAssertEqual((error as? RestmapError)?.exitCode, 2)
        }
    }

    func testConfigFindingsComeBeforeAnUnreadableModel() throws {
        let path = NSTemporaryDirectory() + "restmap-pipeline-model-\(getpid()).json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(#"{"entity_attribute_mappings": {"E": 3}}"#.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = DiagnosticLog()
        XCTAssertThrowsError(try ConfigPipeline(log: log).definitions(configAt: path, modelAt: "/nonexistent/Model.xcdatamodel"))
        XCTAssertTrue(log.hasErrors, "the config's own error is reported even though the model cannot be read")
    }
}
