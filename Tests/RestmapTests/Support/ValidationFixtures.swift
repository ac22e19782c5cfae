import XCTest
@testable import RestmapEngine

/// Configs and samples for the `Validat*Tests`, written inline: line and column numbers in
/// expected messages count from these strings.
enum ValidationFixtures {
    /// Employees with a typed salary, a connection to departments and a nested manager.
    static let config = """
        {
          "entity_attribute_mappings": {
            "Employee": { "id": "employeeID", "name": "name", "dept_id": "deptID", "salary": "salary" },
            "Department": { "id": "deptID", "name": "name" }
          },
          "primary_key_mappings": { "Employee": ["employeeID"], "Department": ["deptID"] },
          "relationship_mappings": {
            "Employee": {
              "department": { "target": "Department", "key_path": "department", "fk_mapping": { "deptID": "deptID" } },
              "manager": { "target": "Employee", "key_path": "manager" }
            }
          },
          "entity_attribute_types": { "Employee": { "salary": "integer" } },
          "path_mappings": [
            { "uri": "/employees", "key_path": "employees",
              "matchers": [ { "key_path": "kind", "expected_value": "employee", "entity_name": "Employee" } ] },
            { "uri": "/departments", "key_path": "departments", "matchers": [ { "entity_name": "Department" } ] }
          ]
        }
        """

    static func definitions(_ text: String = config, file: String = "config.json") throws -> MappingDefinitions {
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(text.utf8), file: file)
        XCTAssertFalse(log.hasErrors, log.diagnostics.map(\.description).joined(separator: "\n"))
        return definitions
    }

    static func sample(
        _ name: String, _ path: String?, _ text: String, status: Int? = nil,
        expect: ValidationSample.Expectation = .ok
    ) -> ValidationSample {
        ValidationSample(
            input: .source(MemoryByteSource(text, name: name)), name: name, requestPath: path, status: status,
            expectation: expect)
    }

    static func validate(
        _ samples: [ValidationSample], config: String = config, options: ValidationOptions = ValidationOptions()
    ) throws -> ValidationReport {
        try ValidateRun(definitions: definitions(config), options: options).validate(samples)
    }

    /// The findings of one sample as the text report prints them.
    static func lines(_ result: SampleResult) -> [String] {
        let renderer = DiagnosticRenderer(colors: false)
        return result.findings.flatMap { renderer.render($0.diagnostic).split(separator: "\n").map(String.init) }
    }

    static func kinds(_ result: SampleResult) -> [ValidationFinding.Kind] {
        result.findings.map(\.kind)
    }

    /// One employee of a sample, all keys read.
    static let employee = #"{"employees": [{"kind": "employee", "id": 1, "name": "Ann", "dept_id": 10, "salary": 1200}]}"#
    static let departments = #"{"departments": [{"id": 10, "name": "R&D"}]}"#
}
