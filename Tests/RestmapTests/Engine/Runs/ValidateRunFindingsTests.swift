import XCTest
@testable import RestmapEngine

final class ValidateRunFindingsTests: XCTestCase {
    typealias F = ValidationFixtures

    /// The clean baseline: an employee connected to a department of another sample.
    func testCleanSamplesHaveNoFindings() throws {
        let report = try F.validate([
            F.sample("e.json", "/employees", F.employee), F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(report.samples.map(\.findings), [[], []])
        XCTAssertTrue(report.passed)
        XCTAssertEqual(report.exitCode, 0)
    }

    // MARK: - Errors

    func testParseErrorsAreLocated() throws {
        let report = try F.validate([F.sample("bad.json", "/employees", "{\"employees\": [\n  {\"id\": 1,]\n")])
        XCTAssertEqual(F.lines(report.samples[0]), ["bad.json:2:12: error: expected a string key after ','"])
        XCTAssertFalse(report.samples[0].passed)
        XCTAssertEqual(report.exitCode, 1)
    }

    func testEmptySampleIsAParseError() throws {
        let report = try F.validate([F.sample("empty.json", "/employees", "  \n")])
        XCTAssertEqual(F.lines(report.samples[0]), ["empty.json:1:1: error: unexpected end of input, expected a JSON value"])
    }

    func testNDJSONSamplesReportABadLineAndGoOn() throws {
        let text = """
            {"employees": [{"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": 1}]}
            {"employees": [{"kind": "employee", "id": 2,, "name": "Bob"}]}
            {"employees": [{"kind": "employee", "id": 3, "name": "Cid", "dept_id": 10, "salary": 3}]}
            """
        let report = try F.validate([
            F.sample("e.ndjson", "/employees", text), F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(F.lines(report.samples[0]), ["e.ndjson:2:45: error: expected a string key after ','"])
        XCTAssertEqual(report.coverage.counts(.attributeMapping).exercised, 6)
    }

    func testNoPathMappingForTheSamplePath() throws {
        let report = try F.validate([F.sample("d.json", "/nowhere", F.departments)])
        XCTAssertEqual(
            F.lines(report.samples[0]),
            ["d.json: error: no path mapping matches '/nowhere'; the config maps '/employees', '/departments'"])
        let clean = try F.validate([F.sample("d.json", "/departments?page=2", F.departments)])
        XCTAssertEqual(clean.samples[0].findings, [])
    }

    func testNothingMapped() throws {
        let report = try F.validate([
            F.sample("absent.json", "/employees", #"{"staff": [], "count": 0}"#),
            F.sample("empty.json", "/employees", #"{"employees": []}"#),
        ])
        XCTAssertEqual(
            F.lines(report.samples[0]),
            [
                "absent.json: error: no mappable object representations were found at the key paths searched (employees); the payload has count, staff",
                "config.json:15: note: config: path_mappings.0",
                "absent.json:1:1: warning: key path 'employees' of path_mappings.0 ('/employees') is absent from the payload; the payload has staff, count",
                "config.json:15: note: config: path_mappings.0.key_path",
            ])
        XCTAssertEqual(
            F.lines(report.samples[1]),
            [
                "empty.json: error: nothing was mapped: the collections at the key paths searched were empty",
                "config.json:15: note: config: path_mappings.0",
            ])
        let clean = try F.validate([F.sample("d.json", "/departments", F.departments)])
        XCTAssertFalse(F.kinds(clean.samples[0]).contains(.nothingMapped))
    }

    func testMissingOrNullPrimaryKeys() throws {
        let text = """
            {"employees": [
              {"kind": "employee", "name": "Bob", "dept_id": 10, "salary": 1},
              {"kind": "employee", "id": null, "name": "Nul", "dept_id": 10, "salary": 1},
              {"kind": "employee", "id": 3, "name": "Cid", "dept_id": 10, "salary": 1}
            ]}
            """
        let report = try F.validate([
            F.sample("e.json", "/employees", text), F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(
            F.lines(report.samples[0]),
            [
                "e.json:2:3: error: Employee has no primary-key value: 'id' (employeeID) is absent; it is mapped as an object of its own (Employee#1)",
                "config.json:6: note: config: primary_key_mappings.Employee",
                "e.json:3:30: error: Employee has no primary-key value: 'id' (employeeID) is null; it is mapped as an object of its own (Employee#2)",
                "config.json:6: note: config: primary_key_mappings.Employee",
            ])
    }

    func testValuesFailingTypeConversion() throws {
        let text = #"{"employees": [{"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": "lots"}]}"#
        let report = try F.validate([
            F.sample("e.json", "/employees", text), F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(
            F.lines(report.samples[0]),
            [
                #"e.json:1:86: error: Employee/1: salary not set: cannot convert "lots" to integer: not a number"#,
                "config.json:3: note: config: entity_attribute_mappings.Employee.salary",
            ])
        let converted = #"{"employees": [{"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": "1200"}]}"#
        let clean = try F.validate([
            F.sample("e.json", "/employees", converted), F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(clean.samples[0].findings, [])
    }

    // MARK: - Warnings

    func testKeyPathAbsentOrNull() throws {
        let report = try F.validate([
            F.sample("typo.json", "/employees", #"{"employes": [{"kind": "employee", "id": 1}]}"#),
            F.sample("null.json", "/employees", "{\n  \"employees\": null\n}"),
        ])
        XCTAssertTrue(
            F.lines(report.samples[0]).contains(
                "typo.json:1:1: warning: key path 'employees' of path_mappings.0 ('/employees') is absent from the payload; did you mean 'employes'?"),
            "\(F.lines(report.samples[0]))")
        XCTAssertEqual(
            F.lines(report.samples[1]),
            [
                "null.json: error: no mappable object representations were found at the key paths searched (employees); the payload has employees",
                "config.json:15: note: config: path_mappings.0",
                "null.json:2:16: warning: key path 'employees' of path_mappings.0 ('/employees') is null in the payload",
                "config.json:15: note: config: path_mappings.0.key_path",
            ])
        let clean = try F.validate([F.sample("e.json", "/employees", F.employee)])
        XCTAssertFalse(F.kinds(clean.samples[0]).contains(.keyPathAbsent))
    }

    func testObjectsNoMatcherTakes() throws {
        let text = """
            {"employees": [
              {"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": 1},
              {"kind": "contractor", "id": 2},
              {"id": 3}
            ]}
            """
        let report = try F.validate([
            F.sample("e.json", "/employees", text), F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(
            F.lines(report.samples[0]),
            [
                #"e.json:3:3: warning: no matcher of path_mappings.0 ('/employees') takes this object: kind is "contractor", expected "employee""#,
                "config.json:16: note: config: path_mappings.0.matchers",
                #"e.json:4:3: warning: no matcher of path_mappings.0 ('/employees') takes this object: kind is absent, expected "employee""#,
                "config.json:16: note: config: path_mappings.0.matchers",
            ])
        XCTAssertTrue(report.samples[0].passed, "warnings do not fail a sample")
    }

    func testObjectsCarryingNoMappedKeyPath() throws {
        let text = #"{"employees": [{"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": 1}, {"kind": "employee", "age": 3}]}"#
        let report = try F.validate([
            F.sample("e.json", "/employees", text), F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(
            F.lines(report.samples[0]),
            [
                "e.json:1:90: warning: this object carries none of the key paths Employee maps (id, name, dept_id, salary, manager); nothing is mapped from it",
                "config.json:3: note: config: entity_attribute_mappings.Employee",
            ])
    }

    /// Connections resolve across all samples of the run, whatever their order.
    func testUnresolvedConnections() throws {
        let text = """
            {"employees": [
              {"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": 1},
              {"kind": "employee", "id": 2, "name": "Bob", "dept_id": 99, "salary": 1}
            ]}
            """
        let report = try F.validate([
            F.sample("e.json", "/employees", text), F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(
            F.lines(report.samples[0]),
            [
                "e.json:3:59: warning: connection 'department' of Employee/2 finds no Department with deptID = 99; it is left unset",
                "config.json:9: note: config: relationship_mappings.Employee.department",
            ])
        XCTAssertEqual(report.samples[1].findings, [])
        // Without the departments sample, the first connection fails too.
        let alone = try F.validate([F.sample("e.json", "/employees", text)])
        // Folded: one place of the payload's shape, counted.
        XCTAssertEqual(alone.samples[0].findings.map(\.kind), [.unresolvedConnection])
        XCTAssertEqual(alone.samples[0].findings.map(\.count), [2])
    }

    func testNullConnectionsAreNotes() throws {
        let text = #"{"employees": [{"kind": "employee", "id": 1, "name": "Ann", "dept_id": null, "salary": 1}]}"#
        let report = try F.validate([F.sample("e.json", "/employees", text)])
        XCTAssertEqual(
            F.lines(report.samples[0]),
            [
                "e.json:1:72: note: connection 'department' of Employee/1 is left unset: its source deptID is null",
                "config.json:9: note: config: relationship_mappings.Employee.department",
            ])
        XCTAssertEqual(report.coverage.entries.first { $0.name == "relationship_mappings.Employee.department" }?.exercised, false)
    }

    func testConflictingDuplicatesAcrossSamples() throws {
        let first = #"{"employees": [{"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": 1}]}"#
        let second = #"{"employees": [{"kind": "employee", "id": "1", "name": "Anne", "dept_id": 10, "salary": 2}]}"#
        let report = try F.validate([
            F.sample("a.json", "/employees", first), F.sample("b.json", "/employees", second),
            F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(report.samples[0].findings, [])
        XCTAssertEqual(
            F.lines(report.samples[1]),
            [
                #"b.json:1:56: warning: Employee/1 is mapped again with different values: name "Anne" (earlier "Ann"), salary 2 (earlier 1)"#,
                "a.json:1:54: note: the earlier value of name is here",
                "config.json:6: note: config: primary_key_mappings.Employee",
            ])
        // Equal values (1 and "1" are one identity and loosely equal) and absent ones are no conflict.
        let same = #"{"employees": [{"kind": "employee", "id": "1", "name": "Ann"}]}"#
        let clean = try F.validate([
            F.sample("a.json", "/employees", first), F.sample("b.json", "/employees", same),
            F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(clean.samples[1].findings, [])
    }

    // MARK: - Notes

    /// One drifting key in a thousand elements is one note with a count.
    func testUnreadKeysAreFoldedByPlace() throws {
        let element = #"{"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": 1, "nickname": "A"}"#
        var elements: [String] = []
        for id in 1...1000 { elements.append(element.replacingOccurrences(of: #""id": 1"#, with: "\"id\": \(id)")) }
        let text = "{\"employees\": [\n" + elements.joined(separator: ",\n") + "\n], \"total\": 1000}"
        let report = try F.validate([
            F.sample("e.json", "/employees", text), F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(
            F.lines(report.samples[0]),
            [
                #"e.json:2:86: note: key 'nickname' of Employee objects is never read by the config (at employees.*.nickname) (1000 occurrences, the first shown)"#,
                "config.json:3: note: config: entity_attribute_mappings.Employee",
                "e.json:1002:13: note: key 'total' is never read by the config",
                "config.json:15: note: config: path_mappings.0",
            ])
        XCTAssertEqual(report.samples[0].findings.map(\.count), [1000, 1])
        XCTAssertEqual(report.samples[0].findings[0].pointer, "/employees/0/nickname")
        XCTAssertTrue(report.passed, "notes never fail")
    }

    func testKeysReadByMatchersNestedMappingsAndWholeValuesAreRead() throws {
        let text = """
            {"employees": [{"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": 1,
              "manager": {"id": 2, "name": "Max", "badge": 7}}]}
            """
        let report = try F.validate([
            F.sample("e.json", "/employees", text), F.sample("d.json", "/departments", F.departments),
        ])
        // `kind` is read by the matcher; the manager is a nested Employee whose `badge` is not read.
        XCTAssertEqual(
            F.lines(report.samples[0]),
            [
                "e.json:2:48: note: key 'badge' of Employee objects is never read by the config (at employees.*.manager.badge)",
                "config.json:3: note: config: entity_attribute_mappings.Employee",
            ])
        let fanOut = """
            {
              "entity_attribute_mappings": { "Tagged": { "id": "id", "tags.name": "tagNames" } },
              "path_mappings": [ { "uri": "/t", "matchers": [ { "entity_name": "Tagged" } ] } ]
            }
            """
        let tagged = try F.validate(
            [F.sample("t.json", "/t", #"{"id": 1, "tags": [{"name": "a"}, {"name": "b", "color": "red"}]}"#)],
            config: fanOut)
        XCTAssertEqual(
            F.lines(tagged.samples[0]),
            [
                "t.json:1:58: note: key 'color' of Tagged objects is never read by the config (at tags.*.color)",
                "config.json:2: note: config: entity_attribute_mappings.Tagged",
            ])
    }

    func testMapperWarningsAreFindingsOfTheSample() throws {
        let text = #"{"employees": [{"kind": ["employee"], "id": 1}]}"#
        let report = try F.validate([F.sample("e.json", "/employees", text)])
        XCTAssertEqual(F.kinds(report.samples[0]), [.nothingMapped, .mapping, .unmatchedObject])
        XCTAssertEqual(
            F.lines(report.samples[0])[2],
            #"e.json:1:16: warning: matcher key path 'kind' of path_mappings.0 reaches an array, which never equals "employee""#)
    }
}
