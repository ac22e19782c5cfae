import XCTest
import RestmapEngine
@testable import RestmapReports

/// `describe --format mermaid`: what GitHub will draw from it.
final class MermaidGraphTests: XCTestCase {
    private func render(_ config: String) throws -> String {
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "c.json")
        return MermaidGraph().render(definitions)
    }

    func testEntitiesRelationshipsConnectionsAndPaths() throws {
        let text = try render("""
            {
              "entity_attribute_mappings": {
                "Employee": {"id": "entityId", "dept_id": "deptId"},
                "Department": {"id": "entityId"}
              },
              "primary_key_mappings": {"Employee": ["entityId"], "Department": ["entityId"]},
              "relationship_mappings": {"Employee": {
                "home": {"target": "Department", "key_path": "home"},
                "dept": {"target": "Department", "key_path": "dept", "fk_mapping": {"deptId": "entityId"}}
              }},
              "path_mappings": [{"uri": "/employees", "key_path": "list", "matchers": [{"entity_name": "Employee"}]}]
            }
            """)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains("Department :") }.count, 2, text)
        XCTAssertEqual(lines.first, "classDiagram")
        XCTAssertTrue(lines.contains("  class Employee[\"Employee\"] {"))
        XCTAssertTrue(lines.contains("    key entityId"), "primary keys are marked")
        XCTAssertTrue(lines.contains("    deptId"))
        XCTAssertTrue(lines.contains("  Employee --> Department : home"), "a nested relationship is a solid arrow")
        XCTAssertTrue(lines.contains("  Employee ..> Department : dept when deptId = entityId"), "a connection is dotted")
        XCTAssertTrue(lines.contains("  note for Employee \"/employees\""))
        XCTAssertFalse(text.contains("note for Department"), "an entity no path maps gets no note")
    }

    func testNamesMermaidCannotCarryAreLabelled() throws {
        let text = try render("""
            {"entity_attribute_mappings": {"Gist.File": {"raw(url)": "raw\\"URL"}}}
            """)
        XCTAssertTrue(text.contains("class Gist_2E_File[\"Gist.File\"] {"), text)
        XCTAssertTrue(text.contains("    raw#quot;URL"), "quotes become entities:\n\(text)")
    }

    /// Names that differ stay different classes: `A-B`, `A_B`, `A B`, `A.B` and accented
    /// letters once all became `A_B` or `_`, merging classes and drawing A-B → A_B as a
    /// self-loop; and a `}` in an attribute no longer ends the class body.
    func testDistinctNamesStayDistinctClasses() throws {
        let text = try render("""
            {"entity_attribute_mappings": {"A-B": {"x}y": "x}y"}, "A_B": {"id": "id"}, "A B": {"id": "id"},
                                           "A.B": {"id": "id"}, "é": {"id": "id"}, "ü": {"id": "id"}, "9lives": {"id": "id"}},
             "relationship_mappings": {"A-B": {"b": {"target": "A_B", "key_path": "b"}}}}
            """)
        let classes = text.split(separator: "\n").filter { $0.hasPrefix("  class ") }.map { $0.split(separator: "[")[0] }
        XCTAssertEqual(classes.count, 7, text)
        XCTAssertEqual(Set(classes).count, 7, "two names share a class:\n\(text)")
        XCTAssertTrue(text.contains("  A_2D_B --> A__B : b"), text)
        XCTAssertTrue(text.contains("    x#125;y\n  }"), text)
        XCTAssertTrue(text.contains("class _39_lives[\"9lives\"]"), text)
    }
}
