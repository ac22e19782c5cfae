import XCTest
@testable import RestmapEngine

/// What `ConfigLoader` makes of each core section: the definitions the mapper, the request
/// builder and `describe` work from, in config order, with the locations messages point at.
/// Wrong-typed nodes are in `ConfigLoaderShapeTests`.
final class ConfigLoaderTests: XCTestCase {
    typealias C = ConfigText

    static let employees = """
        {"entity_attribute_mappings": {
           "Employee": {"id": "employeeID", "full_name": "name", "dept": "deptID", "address.city": "address.city", "geo.lat": "address.geo.lat"},
           "Department": {"id": "deptID", "title": "name"}},
         "primary_key_mappings": {"Employee": ["employeeID"], "Department": ["deptID", "name"]},
         "relationship_mappings": {"Employee": {
           "dept": {"target": "Department", "key_path": "department"},
           "colleagues": {"target": "Employee", "key_path": "colleagues"},
           "home_dept": {"target": "Department", "key_path": "home", "fk_mapping": {"deptID": "deptID", "name": "name"}}}},
         "path_mappings": [
           {"uri": "/employees/:id", "key_path": "data.employees", "matchers": [
             {"key_path": "kind", "expected_value": "boss", "entity_name": "Employee"},
             {"key_path": "level", "expected_value": 3, "entity_name": "Employee"},
             {"entity_name": "Department"}]},
           {"uri": "/stats", "key_path": "", "matchers": [
             {"class_name": "Stats", "attribute_mappings": {"count": "total"}},
             {"attribute_mappings": {"n": "n"}}]}],
         "request_mappings": [
           {"uri": "/user/auth", "root_keypath": "user", "class_name": "Login",
            "attribute_mappings": {"username": "login.name", "password": "password"}},
           {"class_name": "Ping", "root_keypath": "", "attribute_mappings": {"at": "at"}}]}
        """

    func testEntitiesAndAttributesKeepConfigOrderAndSplitDottedDestinations() throws {
        let definitions = try C.definitions(Self.employees)
        XCTAssertEqual(definitions.entities.map(\.name), ["Employee", "Department"])
        let employee = try XCTUnwrap(definitions.entity(named: "Employee"))
        XCTAssertEqual(employee.attributes.map(\.source.text), ["id", "full_name", "dept", "address.city", "geo.lat"])
        XCTAssertEqual(employee.attributeNames, ["employeeID", "name", "deptID", "address.city", "address.geo.lat"])
        XCTAssertEqual(employee.attributes.map(\.destinationPath), [["employeeID"], ["name"], ["deptID"], ["address", "city"], ["address", "geo", "lat"]])
        XCTAssertEqual(employee.location.description, "config.json:2:4")
        XCTAssertEqual(employee.attributes[1].location.description, "config.json:2:37")
        XCTAssertFalse(employee.isPlain)
        XCTAssertEqual(definitions.sections, [
            "entity_attribute_mappings", "primary_key_mappings", "relationship_mappings", "path_mappings", "request_mappings",
        ])
    }

    func testPrimaryKeysAreListedInOrderWithTheirLocations() throws {
        let definitions = try C.definitions(Self.employees)
        XCTAssertEqual(definitions.entity(named: "Employee")?.primaryKeys.map(\.value), ["employeeID"])
        let department = try XCTUnwrap(definitions.entity(named: "Department"))
        XCTAssertEqual(department.primaryKeys.map(\.value), ["deptID", "name"])
        XCTAssertEqual(department.primaryKeys.map(\.location.description), ["config.json:4:70", "config.json:4:80"])
        XCTAssertFalse(department.primaryKeysInferred)
    }

    func testNestedRelationshipsAndConnectionsWithTheirFKPairs() throws {
        let employee = try XCTUnwrap(C.definitions(Self.employees).entity(named: "Employee"))
        XCTAssertEqual(employee.relationships.map(\.name), ["department", "colleagues", "home"])
        XCTAssertEqual(employee.relationships.map(\.source.text), ["dept", "colleagues", "home_dept"])
        XCTAssertEqual(employee.relationships.map(\.target.value), ["Department", "Employee", "Department"])
        XCTAssertEqual(employee.relationships.map(\.isConnection), [false, false, true])
        let pairs = try XCTUnwrap(employee.relationships[2].connection)
        XCTAssertEqual(pairs.map(\.sourceAttribute.value), ["deptID", "name"])
        XCTAssertEqual(pairs.map(\.targetAttribute.value), ["deptID", "name"])
        XCTAssertEqual(employee.relationships[0].target.location.description, "config.json:6:23")
        XCTAssertNil(employee.relationships[0].cardinality, "without a model the payload's shape decides")
    }

