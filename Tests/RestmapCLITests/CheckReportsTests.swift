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

    func testHTMLIsNotACheckReport() throws {
        let result = try RestmapBinary.run(["check", "-c", "broken.json", "--report", "html"], in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("check --report takes every format but html"), result.stderr)
    }
}
