import Foundation
import RestmapTestSupport
import XCTest

/// `--report FORMAT[=FILE]` as a CI job uses it: several reports from one run, each in its
/// own file (directories made), and every one written whatever the outcome — a broken config
/// and a missing sample included — holding the reason with its code.
final class ValidateReportsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-reports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write("config.json", """
            {"entity_attribute_mappings": {"Item": {"id": "itemID", "size": "size"}},
             "entity_attribute_types": {"Item": {"size": "integer"}},
             "path_mappings": [{"uri": "/items", "key_path": "items", "matchers": [{"entity_name": "Item"}]}]}
            """)
        try write("error.json", #"{"items": [{"id": 1, "size": "big"}]}"#)
        try write("broken.plist", "<plist><dict><key>entity_attribute_mappings")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    private func sarifResults(_ name: String) throws -> [[String: Any]] {
        let log = try JSONSerialization.jsonObject(with: Data(read(name).utf8)) as? [String: Any]
        let runs = log?["runs"] as? [[String: Any]]
        return runs?.first?["results"] as? [[String: Any]] ?? []
    }

    func testOneRunWritesEveryReportToItsOwnFileAndTheUnnamedOneToStandardOutput() throws {
        let result = try RestmapBinary.run(
            ["validate", "-c", "config.json", "/items=error.json", "--report", "junit=build/reports/junit.xml",
             "--report", "sarif=build/restmap.sarif", "--report", "json"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("{"), "the json report on stdout: \(result.stdout)")
        XCTAssertTrue(try read("build/reports/junit.xml").contains(#"<failure message="1 error"#))
        XCTAssertEqual(try sarifResults("build/restmap.sarif").count, 1)
        XCTAssertTrue(result.stderr.contains("validate: 1 sample, 0 passed, 1 failed"), "the summary goes to stderr: \(result.stderr)")
    }

    func testABrokenConfigStillWritesEveryReportWithTheConfigErrorAsAFinding() throws {
        let result = try RestmapBinary.run(
            ["validate", "-c", "broken.plist", "/items=error.json", "--report", "junit=out/junit.xml",
             "--report", "sarif=out/restmap.sarif", "--report", "github"], in: directory)
        XCTAssertEqual(result.status, 2, "a config error keeps its exit status")
        XCTAssertTrue(result.stderr.contains("broken.plist:1:"), result.stderr)
        let junit = try read("out/junit.xml")
        XCTAssertTrue(junit.contains(#"type="RM3201""#) && junit.contains("broken.plist"), junit)
        let sarif = try sarifResults("out/restmap.sarif")
        XCTAssertEqual(sarif.first?["ruleId"] as? String, "RM3201")
        XCTAssertTrue(result.stdout.contains("::error file=broken.plist,line=1"), result.stdout)
        XCTAssertTrue(result.stdout.contains("coverage not measured"), result.stdout)
    }

    func testAMissingSampleStillWritesTheReport() throws {
        let result = try RestmapBinary.run(
            ["validate", "-c", "config.json", "/items=gone.json", "--report", "junit=junit.xml"], in: directory)
        XCTAssertEqual(result.status, 2, result.stderr)
        let junit = try read("junit.xml")
        XCTAssertTrue(junit.contains("gone.json") && junit.contains("<failure"), junit)
    }

    func testAFormatTwiceOrTwoReportsWithoutAFileAreRefused() throws {
        let twice = try RestmapBinary.run(["validate", "-c", "config.json", "error.json", "--report", "json", "--report", "json=x.json"], in: directory)
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("--report json is given twice"), twice.stderr)
        let unnamed = try RestmapBinary.run(["validate", "-c", "config.json", "error.json", "--report", "json", "--report", "junit"], in: directory)
        XCTAssertEqual(unnamed.status, 2)
        XCTAssertTrue(unnamed.stderr.contains("only one report can go to standard output"), unnamed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.json").path))
    }

    func testTheMarkdownSummaryShowsTheVerdictAndCannotBeGivenLinksOrMarkupBySamples() throws {
        try write("hostile.json", #"{"items": [{"id": 1, "size": 2, "[x](http://evil.example)<img src=x>|": 1}]}"#)
        let result = try RestmapBinary.run(
            ["validate", "-c", "config.json", "/items=error.json", "/items=hostile.json", "--report", "markdown"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("## restmap validate: FAILED\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("| **FAIL** | error.json (/items) | 1 | 0 | 0 |"), result.stdout)
        XCTAssertTrue(result.stdout.contains(#"\[x\](http\://evil.example)&lt;img src=x&gt;\|"#), result.stdout)
        XCTAssertFalse(result.stdout.contains("<img"), result.stdout)
    }

    /// GitLab compares fingerprints between pipelines: the same finding keeps its
    /// fingerprint when lines are added above it, while its location follows it.
    func testCodeClimateIssuesCarryFingerprintsThatSurviveMovedLines() throws {
        func issues() throws -> [[String: Any]] {
            let result = try RestmapBinary.run(["validate", "-c", "config.json", "/items=error.json", "--report", "codeclimate"], in: directory)
            XCTAssertEqual(result.status, 1, result.stderr)
            return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        }
        let before = try issues()
        XCTAssertEqual(before.count, 1)
        let issue = try XCTUnwrap(before.first)
        XCTAssertEqual(issue["check_name"] as? String, "RM4003")
        XCTAssertEqual(issue["severity"] as? String, "major")
        let location = issue["location"] as? [String: Any]
        XCTAssertEqual(location?["path"] as? String, "error.json")
        XCTAssertEqual((location?["lines"] as? [String: Any])?["begin"] as? Int, 1)
        XCTAssertEqual((issue["fingerprint"] as? String)?.count, 32)

        try write("error.json", "\n\n\n" + #"{"items": [{"id": 1, "size": "big"}]}"#)
        let after = try issues()
        XCTAssertEqual(after.first?["fingerprint"] as? String, issue["fingerprint"] as? String)
        XCTAssertEqual(((after.first?["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int, 4)
    }

    /// A sample that does not parse is the news: coverage says it is incomplete instead of
    /// listing every entry as never exercised under the one error.
    func testAMalformedSampleIsNotBuriedUnderNeverExercisedLines() throws {
        try write("truncated.json", #"{"items": [{"id": 1,"#)
        let result = try RestmapBinary.run(["validate", "-c", "config.json", "/items=truncated.json"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("incomplete: 1 sample could not be read"), result.stdout)
        XCTAssertFalse(result.stdout.contains("never exercised:"), result.stdout)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 4, "headline, error, coverage, summary: \(result.stdout)")
    }

    /// What `check` would say about the config (an unknown section) reaches every report, not
    /// only standard error; it does not fail the run.
    func testTheConfigsOwnWarningsAreFindingsInTheReports() throws {
        try write("warned.json", """
            {"entity_attribute_mappings": {"Item": {"id": "itemID", "size": "size"}}, "bogus_section": 1,
             "path_mappings": [{"uri": "/items", "key_path": "items", "matchers": [{"entity_name": "Item"}]}]}
            """)
        try write("clean.json", #"{"items": [{"id": 1, "size": 2}]}"#)
        let result = try RestmapBinary.run(
            ["validate", "-c", "warned.json", "/items=clean.json", "--report", "github", "--report", "json=r.json",
             "--report", "junit=r.xml", "--report", "text=r.txt"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("::warning file=warned.json,line=1,"), result.stdout)
        XCTAssertTrue(result.stdout.contains("title=RM1006::unknown section 'bogus_section'"), result.stdout)
        let json = try JSONSerialization.jsonObject(with: Data(read("r.json").utf8)) as? [String: Any]
        XCTAssertEqual((json?["config_findings"] as? [[String: Any]])?.first?["code"] as? String, "RM1006")
        XCTAssertTrue(try read("r.xml").contains("unknown section"))
        XCTAssertTrue(try read("r.txt").hasPrefix("CONFIG warned.json: 1 warning\n"))
    }
}