    func testPathMappingsWithKeyedFallbackAndPlainObjectMatchers() throws {
        let paths = try C.definitions(Self.employees).pathMappings
        XCTAssertEqual(paths.map(\.uri.value.text), ["/employees/:id", "/stats"])
        XCTAssertEqual(paths.map(\.index), [0, 1])
        XCTAssertEqual(paths[0].keyPath?.value.text, "data.employees")
        XCTAssertNil(paths[1].keyPath, "an empty key_path is the payload root")
        XCTAssertEqual(paths[0].uri.value.match("/employees/7"), ["id": "7"])

        let matchers = paths[0].matchers
        XCTAssertEqual(matchers.map(\.entityName), ["Employee", "Employee", "Department"])
        XCTAssertEqual(matchers.map(\.isFallback), [false, false, true])
        guard case .keyed(let keyPath, let expected, _) = matchers[0].kind,
            case .keyed(_, let level, _) = matchers[1].kind
        else { return XCTFail("keyed matchers expected: \(matchers.map(\.kind))") }
        XCTAssertEqual(keyPath.text, "kind")
        XCTAssertEqual(expected, "boss")
        XCTAssertEqual(level, .number("3"), "expected values keep their type")
        XCTAssertEqual(matchers[0].location.description, "config.json:11:6")

        guard case .plainObject(let stats) = paths[1].matchers[0].kind,
            case .plainObject(let unnamed) = paths[1].matchers[1].kind
        else { return XCTFail("plain object matchers expected") }
        XCTAssertEqual(stats.name, "Stats")
        XCTAssertTrue(stats.isPlain)
        XCTAssertEqual(stats.attributes.map(\.destination), ["total"])
        XCTAssertEqual(unnamed.name, "NSDictionary", "RestKitMapper's class for a plain object without class_name")
    }

    func testRequestMappingsWithRootKeyPathAndDottedBodyKeys() throws {
        let requests = try C.definitions(Self.employees).requestMappings
        XCTAssertEqual(requests.map(\.index), [0, 1])
        XCTAssertEqual(requests.map(\.className?.value), ["Login", "Ping"])
        XCTAssertEqual(requests[0].uri?.value.text, "/user/auth")
        XCTAssertNil(requests[1].uri)
        XCTAssertEqual(requests[0].rootKeyPath, "user")
        XCTAssertNil(requests[1].rootKeyPath, "an empty root_keypath sends the body unwrapped")
        XCTAssertEqual(requests[0].attributes.map(\.source.text), ["username", "password"])
        XCTAssertEqual(requests[0].attributes.map(\.bodyKey), ["login.name", "password"])
        XCTAssertEqual(requests[0].location.description, "config.json:18:4")
    }

    func testAnXMLPlistConfigLoadsTheSameWayWithLineLocations() throws {
        let text = C.plist("""
            <key>entity_attribute_mappings</key>
            <dict>
              <key>Employee</key>
              <dict><key>id</key><string>employeeID</string><key>dept</key><string>deptID</string></dict>
              <key>Department</key>
              <dict><key>id</key><string>deptID</string></dict>
            </dict>
            <key>primary_key_mappings</key>
            <dict><key>Employee</key><array><string>employeeID</string></array></dict>
            <key>relationship_mappings</key>
            <dict><key>Employee</key><dict>
              <key>department</key>
              <dict><key>target</key><string>Department</string><key>key_path</key><string>department</string>
                <key>fk_mapping</key><dict><key>deptID</key><string>deptID</string></dict></dict>
            </dict></dict>
            <key>path_mappings</key>
            <array><dict><key>uri</key><string>/employees</string><key>key_path</key><string>employees</string>
              <key>matchers</key><array><dict><key>entity_name</key><string>Employee</string></dict></array></dict></array>
            <key>request_mappings</key>
            <array><dict><key>class_name</key><string>Employee</string>
              <key>attribute_mappings</key><dict><key>name</key><string>employee.name</string></dict></dict></array>
            """)
        let definitions = try C.definitions(text, file: "api.plist")
        XCTAssertEqual(definitions.entities.map(\.name), ["Employee", "Department"])
        let employee = try XCTUnwrap(definitions.entity(named: "Employee"))
        XCTAssertEqual(employee.attributeNames, ["employeeID", "deptID"])
        XCTAssertEqual(employee.location.line, 6)
        XCTAssertEqual(employee.primaryKeys.map(\.value), ["employeeID"])
        XCTAssertEqual(employee.relationships.map(\.name), ["department"])
        XCTAssertEqual(employee.relationships[0].connection?.map(\.targetAttribute.value), ["deptID"])
        XCTAssertEqual(employee.relationships[0].connection?.first?.sourceAttribute.location.line, 17)
        XCTAssertEqual(definitions.pathMappings.map(\.keyPath?.value.text), ["employees"])
        XCTAssertEqual(definitions.pathMappings[0].matchers.map(\.entityName), ["Employee"])
        XCTAssertEqual(definitions.requestMappings.map(\.attributes.first?.bodyKey), ["employee.name"])
        XCTAssertTrue(definitions.pathMappings[0].location.description.hasPrefix("api.plist:20:"))
    }

    func testAConfigWithOnlyRequestMappingsLoads() throws {
        let definitions = try C.definitions(#"{"request_mappings": [{"class_name": "A", "attribute_mappings": {"a": "b"}}]}"#)
        XCTAssertEqual(definitions.entities.count, 0)
        XCTAssertEqual(definitions.requestMappings.count, 1)
    }
}
