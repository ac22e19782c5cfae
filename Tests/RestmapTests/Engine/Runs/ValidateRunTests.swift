import Foundation
import XCTest
@testable import RestmapEngine
import RestmapReports

/// `ValidateRun` driven in process as `restmap validate` drives it: samples in, a report out,
/// and the exit code the report decides (0 passed, 1 failed). Finer findings are pinned in
/// `ValidateRunFindingsTests`.
final class ValidateRunTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {"Item": {"id": "itemID", "price": "price"}, "Tag": {"name": "name"}},
         "primary_key_mappings": {"Item": ["itemID"]},
         "entity_attribute_types": {"Item": {"price": "decimal"}},
         "path_mappings": [
           {"uri": "/items", "key_path": "items", "matchers": [{"key_path": "kind", "expected_value": "item", "entity_name": "Item"}]},
           {"uri": "/tags", "key_path": "tags", "matchers": [{"entity_name": "Tag"}]}]}
        """

    func sample(_ name: String, _ path: String?, _ text: String, expect: ValidationSample.Expectation = .ok) -> ValidationSample {
        ValidationSample(input: .source(MemoryByteSource(text, name: name)), name: name, requestPath: path, expectation: expect)
    }

    func validate(_ samples: [ValidationSample], _ configure: (inout ValidationOptions) -> Void = { _ in }) throws -> ValidationReport {
        var options = ValidationOptions()
        configure(&options)
        return try ValidateRun(definitions: ConfigText.definitions(Self.config), options: options).validate(samples)
    }

    static let clean = #"{"items": [{"kind": "item", "id": 1, "price": "1.5"}]}"#
    static let tags = #"{"tags": [{"name": "x"}]}"#

    /// `severity location` of each finding of a sample.
    func located(_ result: SampleResult) -> [String] {
        result.findings.map { "\($0.severity) \($0.diagnostic.location?.description ?? "-")" }
    }

    func testCleanSamplesPassWithFullCoverageAndExitZero() throws {
        let report = try validate([sample("a.json", "/items", Self.clean), sample("t.json", "/tags", Self.tags)])
        XCTAssertEqual(report.exitCode, 0)
        XCTAssertEqual(report.samples.map(\.passed), [true, true])
        XCTAssertEqual(report.samples.flatMap(\.findings).count, 0)
        XCTAssertEqual(report.coverage.exercised, report.coverage.total)
        XCTAssertEqual(report.config, "config.json")
        XCTAssertTrue(ValidationReportFormat.text.render(report).hasSuffix(report.summaryLine + "\n"))
    }

    func testAnErrorFailsItsOwnSampleAndTheRunExitsOne() throws {
        let report = try validate([
            sample("a.json", "/items", Self.clean),
            sample("b.json", "/items", #"{"items": [{"kind": "item", "id": 2, "price": "abc"}]}"#),
        ])
        XCTAssertEqual(report.exitCode, 1)
        XCTAssertEqual(report.samples.map(\.passed), [true, false])
        XCTAssertEqual(located(report.samples[1]), ["error b.json:1:47"], "at the value that does not convert")
        XCTAssertEqual(report.failedCount, 1)
    }

    func testWarningsFailASampleOnlyWhenStrictAndNotesNever() throws {
        // Memory sources are read once: each run gets fresh ones.
        let samples = { [
            self.sample("a.json", "/items", #"{"items": [{"kind": "item", "id": 1}, {"kind": "other", "id": 2}]}"#),
            self.sample("t.json", "/tags", #"{"tags": [{"name": "x", "extra": 1}]}"#),
        ] }
        let lenient = try validate(samples())
        XCTAssertEqual(lenient.exitCode, 0)
        XCTAssertEqual(located(lenient.samples[0]), ["warning a.json:1:39"], "the object no matcher takes")
        XCTAssertEqual(located(lenient.samples[1]), ["note t.json:1:34"], "the key nobody reads")
        let strict = try validate(samples()) { $0.strict = true }
        XCTAssertEqual(strict.exitCode, 1)
        XCTAssertEqual(strict.samples.map(\.passed), [false, true])
    }

    func testCoverageBelowTheMinimumFailsARunWhoseSamplesAllPass() throws {
        let report = try validate([sample("t.json", "/tags", Self.tags)]) { $0.minCoverage = 80 }
        XCTAssertEqual(report.samples.map(\.passed), [true])
        XCTAssertTrue(report.coverageBelowMinimum)
        XCTAssertEqual(report.exitCode, 1)
        XCTAssertLessThan(report.coverage.exercised, report.coverage.total)
        let enough = try validate([sample("a.json", "/items", Self.clean), sample("t.json", "/tags", Self.tags)]) { $0.minCoverage = 80 }
        XCTAssertEqual(enough.exitCode, 0)
    }

    func testANegativeSamplePassesWhenItFailsAndDoesNotCountTowardsCoverage() throws {
        let report = try validate([
            sample("t.json", "/tags", Self.tags),
            sample("bad.json", "/items", #"{"items": [{"kind": "item", "price": "2"}]}"#, expect: .error),
        ])
        XCTAssertEqual(report.exitCode, 0)
        XCTAssertEqual(report.samples.map(\.passed), [true, true])
        XCTAssertEqual(located(report.samples[1]), ["note bad.json:1:12"], "its error is expected, so it is reported as a note")
        XCTAssertLessThan(report.coverage.exercised, report.coverage.total)
        let unexpected = try validate([sample("ok.json", "/items", Self.clean, expect: .error)])
        XCTAssertEqual(unexpected.exitCode, 1)
        XCTAssertEqual(located(unexpected.samples[0]), ["error ok.json"])
    }

    func testFileSamplesAreReadFromDiskAndAMissingOneFailsItsSample() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory + "/items.json"
        try Self.clean.write(toFile: path, atomically: false, encoding: .utf8)
        let report = try validate([.file(path, requestPath: "/items"), .file(directory + "/absent.json", requestPath: "/tags")])
        XCTAssertEqual(report.samples.map(\.name), [path, directory + "/absent.json"])
        XCTAssertEqual(report.samples.map(\.passed), [true, false])
        XCTAssertEqual(report.exitCode, 1)
    }

    func testASampleWithoutAPathIsAUsageErrorWhenTheConfigHasSeveral() throws {
        XCTAssertThrowsError(try validate([sample("a.json", nil, Self.clean)])) { error in
            XCTAssertEqual((error as? RestmapError)?.kind, .usage)
            XCTAssertEqual((error as? RestmapError)?.exitCode, 2)
        }
        XCTAssertEqual(try validate([sample("a.json", nil, Self.clean)]) { $0.defaultPath = "/items" }.samples.map(\.passed), [true])
    }
}
