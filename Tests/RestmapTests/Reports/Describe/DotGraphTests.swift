import XCTest
import RestmapEngine
@testable import RestmapReports

/// `restmap describe --format dot`: record nodes, solid nested edges, dashed connections,
/// dotted edges from path notes; names escaped so that Graphviz reads them back.
final class DotGraphTests: XCTestCase {
    func testEntitiesRelationshipsAndPaths() throws {
        let definitions = try ConfigText.definitions(DescribeFixtures.config, file: "api.json")
        XCTAssertEqual(
            DotGraph().render(definitions),
            #"""
            digraph restmap {
              rankdir=LR;
              node [shape=record, fontname="Helvetica"];
              edge [fontname="Helvetica", fontsize=10];
              "Employee" [label="{Employee|employeeID (key)\lname\ldeptID\lsalary\lstatus\lraw\l}"];
              "Department" [label="{Department|deptID (key)\ltitle\l}"];
              "Employee" -> "Employee" [label="manager"];
              "Employee" -> "Department" [label="department (deptID=deptID)", style=dashed];
              "path 0: /employees" [shape=note, label="/employees"];
              "path 0: /employees" -> "Employee" [style=dotted];
              "path 0: /employees" -> "Department" [style=dotted];
              "path 1: /stats" [shape=note, label="/stats"];
            }

            """#)
    }

    func testQuotesAndRecordCharactersAreEscaped() throws {
        let definitions = try ConfigText.definitions(#"""
            {"entity_attribute_mappings": {"A<1>": {"x": "p|q", "y": "say\"hi\""}},
             "path_mappings": [{"uri": "/a\"b", "matchers": [{"entity_name": "A<1>"}]}]}
            """#)
        let lines = DotGraph().render(definitions).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[4], #"  "A<1>" [label="{A\<1\>|p\|q\lsay\"hi\"\l}"];"#)
        XCTAssertEqual(lines[5], #"  "path 0: /a\"b" [shape=note, label="/a\"b"];"#)
        XCTAssertEqual(lines[6], #"  "path 0: /a\"b" -> "A<1>" [style=dotted];"#)
    }
}
