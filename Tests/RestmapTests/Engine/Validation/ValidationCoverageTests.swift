import XCTest
@testable import RestmapEngine

/// Coverage (SPEC §3.4): what counts as exercised, each entry counted once.
final class ValidationCoverageTests: XCTestCase {
    typealias F = ValidationFixtures

    private func exercised(_ report: ValidationReport) -> [String] {
        report.coverage.entries.filter(\.exercised).map(\.name)
    }

    func testEveryEntryIsListedInConfigOrderByKind() throws {
        let report = try F.validate([F.sample("d.json", "/departments", F.departments)])
        XCTAssertEqual(
            report.coverage.entries.map { "\($0.kind.rawValue) \($0.name) \($0.location.shortDescription) \($0.detail)" },
            [
                "attribute_mapping entity_attribute_mappings.Employee.id config.json:3 Employee.employeeID ← id",
                "attribute_mapping entity_attribute_mappings.Employee.name config.json:3 Employee.name ← name",
                "attribute_mapping entity_attribute_mappings.Employee.dept_id config.json:3 Employee.deptID ← dept_id",
                "attribute_mapping entity_attribute_mappings.Employee.salary config.json:3 Employee.salary ← salary",
                "attribute_mapping entity_attribute_mappings.Department.id config.json:4 Department.deptID ← id",
                "attribute_mapping entity_attribute_mappings.Department.name config.json:4 Department.name ← name",
                "relationship relationship_mappings.Employee.department config.json:9 Employee.department → Department (connection: deptID = deptID)",
                "relationship relationship_mappings.Employee.manager config.json:10 Employee.manager → Employee (nested, from manager)",
                #"matcher path_mappings.0.matchers.0 config.json:16 kind = "employee" → Employee"#,
                "matcher path_mappings.1.matchers.0 config.json:17 fallback → Department",
                "path_mapping path_mappings.0 config.json:15 '/employees' at employees",
                "path_mapping path_mappings.1 config.json:17 '/departments' at departments",
            ])
        XCTAssertEqual(
            exercised(report),
            [
                "entity_attribute_mappings.Department.id", "entity_attribute_mappings.Department.name",
                "path_mappings.1.matchers.0", "path_mappings.1",
            ])
        XCTAssertEqual(report.coverage.exercised, 4)
        XCTAssertEqual(report.coverage.total, 12)
        XCTAssertEqual(report.coverage.percentText, "33.3")
    }

    /// A source that yields null exercises its attribute and its nested relationship; an absent
    /// one does not; a connection needs a non-null source.
    func testNullValuesExerciseButAbsentOnesDoNot() throws {
        let text = #"{"employees": [{"kind": "employee", "id": 1, "name": null, "dept_id": null, "manager": null}]}"#
        let report = try F.validate([F.sample("e.json", "/employees", text)])
        XCTAssertEqual(
            exercised(report),
            [
                "entity_attribute_mappings.Employee.id", "entity_attribute_mappings.Employee.name",
                "entity_attribute_mappings.Employee.dept_id", "relationship_mappings.Employee.manager",
                "path_mappings.0.matchers.0", "path_mappings.0",
            ])
    }

    func testConnectionsTriedWithANonNullSourceAreExercisedEvenWithoutAMatch() throws {
        let report = try F.validate([F.sample("e.json", "/employees", F.employee)])
        XCTAssertEqual(F.kinds(report.samples[0]), [.unresolvedConnection])
        XCTAssertTrue(exercised(report).contains("relationship_mappings.Employee.department"))
    }

