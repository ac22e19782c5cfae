import XCTest
@testable import RestmapEngine

/// `ValidateRun` with negative samples, statuses, strictness, size caps and XML samples.
final class ValidateRunOptionsTests: XCTestCase {
    typealias F = ValidationFixtures

    // MARK: - Expectations, statuses, options

    func testNegativeSamplesPassWhenTheyFail() throws {
        let broken = #"{"employees": [{"kind": "employee", "name": "No Id", "dept_id": 10}]}"#
        let report = try F.validate([
            F.sample("e.json", "/employees", F.employee), F.sample("d.json", "/departments", F.departments),
            F.sample("broken.json", "/employees", broken, expect: .error),
            F.sample("fine.json", "/employees", F.employee, expect: .error),
        ])
        XCTAssertTrue(report.samples[2].passed)
        XCTAssertEqual(
            F.lines(report.samples[2]),
            [
                "broken.json:1:16: note: expected error: Employee has no primary-key value: 'id' (employeeID) is absent; it is mapped as an object of its own (Employee#1)",
                "config.json:6: note: config: primary_key_mappings.Employee",
                // Alone in its run, the negative sample's connection finds no department.
                "broken.json:1:65: note: expected warning: connection 'department' of Employee#1 finds no Department with deptID = 10; it is left unset",
                "config.json:9: note: config: relationship_mappings.Employee.department",
            ])
        XCTAssertEqual(report.samples[2].findings[0].expectedSeverity, .error)
        XCTAssertFalse(report.samples[3].passed)
        XCTAssertEqual(
            F.lines(report.samples[3]),
            [
                "fine.json: error: expected to fail validation (expect: error), but it has no errors",
                "fine.json:1:72: warning: connection 'department' of Employee/1 finds no Department with deptID = 10; it is left unset",
                "config.json:9: note: config: relationship_mappings.Employee.department",
            ])
        XCTAssertEqual(report.exitCode, 1)
    }

    /// A negative sample runs alone: its objects neither resolve the others' connections nor
    /// count towards coverage.
    func testNegativeSamplesAreIsolated() throws {
        let report = try F.validate([
            F.sample("e.json", "/employees", F.employee),
            F.sample("d.json", "/departments", #"{"departments": [{"id": 10, "name": "R&D", "budget": "x"}]}"#, expect: .error),
        ])
        XCTAssertEqual(F.kinds(report.samples[0]), [.unresolvedConnection])
        XCTAssertEqual(report.coverage.counts(.pathMapping).exercised, 1)
        // Notes are not errors: the negative sample fails to fail.
        XCTAssertFalse(report.samples[1].passed)
    }

    func testStrictMakesWarningsFail() throws {
        let text = #"{"employees": [{"kind": "employee", "id": 1, "name": "Ann", "dept_id": 99, "salary": 1}]}"#
        let lenient = try F.validate([F.sample("e.json", "/employees", text)])
        XCTAssertTrue(lenient.passed)
        var options = ValidationOptions()
        options.strict = true
        let strict = try F.validate([F.sample("e.json", "/employees", text)], options: options)
        XCTAssertFalse(strict.passed)
        XCTAssertEqual(strict.exitCode, 1)
        // ... and let a negative sample with only warnings pass.
        let negative = try F.validate([F.sample("e.json", "/employees", text, expect: .error)], options: options)
        XCTAssertTrue(negative.passed)
    }

    func testErrorStatusSamplesMapWithErrorMappings() throws {
        let report = try F.validate([
            F.sample("404.json", "/employees/9", #"{"error": "not found"}"#, status: 404),
            F.sample("500.json", nil, #"{"message": "boom"}"#, status: 500),
            F.sample("200.json", "/nowhere", "{}", status: 200),
        ])
        XCTAssertEqual(report.samples[0].findings, [])
        XCTAssertEqual(
            F.lines(report.samples[1]),
            [
                "500.json: warning: no mappable object representations were found at the key paths searched (error, errors); the payload has message"
            ])
        XCTAssertTrue(report.samples[1].passed, "as for map --status, an error payload without errors is a warning")
        XCTAssertEqual(F.kinds(report.samples[2]), [.noPathMapping])
    }

    func testSamplesWithoutARequestPathAreAUsageError() throws {
        let samples = [F.sample("a.json", nil, F.employee), F.sample("b.json", "/employees", F.employee)]
        XCTAssertThrowsError(try F.validate(samples)) { error in
            let error = error as! RestmapError
            XCTAssertEqual(error.exitCode, 2)
            XCTAssertEqual(
                error.description,
                "a.json: error: sample 'a.json' has no request path and the config has 2 path mappings ('/employees', '/departments'); give it a 'path' (URI=FILE) or pass --path URI; restmap init --manifest-out FILE writes a manifest with the paths init gave")
        }
        var options = ValidationOptions()
        options.defaultPath = "/employees"
        XCTAssertEqual(try F.validate(samples, options: options).samples.count, 2)
    }

    /// Samples are held whole with their locations: an oversized one is one clear finding,
    /// also as NDJSON (where a bad line is otherwise skipped and reading goes on).
    func testOversizedSamplesAreRefused() throws {
        var options = ValidationOptions()
        options.maxSampleSize = 1 << 20
        let line = #"{"employees": [{"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": 1}]}"# + "\n"
        let text = String(repeating: line, count: (2 << 20) / line.utf8.count)
        let report = try F.validate([F.sample("big.ndjson", "/employees", text)], options: options)
        // Lines read before the limit keep their findings; the limit is reported once.
        XCTAssertEqual(
            F.lines(report.samples[0]).first,
            "big.ndjson: error: the sample is larger than 1 MiB: validate reads a sample whole to locate its findings; trim it (map streams inputs of any size)")
        XCTAssertEqual(report.samples[0].findings.filter { $0.kind == .parseError }.count, 1)
        XCTAssertFalse(report.passed)
    }

    /// XML samples are read as `map` reads them; findings point at elements.
    func testXMLSamplesAreLocatedByElement() throws {
        let config = """
            {
              "entity_attribute_mappings": { "Item": { "id": "itemID", "size": "size" } },
              "primary_key_mappings": { "Item": ["itemID"] },
              "entity_attribute_types": { "Item": { "id": "integer", "size": "integer" } },
              "path_mappings": [ { "uri": "/items.xml", "key_path": "items.item", "matchers": [ { "entity_name": "Item" } ] } ]
            }
            """
        let xml = """
            <?xml version="1.0"?>
            <items>
              <item><id>1</id><size>2</size></item>
              <item id="2"><size>big</size><color>red</color></item>
            </items>
            """
        let report = try F.validate([F.sample("items.xml", "/items.xml", xml)], config: config)
        XCTAssertEqual(
            F.lines(report.samples[0]),
            [
                #"items.xml:4:16: error: Item/2: size not set: cannot convert "big" to integer: not a number"#,
                "config.json:2: note: config: entity_attribute_mappings.Item.size",
                "items.xml:4:32: note: key 'color' of Item objects is never read by the config (at items.item.*.color)",
                "config.json:2: note: config: entity_attribute_mappings.Item",
            ])
        let malformed = try F.validate([F.sample("bad.xml", "/items.xml", "<items><item></items>")], config: config)
        XCTAssertEqual(malformed.samples[0].findings.map(\.kind), [.parseError])
    }
}
