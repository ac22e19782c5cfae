import Foundation
import RestmapEngine
@testable import RestmapStore
import XCTest

/// Relationships in the store: nested ones as FK columns and ordered join tables,
/// connections (fk_mapping) resolved against this run's objects and stored ones.
final class StoreConnectionTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {
            "Department": {"id": "id", "site": "site", "name": "name"},
            "Employee": {"id": "id", "dept": "deptId", "depts": "deptIds", "site": "site", "office": "officeId"}},
         "primary_key_mappings": {"Department": ["id"], "Employee": ["id"]},
         "relationship_mappings": {"Employee": {
            "dept": {"target": "Department", "key_path": "department", "fk_mapping": {"deptId": "id"}},
            "depts": {"target": "Department", "key_path": "departments", "fk_mapping": {"deptIds": "id"}},
            "office": {"target": "Department", "key_path": "office", "fk_mapping": {"site": "site", "officeId": "id"}},
            "teams": {"target": "Department", "key_path": "teams"}}},
         "path_mappings": [{"uri": "/departments", "matchers": [{"entity_name": "Department"}]},
                           {"uri": "/employees", "matchers": [{"entity_name": "Employee"}]}]}
        """

    /// `office` connects by (site, id), which is not Department's primary key, so several
    /// departments may match: without a model it is to-many, in the store as in the records.
    func testConnectionsResolveAgainstObjectsStoredByAnEarlierRun() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.config, inputs: [("/departments", #"[{"id": 1, "site": "A"}, {"id": 2, "site": "B"}, {"id": 3, "site": "A"}]"#)], store: store)
        try storeRun(config: Self.config, inputs: [("/employees", #"""
            [{"id": 10, "dept": 2, "depts": [3, 9, 1, 3], "site": "A", "office": 3},
             {"id": 11, "dept": 9, "site": "B", "office": 1}]
            """#)], store: store)
        XCTAssertEqual(try dumpLines(store, entity: "Employee"), [
            #"{"_entity":"Employee","_id":"Employee/10","id":10,"deptId":2,"deptIds":[3,9,1,3],"site":"A","officeId":3,"department":"Department/2","departments":["Department/3","Department/1"],"office":["Department/3"],"teams":null}"#,
            #"{"_entity":"Employee","_id":"Employee/11","id":11,"deptId":9,"deptIds":null,"site":"B","officeId":1,"department":null,"departments":[],"office":[],"teams":null}"#,
        ])
    }

    func testNestedToManyKeepsOrderAndAConnectionIsRefreshedByALaterRun() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.config, inputs: [("/employees", #"""
            [{"id": 10, "dept": 5, "teams": [{"id": 7, "name": "x"}, {"id": 5, "name": "y"}]}]
            """#)], store: store)
        // Department 5 arrived nested in the same run: the connection finds it.
        XCTAssertEqual(try dumpLines(store, entity: "Employee"), [
            #"{"_entity":"Employee","_id":"Employee/10","id":10,"deptId":5,"deptIds":null,"site":null,"officeId":null,"department":"Department/5","departments":null,"office":null,"teams":["Department/7","Department/5"]}"#,
        ])
        // A later representation without teams leaves them; a null dept clears the connection.
        try storeRun(config: Self.config, inputs: [("/employees", #"[{"id": 10, "dept": null}]"#)], store: store)
        XCTAssertEqual(try dumpLines(store, entity: "Employee"), [
            #"{"_entity":"Employee","_id":"Employee/10","id":10,"deptId":null,"deptIds":null,"site":null,"officeId":null,"department":null,"departments":null,"office":null,"teams":["Department/7","Department/5"]}"#,
        ])
        XCTAssertEqual(try sqlite(store, #"SELECT position, target_rowid FROM "Employee_teams" ORDER BY position"#), "0|1\n1|2")
    }

    func testAToOneRelationshipThatLaterHoldsAnArrayIsAContradiction() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.config, inputs: [("/employees", #"[{"id": 10, "teams": {"id": 7}}]"#)], store: store)
        let message = storeError {
            try storeRun(config: Self.config, inputs: [("/employees", #"[{"id": 11, "teams": [{"id": 8}]}]"#)], store: store)
        }
        XCTAssertTrue(message.contains("Employee.teams as to-one and this run maps it to-many"), message)
        XCTAssertEqual(try dumpLines(store, entity: "Employee").count, 1)
    }
}
