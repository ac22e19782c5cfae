import XCTest
@testable import RestmapEngine

/// The mapping rules of SPEC §1.1–1.4 and §3.1, each through a whole in-memory run.
final class MapperTests: XCTestCase {
    let employees = """
        {"entity_attribute_mappings": {
            "Department": {"id": "entityId", "name": "name"},
            "Employee": {"id": "entityId", "name": "name", "secondary_dept": "secondaryDeptId", "dept_ids": "deptIds"}},
         "primary_key_mappings": {"Department": ["entityId"], "Employee": ["entityId"]},
         "relationship_mappings": {"Employee": {
            "dept": {"target": "Department", "key_path": "dept"},
            "secondary_dept": {"target": "Department", "key_path": "secondary_dept", "fk_mapping": {"secondaryDeptId": "entityId"}},
            "all_depts": {"target": "Department", "key_path": "allDepts", "fk_mapping": {"deptIds": "entityId"}}}},
         "path_mappings": [
            {"uri": "/employees", "key_path": "employees_list", "matchers": [
                {"key_path": "type", "expected_value": "employee", "entity_name": "Employee"}]},
            {"uri": "/employees/:id/", "matchers": [{"entity_name": "Employee"}]},
            {"uri": "/departments", "key_path": "departments", "matchers": [{"entity_name": "Department"}]}]}
        """

