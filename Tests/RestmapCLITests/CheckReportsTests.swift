import Foundation
import RestmapTestSupport
import XCTest

/// `check --report FORMAT[=FILE]`: the config's findings in every format `validate` writes
/// but html, several at once, written even when the config cannot be read; the findings stay
/// on standard error as ever.
final class CheckReportsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-check-reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"entity_attribute_mappings": {"E": {"id": "id"}}, "path_mappings": [{"uri": "/e", "matchers": [{"entity_name": "Missing"}]}]}"#.utf8)
            .write(to: directory.appendingPathComponent("broken.json"))
        try Data("<plist><dict><key>entity".utf8).write(to: directory.appendingPathComponent("truncated.plist"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    func testConfigFindingsGoToEveryRequestedReport() throws {
        let result = try RestmapBinary.run(
            ["check", "-c", "broken.json", "--report", "junit=reports/check.xml", "--report", "codeclimate=reports/quality.json",
             "--report", "markdown"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("broken.json:1:113: error: a matcher of path_mappings.0 names entity 'Missing'"), result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("## restmap check: FAILED"), result.stdout)
        XCTAssertTrue(result.stdout.contains("| **FAIL** | broken.json | 1 | 0 | 0 |"), result.stdout)
        let junit = try read("reports/check.xml")
        XCTAssertTrue(junit.contains(#"<testsuites name="restmap check""#) && junit.contains(#"type="RM2001""#), junit)
        let quality = try JSONSerialization.jsonObject(with: Data(read("reports/quality.json").utf8)) as? [[String: Any]]
        XCTAssertEqual(quality?.first?["check_name"] as? String, "RM2001")
    }

    func testAConfigThatCannotBeReadIsAFindingInTheReportsAndStillExitsTwo() throws {
        let result = try RestmapBinary.run(
            ["check", "-c", "truncated.plist", "--report", "github", "--report", "json=out/check.json"], in: directory)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stdout.contains("::error file=truncated.plist,line=1"), result.stdout)
        XCTAssertFalse(result.stdout.contains("coverage"), "check has no coverage to annotate: \(result.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(read("out/check.json").utf8)) as? [String: Any]
        XCTAssertEqual(json?["passed"] as? Bool, false)
    }

    /// `check --openapi`: drift from the API's document is a warning on standard error, in
    /// SARIF with the document's place as a related location, and fails with --fail-on warning;
    /// a document that does not load exits 2 and is still in the reports.
    func testDriftFromTheOpenAPIDocumentIsReportedInBothFiles() throws {
        let spec = RestmapBinary.packageRoot.appendingPathComponent("Samples/openapi/shelter.yaml").path
        try Data(#"""
            {"entity_attribute_mappings": {"Pet": {"id": "id", "name": "name", "nick": "nick"}},
             "path_mappings": [{"uri": "/pets/:id", "matchers": [{"entity_name": "Pet"}]}]}
            """#.utf8).write(to: directory.appendingPathComponent("pets.json"))
        var result = try RestmapBinary.run(["check", "-c", "pets.json", "--openapi", spec, "--report", "sarif=check.sarif"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix(
            "pets.json:1:68: warning: Pet reads 'nick', but the schema of GET /pets/{petId} has no 'nick' there\n\(spec):"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("pets.json: 0 errors, 1 warning — ok\n"), result.stderr)
        let sarif = try read("check.sarif")
        XCTAssertTrue(sarif.contains(#""ruleId": "RM2203""#) && sarif.contains("relatedLocations") && sarif.contains("shelter.yaml"), sarif)

        result = try RestmapBinary.run(["check", "-c", "pets.json", "--openapi", spec, "--fail-on", "warning"], in: directory)
        XCTAssertEqual(result.status, 1)

        try Data("swagger: '2.0'\n".utf8).write(to: directory.appendingPathComponent("old.yaml"))
        result = try RestmapBinary.run(["check", "-c", "pets.json", "--openapi", "old.yaml", "--report", "json=out/check.json"], in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("old.yaml:1:1: error: the document is Swagger 2.0, not OpenAPI 3"), result.stderr)
        XCTAssertTrue(try read("out/check.json").contains("RM1202"))
    }

    func testHTMLIsNotACheckReport() throws {
        let result = try RestmapBinary.run(["check", "-c", "broken.json", "--report", "html"], in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("check --report takes every format but html"), result.stderr)
    }
}
