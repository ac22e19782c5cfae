import Foundation
import RestmapTestSupport
import XCTest

/// `--write-baseline` and `--baseline` on `validate` and `check`: a team accepts today's
/// findings, which are then reported as baselined and never fail the run — also after
/// lines move — while a new finding does.
final class BaselineTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write("items.json", #"{"entity_attribute_mappings": {"Item": {"id": "itemID", "size": "size", "weight": "weight"}}, "entity_attribute_types": {"Item": {"size": "integer", "weight": "integer"}}, "path_mappings": [{"uri": "/items", "matchers": [{"entity_name": "Item"}]}]}"#)
        try write("sample.json", #"[{"id": 1, "size": "big", "weight": 3}]"#)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try RestmapBinary.run(arguments, in: directory)
    }

    func testValidateAcceptsBaselinedFindingsAfterLinesMoveAndFailsOnNewOnes() throws {
        let validate = ["validate", "-c", "items.json", "/items=sample.json"]
        XCTAssertEqual(try run(validate).status, 1)
        let written = try run(validate + ["--write-baseline", "ci/restmap-baseline.json"])
        XCTAssertEqual(written.status, 0, written.stderr + written.stdout)
        let baseline = try String(contentsOf: directory.appendingPathComponent("ci/restmap-baseline.json"), encoding: .utf8)
        XCTAssertTrue(baseline.contains(#""code": "RM4003""#) && baseline.contains(#""file": "sample.json""#), baseline)

        try write("sample.json", "\n\n" + #"[{"id": 1, "size": "big", "weight": 3}]"#)
        let accepted = try run(validate + ["--baseline", "ci/restmap-baseline.json"])
        XCTAssertEqual(accepted.status, 0, accepted.stdout)
        XCTAssertTrue(accepted.stdout.contains("PASS sample.json (/items): 1 baselined"), accepted.stdout)
        XCTAssertTrue(accepted.stdout.contains("sample.json:3:"), "the finding is still shown where it now is: \(accepted.stdout)")

        try write("sample.json", #"[{"id": 1, "size": "big", "weight": "heavy"}]"#)
        let drifted = try run(validate + ["--baseline", "ci/restmap-baseline.json", "--report", "json"])
        XCTAssertEqual(drifted.status, 1, "a new finding fails the run")
        let report = try JSONSerialization.jsonObject(with: Data(drifted.stdout.utf8)) as? [String: Any]
        let summary = report?["summary"] as? [String: Any]
        XCTAssertEqual(summary?["errors"] as? Int, 1)
        XCTAssertEqual(summary?["baselined"] as? Int, 1)
    }

    func testCheckAcceptsABaselinedConfigAndFailsOnANewError() throws {
        try write("drifted.json", #"{"entity_attribute_mappings": {"E": {"id": "id"}}, "path_mappings": [{"uri": "/e", "matchers": [{"entity_name": "Missing"}]}]}"#)
        XCTAssertEqual(try run(["check", "-c", "drifted.json"]).status, 1)
        XCTAssertEqual(try run(["check", "-c", "drifted.json", "--write-baseline", "b.json"]).status, 0)
        let accepted = try run(["check", "-c", "drifted.json", "--baseline", "b.json"])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertTrue(accepted.stderr.contains("drifted.json: 1 error, 0 warnings (1 baselined) — ok"), accepted.stderr)

        try write("drifted.json", #"{"entity_attribute_mappings": {"E": {"id": "id"}}, "path_mappings": [{"uri": "/e", "matchers": [{"entity_name": "Missing"}]}, {"uri": "/f", "matchers": [{"entity_name": "Gone"}]}]}"#)
        XCTAssertEqual(try run(["check", "-c", "drifted.json", "--baseline", "b.json"]).status, 1)
    }

    func testAFileThatIsNotABaselineIsAUsageError() throws {
        try write("not-a-baseline.json", #"{"findings": []}"#)
        let result = try run(["validate", "-c", "items.json", "/items=sample.json", "--baseline", "not-a-baseline.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("is not a restmap baseline"), result.stderr)
    }

    /// Code scanning tells new findings from accepted ones by SARIF's `baselineState`.
    func testSARIFMarksBaselinedFindingsUnchangedAndNewOnesNew() throws {
        let validate = ["validate", "-c", "items.json", "/items=sample.json"]
        XCTAssertEqual(try run(validate + ["--write-baseline", "b.json"]).status, 0)
        try write("sample.json", #"[{"id": 1, "size": "big", "weight": "heavy"}]"#)
        XCTAssertEqual(try run(validate + ["--baseline", "b.json", "--report", "sarif=r.sarif"]).status, 1)
        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.sarif"))) as? [String: Any]
        let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        XCTAssertEqual(Set(results.compactMap { $0["baselineState"] as? String }), ["unchanged", "new"], "\(results)")

        XCTAssertEqual(try run(validate + ["--report", "sarif=plain.sarif"]).status, 1)
        let plain = try String(contentsOf: directory.appendingPathComponent("plain.sarif"), encoding: .utf8)
        XCTAssertFalse(plain.contains("baselineState"), "without a baseline, no baseline state")
    }
}
