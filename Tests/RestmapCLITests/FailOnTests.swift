import Foundation
import RestmapTestSupport
import XCTest

/// `--fail-on error|warning|never` on `check` and `validate`: which findings fail the run.
/// `never` reports everything and exits 0 (a team adopting restmap on a drifting API);
/// `warning` is `--strict`; the two contradicting flags are refused.
final class FailOnTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-fail-on-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"entity_attribute_mappings": {"E": {"id": "id"}}, "path_mappings": [{"uri": "/e", "matchers": [{"entity_name": "Missing"}]}]}"#.utf8)
            .write(to: directory.appendingPathComponent("broken.json"))
        try Data(#"{"entity_attribute_mappings": {"Item": {"id": "itemID", "size": "size"}}, "entity_attribute_types": {"Item": {"size": "integer"}}, "path_mappings": [{"uri": "/items", "matchers": [{"entity_name": "Item"}]}]}"#.utf8)
            .write(to: directory.appendingPathComponent("items.json"))
        try Data(#"[{"id": 1, "size": "big"}]"#.utf8).write(to: directory.appendingPathComponent("error.json"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try RestmapBinary.run(arguments, in: directory)
    }

    func testCheckFailsOnWhatFailOnNames() throws {
        XCTAssertEqual(try run(["check", "-c", "broken.json"]).status, 1)
        let never = try run(["check", "-c", "broken.json", "--fail-on", "never"])
        XCTAssertEqual(never.status, 0, never.stderr)
        XCTAssertTrue(never.stderr.contains("error: a matcher of path_mappings.0 names entity 'Missing'"), "still reported: \(never.stderr)")
        XCTAssertTrue(never.stderr.contains("(not failing the run: --fail-on never)"), never.stderr)
        XCTAssertEqual(try run(["check", "-c", "broken.json", "--strict", "--fail-on", "never"]).status, 2)
    }

    func testValidateFailsOnErrorsByDefaultOnWarningsWhenAskedAndNeverWhenToldNot() throws {
        XCTAssertEqual(try run(["validate", "-c", "items.json", "/items=error.json"]).status, 1)
        let never = try run(["validate", "-c", "items.json", "/items=error.json", "--fail-on", "never", "--report", "junit=j.xml", "--report", "text"])
        XCTAssertEqual(never.status, 0, never.stderr)
        XCTAssertTrue(never.stdout.contains("FAIL error.json"), "the sample is still shown failing: \(never.stdout)")
        XCTAssertTrue(never.stdout.contains("(not failing the run: --fail-on never)"), never.stdout)
        XCTAssertTrue(try String(contentsOf: directory.appendingPathComponent("j.xml"), encoding: .utf8).contains("<failure"))

        // The employees sample has warnings and no error: it passes by default and fails
        // with --fail-on warning.
        let root = RestmapBinary.packageRoot.path
        let employees = ["validate", "-c", root + "/Configs/employees.plist", "/employees=" + root + "/Samples/employees/employees.json"]
        XCTAssertEqual(try run(employees).status, 0)
        XCTAssertEqual(try run(employees + ["--fail-on", "warning"]).status, 1)
        // --min-coverage still fails a run that does not fail on findings.
        XCTAssertEqual(try run(employees + ["--fail-on", "never", "--min-coverage", "90"]).status, 1)
    }
}
