import Foundation
import RestmapTestSupport
import XCTest

/// `validate --report sarif` and `check --report sarif` write SARIF 2.1.0 that the OASIS
/// schema accepts (vendored in Schemas/, checked offline with Python's `jsonschema`, which
/// `make test` installs), with a rule per diagnostic code and located results.
final class SARIFReportTests: XCTestCase {
    private static let schema = RestmapBinary.packageRoot.appendingPathComponent("Tests/RestmapCLITests/Schemas/sarif-schema-2.1.0.json")

    /// Validates `report` against the schema; returns the schema's complaints.
    private func schemaErrors(_ report: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-\(UUID().uuidString).sarif")
        try report.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(json.load(open(sys.argv[2]))), key=str)
            print("\\n".join("%s: %s" % (list(e.absolute_path), e.message) for e in errors))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, Self.schema.path, file.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let failure = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the schema check ran (python3 with jsonschema): \(failure)")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testValidateReportIsSchemaValidWithRulesLocationsAndCoverage() throws {
        let result = try RestmapBinary.run([
            "validate", "-q", "-c", "Configs/employees.plist", "--report", "sarif",
            "/employees=Samples/employees/employees.json", "/employees=Samples/validation/employees-truncated.json",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(try schemaErrors(result.stdout), "")
        let run = try XCTUnwrap((try json(result.stdout)["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertTrue(rules.contains { $0["id"] as? String == "RM3001" }, "a rule per diagnostic code")
        XCTAssertTrue(rules.allSatisfy { ($0["help"] as? [String: Any])?["text"] is String }, "each with a help text")
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        let unread = try XCTUnwrap(results.first { ($0["message"] as? [String: Any])?["text"] as? String == "key 'type' of Department objects is never read by the config (at employees_list.*.dept.type) (3 occurrences, the first shown)" })
        XCTAssertEqual(unread["ruleId"] as? String, "RM5008")
        let location = try XCTUnwrap(((unread["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        XCTAssertEqual((location["artifactLocation"] as? [String: Any])?["uri"] as? String, "Samples/employees/employees.json")
        XCTAssertEqual((location["region"] as? [String: Any])?["startLine"] as? Int, 8)
        XCTAssertEqual((location["region"] as? [String: Any])?["startColumn"] as? Int, 25)
        let related = try XCTUnwrap((unread["relatedLocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(((related["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String,
                       "Configs/employees.plist", "the config entry is a related location")
        XCTAssertTrue(results.contains { $0["level"] as? String == "error" }, "the truncated sample's error")
        let coverage = try XCTUnwrap((run["properties"] as? [String: Any])?["coverage"] as? [String: Any])
        XCTAssertEqual(coverage["total"] as? Int, 19)
    }

    func testManifestAndEveryConfigsCheckAreSchemaValid() throws {
        let manifest = try RestmapBinary.run(["validate", "-q", "-c", "Configs/employees.plist", "--manifest", "Samples/manifest.json", "--report", "sarif"])
        XCTAssertEqual(try schemaErrors(manifest.stdout), "")
        for config in ["articles.plist", "employees.plist", "employees-binary.bplist", "gists.plist", "people.json"] {
            let check = try RestmapBinary.run(["check", "-q", "-c", "Configs/" + config, "--report", "sarif"])
            XCTAssertEqual(try schemaErrors(check.stdout), "", config)
        }
        let model = try RestmapBinary.run(["check", "-q", "-c", "Configs/gists.plist", "--model", "Configs/Gists.xcdatamodeld", "--report", "sarif"])
        XCTAssertEqual(try schemaErrors(model.stdout), "")
    }

    func testAConfigThatCannotBeReadIsStillReported() throws {
        let result = try RestmapBinary.run(["check", "-c", "Samples/hostile/truncated.json", "--report", "sarif"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(try schemaErrors(result.stdout), "")
        let run = try XCTUnwrap((try json(result.stdout)["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.first?["level"] as? String, "error")
        XCTAssertTrue((results.first?["ruleId"] as? String)?.hasPrefix("RM30") == true, "a JSON parse code: \(results)")
    }
}