    func testConnectionsResolveAcrossInputsToOneAndToManyInArrayOrder() throws {
        let outcome = try mapInMemory(
            config: employees,
            inputs: [
                ("/employees", #"{"employees_list": [{"type": "employee", "id": 1, "name": "A", "secondary_dept": 20, "dept_ids": [30, 10, 99]}]}"#),
                ("/departments", #"{"departments": [{"id": 10, "name": "Ten"}, {"id": 20, "name": "Twenty"}, {"id": 30, "name": "Thirty"}]}"#),
            ])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"Employee","entityId":1,"name":"A","secondaryDeptId":20,"deptIds":[30,10,99],"secondary_dept":{"_entity":"Department","entityId":20,"name":"Twenty"},"allDepts":[{"_entity":"Department","entityId":30,"name":"Thirty"},{"_entity":"Department","entityId":10,"name":"Ten"}]},{"_entity":"Department","entityId":10,"name":"Ten"},{"_entity":"Department","entityId":20,"name":"Twenty"},{"_entity":"Department","entityId":30,"name":"Thirty"}]"#
                + "\n")
    }

    func testUnresolvedOrNullConnectionLeavesTheRelationshipUnset() throws {
        let outcome = try mapInMemory(
            config: employees,
            inputs: [("/employees", #"{"employees_list": [{"type": "employee", "id": 1, "secondary_dept": 5}, {"type": "employee", "id": 2, "secondary_dept": null}]}"#)])
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"Employee","entityId":1,"secondaryDeptId":5},{"_entity":"Employee","entityId":2,"secondaryDeptId":null}]"# + "\n")
    }

    func testIdentityMergesAcrossInputsAndCoercesNumbersAndNumericStrings() throws {
        let outcome = try mapInMemory(
            config: employees,
            inputs: [
                ("/employees", #"{"employees_list": [{"type": "employee", "id": 1, "name": "Old"}, {"type": "employee", "id": 2, "name": "B"}]}"#),
                ("/employees/1", #"{"id": "1", "secondary_dept": 9}"#),
            ],
            options: recordsOptions())
        // One object for id 1 and "1": the later representation updated the attributes it
        // carried and kept the rest.
        XCTAssertEqual(
            outcome.output,
            #"{"Employee":[{"_entity":"Employee","_id":"Employee/1","entityId":"1","name":"Old","secondaryDeptId":9},{"_entity":"Employee","_id":"Employee/2","entityId":2,"name":"B"}]}"# + "\n")
    }

    func testATypedPrimaryKeyIsStoredConvertedOnNewAndUpdatedObjectsAndAFailedOneIsReported() throws {
        // The key is read and converted once to find the object and stored as converted: "7"
        // creates Department 7 with the integer, "07" finds it again and writes 7 over it.
        let config = """
            {"entity_attribute_mappings": {"Department": {"id": "entityId", "name": "name"}},
             "primary_key_mappings": {"Department": ["entityId"]},
             "entity_attribute_types": {"Department": {"entityId": "integer"}},
             "path_mappings": [{"uri": "/departments", "key_path": "departments", "matchers": [{"entity_name": "Department"}]}]}
            """
        let outcome = try mapInMemory(
            config: config,
            inputs: [("/departments", #"{"departments": [{"id": "7", "name": "Seven"}, {"id": "07", "name": "Sept"}, {"id": "x", "name": "Bad"}]}"#)],
            options: recordsOptions())
        XCTAssertEqual(
            outcome.output,
            #"{"Department":[{"_entity":"Department","_id":"Department/7","entityId":7,"name":"Sept"},{"_entity":"Department","_id":"Department#1","name":"Bad"}]}"#
                + "\n")
        XCTAssertEqual(outcome.diagnostics.filter { $0.contains("entityId not set") }.count, 1, "\(outcome.diagnostics)")
    }

    func testAValueMappedIntegerPrimaryKeyIsMappedBeforeItIdentifies() throws {
        // value_mappings apply before the type: id 7 is Department 8, whose key and attribute
        // are 8, and the 8 that follows is the same object.
        let config = """
            {"entity_attribute_mappings": {"Department": {"id": "entityId", "name": "name"}},
             "primary_key_mappings": {"Department": ["entityId"]},
             "entity_attribute_types": {"Department": {"entityId": "integer"}},
             "value_mappings": {"Department": {"entityId": {"7": 8}}},
             "path_mappings": [{"uri": "/departments", "key_path": "departments", "matchers": [{"entity_name": "Department"}]}]}
            """
        let outcome = try mapInMemory(
            config: config,
            inputs: [("/departments", #"{"departments": [{"id": 7, "name": "Seven"}, {"id": 8, "name": "Eight"}]}"#)],
            options: recordsOptions())
        XCTAssertEqual(
            outcome.output,
            #"{"Department":[{"_entity":"Department","_id":"Department/8","entityId":8,"name":"Eight"}]}"# + "\n")
    }

    func testNestedToOneAndToManyAreDepthFirstAndDeduplicated() throws {
        let outcome = try mapInMemory(
            config: employees,
            inputs: [("/employees", #"{"employees_list": [{"type": "employee", "id": 1, "dept": {"id": 7, "name": "Seven"}}, {"type": "employee", "id": 2, "dept": {"id": 7}}]}"#)],
            options: recordsOptions())
        XCTAssertEqual(
            outcome.output,
            #"{"Department":[{"_entity":"Department","_id":"Department/7","entityId":7,"name":"Seven"}],"Employee":[{"_entity":"Employee","_id":"Employee/1","entityId":1,"dept":"Department/7"},{"_entity":"Employee","_id":"Employee/2","entityId":2,"dept":"Department/7"}]}"# + "\n")
    }

    func testMatchersKeyedInOrderThenLastFallbackThenSkip() throws {
        let config = """
            {"entity_attribute_mappings": {"Boy": {"name": "name"}, "Girl": {"name": "name"}},
             "path_mappings": [{"uri": "/people", "matchers": [
                {"key_path": "kind", "expected_value": 1, "entity_name": "Boy"},
                {"key_path": "kind", "expected_value": "girl", "entity_name": "Girl"},
                {"entity_name": "Girl"},
                {"class_name": "Thing", "attribute_mappings": {"name": "label"}}]}]}
            """
        let outcome = try mapInMemory(
            config: config,
            inputs: [("/people", #"[{"kind": "1", "name": "a"}, {"kind": 1.0, "name": "b"}, {"kind": "girl", "name": "c"}, {"kind": "x", "name": "d"}, {"kind": ["girl"], "name": "e"}]"#)])
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"Boy","name":"a"},{"_entity":"Boy","name":"b"},{"_entity":"Girl","name":"c"},{"_entity":"Thing","label":"d"},{"_entity":"Thing","label":"e"}]"# + "\n")
        // A matcher key path that reaches an array says so.
        XCTAssertEqual(
            outcome.diagnostics,
            ["config.json:5:5: warning: path_mappings.0 has 2 fallback matchers; only the last one applies",
             "input1.json: warning: matcher key path 'kind' of path_mappings.0 reaches an array, which never equals 1",
             "input1.json: warning: matcher key path 'kind' of path_mappings.0 reaches an array, which never equals \"girl\""])
    }

    func testPlainObjectWithoutClassNameIsNSDictionaryAndUnmatchedObjectsAreSkipped() throws {
        let config = """
            {"entity_attribute_mappings": {"A": {"v": "v"}},
             "path_mappings": [
                {"uri": "/a", "matchers": [{"key_path": "t", "expected_value": "a", "entity_name": "A"}]},
                {"uri": "/p", "matchers": [{"attribute_mappings": {"v": "value"}}]}]}
            """
        var outcome = try mapInMemory(config: config, inputs: [("/a", #"[{"t": "a", "v": 1}, {"t": "b", "v": 2}]"#)])
        XCTAssertEqual(outcome.output, #"[{"_entity":"A","v":1}]"# + "\n")
        outcome = try mapInMemory(config: config, inputs: [("/p?x=1", #"{"v": true}"#)])
        XCTAssertEqual(outcome.output, #"[{"_entity":"NSDictionary","value":true}]"# + "\n")
    }

    func testKeyPathsIndexesFanOutOperatorsEmptyKeyAndDottedDestinations() throws {
        let config = """
            {"entity_attribute_mappings": {"U": {
                "user_stats.views": "views", "avatars.0.url": "firstAvatar", "tags.name": "tagNames",
                "tags.@count": "tagCount", "scores.@sum": "total", "scores.@avg": "average", "scores.@max": "best",
                "tags.@distinctUnionOfObjects.name": "distinct", "name.text": "name",
                "city": "address.city", "zip": "address.zip", "missing": "missing", "name.first": "first"}},
             "path_mappings": [{"uri": "/u", "matchers": [{"entity_name": "U"}]}]}
            """
        let outcome = try mapInMemory(
            config: config,
            inputs: [("/u", #"{"user_stats": {"views": 12}, "avatars": [{"url": "a.png"}, {"url": "b.png"}], "tags": [{"name": "x"}, {"name": "y"}, {"name": "x"}], "scores": [1, 2.5, 3], "name": "N", "city": "Oslo", "zip": null}"#)])
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"U","views":12,"firstAvatar":"a.png","tagNames":["x","y","x"],"tagCount":3,"total":6.5,"average":2.1666666666666665,"best":3,"distinct":["x","y"],"name":"N","address":{"city":"Oslo","zip":null}}]"#
                + "\n")
    }

    func testEmptySourceKeyMapsScalarsAndSplitsAFlatRepresentation() throws {
        let config = """
            {"entity_attribute_mappings": {"Id": {"": "userID"}, "P": {"name": "name"}, "Geo": {"lat": "lat", "lng": "lng"}},
             "relationship_mappings": {"P": {"": {"target": "Geo", "key_path": "location"}}},
             "path_mappings": [
                {"uri": "/ids", "key_path": "user_ids", "matchers": [{"entity_name": "Id"}]},
                {"uri": "/p", "matchers": [{"entity_name": "P"}]}]}
            """
        var outcome = try mapInMemory(config: config, inputs: [("/ids", #"{"user_ids": [1, 2]}"#)])
        XCTAssertEqual(outcome.output, #"[{"_entity":"Id","userID":1},{"_entity":"Id","userID":2}]"# + "\n")
        outcome = try mapInMemory(config: config, inputs: [("/p", #"{"name": "Home", "lat": 1.5, "lng": -2}"#)])
        XCTAssertEqual(outcome.output, #"[{"_entity":"P","name":"Home","location":{"_entity":"Geo","lat":1.5,"lng":-2}}]"# + "\n")
    }

    func testMappingOptionsSetNilForMissingAttributesAndRelationships() throws {
        let config = """
            {"entity_attribute_mappings": {"A": {"id": "id", "name": "name"}, "B": {"id": "id"}},
             "relationship_mappings": {"A": {"b": {"target": "B", "key_path": "b"}}},
             "mapping_options": {"A": {"set_nil_for_missing_attributes": true, "set_nil_for_missing_relationships": true}},
             "path_mappings": [{"uri": "/a", "matchers": [{"entity_name": "A"}]}]}
            """
        let outcome = try mapInMemory(config: config, inputs: [("/a", #"{"id": 1}"#)])
        XCTAssertEqual(outcome.output, #"[{"_entity":"A","id":1,"name":null,"b":null}]"# + "\n")
    }

    func testRelationshipHoldingAStringIsReportedNotMapped() throws {
        let outcome = try mapInMemory(
            config: employees, inputs: [("/employees/1", #"{"id": 1, "dept": "Sales"}"#)])
        XCTAssertEqual(outcome.output, #"[{"_entity":"Employee","entityId":1}]"# + "\n")
        XCTAssertEqual(
            outcome.diagnostics,
            ["input1.json: warning: 'dept' of Employee is a string, not an object or array of Department; relationship 'dept' is not mapped"])
    }

    func testNothingMappedIsAnErrorNamingTheKeyPathsAndPayloadKeys() throws {
        let outcome = try mapInMemory(config: employees, inputs: [("/employees", #"{"Employees": [], "meta": {}}"#)])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.output, "")
        XCTAssertEqual(
            outcome.diagnostics,
            ["input1.json: error: no mappable object representations were found at the key paths searched (employees_list); the payload has Employees, meta"])
    }

    func testErrorStatusMapsErrorsAndExitsOne() throws {
        var options = MapOptions()
        options.compact = true
        options.status = 404
        let outcome = try mapInMemory(
            config: employees, inputs: [("/employees", #"{"errors": ["not found", "really"]}"#)], options: options)
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(
            outcome.output, #"[{"_entity":"Error","errorMessage":"not found"},{"_entity":"Error","errorMessage":"really"}]"# + "\n")
    }

    func testCycleThroughConnectionsPrintsARef() throws {
        let config = """
            {"entity_attribute_mappings": {"P": {"id": "id", "friend": "friendId"}},
             "primary_key_mappings": {"P": ["id"]},
             "relationship_mappings": {"P": {"friend": {"target": "P", "key_path": "friend", "fk_mapping": {"friendId": "id"}}}},
             "path_mappings": [{"uri": "/p", "matchers": [{"entity_name": "P"}]}]}
            """
        let outcome = try mapInMemory(config: config, inputs: [("/p", #"[{"id": 1, "friend": 2}, {"id": 2, "friend": 1}]"#)])
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"P","id":1,"friendId":2,"friend":{"_entity":"P","id":2,"friendId":1,"friend":{"_entity":"P","_ref":"P/1"}}},{"_entity":"P","id":2,"friendId":1,"friend":{"_entity":"P","id":1,"friendId":2,"friend":{"_entity":"P","_ref":"P/2"}}}]"#
                + "\n")
        XCTAssertEqual(outcome.diagnostics.count, 1)
        XCTAssertTrue(outcome.diagnostics[0].contains("note: 2 related objects were met again inside their own subtree"))
    }

    func testStreamingNDJSONWritesEachRecordAsItIsMapped() throws {
        let config = """
            {"entity_attribute_mappings": {"A": {"id": "id"}},
             "path_mappings": [{"uri": "/a", "key_path": "items", "matchers": [{"entity_name": "A"}]}]}
            """
        var options = MapOptions()
        options.format = .ndjson
        let outcome = try mapInMemory(
            config: config, inputs: [("/a", "{\"items\": [{\"id\": 1}, null, {\"id\": 2}]}\n{\"items\": {\"id\": 3}}\n")],
            options: options)
        XCTAssertEqual(outcome.output, "{\"_entity\":\"A\",\"id\":1}\n{\"_entity\":\"A\",\"id\":2}\n{\"_entity\":\"A\",\"id\":3}\n")
    }

    func testMalformedPayloadIsLocatedAndPrintsNothing() throws {
        let outcome = try mapInMemory(config: employees, inputs: [("/employees", "{\"employees_list\": [\n  {\"id\": 1,}\n]}")])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.output, "")
        XCTAssertEqual(outcome.diagnostics.count, 1)
        XCTAssertTrue(outcome.diagnostics[0].hasPrefix("input1.json:2:"), outcome.diagnostics[0])
    }

    func testPlistOutputKeepsNumberTextAndDropsNulls() throws {
        var options = MapOptions()
        options.format = .plist
        let outcome = try mapInMemory(
            config: employees, inputs: [("/employees/1", #"{"id": 12345678901234567890, "name": null, "secondary_dept": 1.50}"#)],
            options: options)
        XCTAssertEqual(
            outcome.output,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>
            \t<dict>
            \t\t<key>_entity</key>
            \t\t<string>Employee</string>
            \t\t<key>entityId</key>
            \t\t<integer>12345678901234567890</integer>
            \t\t<key>secondaryDeptId</key>
            \t\t<real>1.50</real>
            \t</dict>
            </array>
            </plist>

            """)
    }
}
