import XCTest
import RestmapEngine
@testable import RestmapReports

/// `restmap describe`'s text: the config resolved, in config order.
final class DefinitionsSummaryTests: XCTestCase {
    func testEverySectionIsSummarisedInConfigOrder() throws {
        let definitions = try ConfigText.definitions(DescribeFixtures.config, file: "api.json")
        XCTAssertEqual(
            DefinitionsSummary().render(definitions),
            """
            config: api.json

            entities (2)
              Employee  (primary key: employeeID)
                id -> employeeID
                name -> name
                dept_id -> deptID
                pay -> salary : integer
                state -> status  (value mapping)
                "" (the representation itself) -> raw
                manager => Employee  nested at boss
                department => Department  connected where deptID = Department.deptID
              Department  (primary key: deptID)
                id -> deptID
                title -> title
                options: missing attributes set to null

            error mapping: Error at key path 'errors' (for --status 4xx/5xx)
                message -> text

            paths (2)
              /employees  [key path 'data.people']
                when kind == "emp" -> Employee
                when level == 2 -> Employee
                otherwise -> Department
              /stats  [payload root]
                otherwise -> plain Stats { n -> count }

            requests (1)
              Login  /user/auth  [root 'user']
                username -> user.name

            date formats: 'dd.MM.yyyy'

            """)
    }

    func testEntitiesWithoutKeysAndConnectionsOnSeveralAttributes() throws {
        let definitions = try ConfigText.definitions("""
            {"entity_attribute_mappings": {"Line": {"order": "orderID", "n": "number"}, "Order": {"id": "orderID", "n": "number"}},
             "primary_key_mappings": {"Order": ["orderID", "number"]},
             "relationship_mappings": {"Line": {"o": {"target": "Order", "key_path": "order",
               "fk_mapping": {"orderID": "orderID", "number": "number"}}}},
             "path_mappings": [{"uri": "/lines", "matchers": [{"entity_name": "Line"}]}]}
            """)
        let lines = DefinitionsSummary().render(definitions).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[2], "  Line  (no primary key: every representation is a new object)")
        XCTAssertEqual(lines[5], "    order => Order  connected where orderID = Order.orderID and number = Order.number")
        XCTAssertEqual(lines[6], "  Order  (primary key: orderID, number)")
        XCTAssertFalse(lines.contains("requests (0)"), "sections the config does not have are left out")
        XCTAssertFalse(lines.contains { $0.hasPrefix("error mapping") || $0.hasPrefix("date formats") })
    }
}