    /// A path mapping counts when it served a sample and found its key path; its matcher only
    /// when it took an object.
    func testPathMappingsNeedTheirKeyPathAndMatchersAnObject() throws {
        let report = try F.validate([
            F.sample("absent.json", "/employees", #"{"staff": []}"#),
            F.sample("contractors.json", "/employees", #"{"employees": [{"kind": "contractor", "id": 1}]}"#),
        ])
        XCTAssertEqual(exercised(report), ["path_mappings.0"])
    }

    func testEachEntryCountsOnceAcrossSamples() throws {
        let report = try F.validate([
            F.sample("a.json", "/employees", F.employee), F.sample("b.json", "/employees", F.employee),
            F.sample("d.json", "/departments", F.departments),
        ])
        XCTAssertEqual(report.coverage.exercised, 11)
        XCTAssertEqual(report.coverage.total, 12)
        XCTAssertEqual(report.coverage.neverExercised.map(\.name), ["relationship_mappings.Employee.manager"])
        XCTAssertEqual(report.coverage.percentText, "91.6", "rounded down, never up")
        XCTAssertEqual(report.coverageLine, "coverage 91.6% (11 of 12 config entries exercised: attribute mappings 6/6, relationships 1/2, matchers 2/2, path mappings 2/2)")
    }

    func testPlainObjectMatchersAndErrorMappingsAreCounted() throws {
        let config = """
            {
              "entity_attribute_mappings": { "Boy": { "name": "name" } },
              "path_mappings": [ { "uri": "/people", "key_path": "people", "matchers": [
                { "key_path": "type", "expected_value": "Boy", "entity_name": "Boy" },
                { "class_name": "Person", "attribute_mappings": { "name": "name", "type": "type" } } ] } ],
              "error_mappings": { "key_path": "errors", "attribute_mappings": { "message": "errorMessage", "code": "code" } }
            }
            """
        let report = try F.validate(
            [
                F.sample("p.json", "/people", #"{"people": [{"type": "Girl", "name": "Ann"}]}"#),
                F.sample("422.json", "/people", #"{"errors": [{"message": "bad"}]}"#, status: 422),
            ], config: config)
        XCTAssertEqual(
            report.coverage.entries.map { "\($0.name) \($0.exercised)" },
            [
                "entity_attribute_mappings.Boy.name false",
                "path_mappings.0.matchers.1.attribute_mappings.name true",
                "path_mappings.0.matchers.1.attribute_mappings.type true",
                "error_mappings.attribute_mappings.message true",
                "error_mappings.attribute_mappings.code false",
                #"path_mappings.0.matchers.0 false"#,
                "path_mappings.0.matchers.1 true",
                "path_mappings.0 true",
            ])
    }

    func testNegativeSamplesDoNotCount() throws {
        let report = try F.validate([F.sample("d.json", "/departments", F.departments, expect: .error)])
        XCTAssertEqual(report.coverage.exercised, 0)
    }

    func testMinimumCoverage() throws {
        var options = ValidationOptions()
        options.minCoverage = 33.4
        let below = try F.validate([F.sample("d.json", "/departments", F.departments)], options: options)
        XCTAssertTrue(below.samples[0].passed)
        XCTAssertTrue(below.coverageBelowMinimum, "4 of 12 is 33.33…%")
        XCTAssertFalse(below.passed)
        XCTAssertEqual(below.exitCode, 1)
        XCTAssertEqual(below.coverageFailureMessage, "coverage 33.3% (4 of 12) is below --min-coverage 33.4%")
        options.minCoverage = 33.3
        let at = try F.validate([F.sample("d.json", "/departments", F.departments)], options: options)
        XCTAssertFalse(at.coverageBelowMinimum)
        XCTAssertEqual(at.exitCode, 0)
    }

    func testPercentages() {
        func report(_ exercised: Int, of total: Int) -> CoverageReport {
            CoverageReport(
                entries: (0..<total).map {
                    CoverageEntry(kind: .matcher, name: "m\($0)", detail: "", location: .file("c"), exercised: $0 < exercised)
                })
        }
        XCTAssertEqual(report(2, of: 3).percentText, "66.6")
        XCTAssertEqual(report(1999, of: 2000).percentText, "99.9")
        XCTAssertEqual(report(3, of: 3).percentText, "100.0")
        XCTAssertEqual(report(0, of: 0).percentText, "100.0")
        XCTAssertFalse(report(0, of: 0).isBelow(100))
        XCTAssertTrue(report(2, of: 3).isBelow(66.7))
        XCTAssertFalse(report(2, of: 3).isBelow(66.6))
    }
}
