import XCTest
@testable import RestmapBase
@testable import RestmapFormats
@testable import RestmapTypes
@testable import RestmapConfig
@testable import RestmapMapping
@testable import RestmapOutput
@testable import RestmapRequest
@testable import RestmapValidation
@testable import RestmapDescribe
@testable import RestmapPipeline

/// Each `restmap check` lint (SPEC §3.3) with a config that triggers it and one that does not.
/// Configs are written as JSON (the loader treats all three formats alike) except where the
/// test is about XML plist locations.
final class ConfigLinterTests: XCTestCase {

    func findings(_ json: String, file: String = "c.json") throws -> [Diagnostic] {
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(json.utf8), file: file)
        return log.diagnostics
    }

    func messages(_ json: String) throws -> [String] {
        try findings(json).map(\.description)
    }

    let valid = """
        {"entity_attribute_mappings": {
            "Department": {"id": "entityId", "name": "name"},
            "Employee": {"id": "entityId", "name": "name", "secondary_dept": "secondaryDeptId"}},
         "primary_key_mappings": {"Department": ["entityId"], "Employee": ["entityId"]},
         "relationship_mappings": {"Employee": {
            "dept": {"target": "Department", "key_path": "dept"},
            "secondary_dept": {"target": "Department", "key_path": "secondary_dept", "fk_mapping": {"secondaryDeptId": "entityId"}}}},
         "path_mappings": [{"uri": "/employees", "key_path": "employees_list", "matchers": [
            {"key_path": "type", "expected_value": "employee", "entity_name": "Employee"}]}],
         "request_mappings": [{"uri": "/user/auth", "root_keypath": "user", "class_name": "UserLoginInfo",
            "attribute_mappings": {"username": "username", "password": "password"}}]}
        """

    func testValidConfigIsClean() throws {
        XCTAssertEqual(try messages(valid), [])
    }

    func testUnknownSectionIsAWarningWithSuggestion() throws {
        let config = valid.replacingOccurrences(of: "\"request_mappings\"", with: "\"request_mapings\"")
        let found = try findings(config)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].severity, .warning)
        XCTAssertEqual(
            found[0].message, "unknown section 'request_mapings'; did you mean 'request_mappings'?; it is ignored")
        XCTAssertEqual(found[0].location?.line, 10)
    }

    func testUnknownKeyInAnEntryIsAWarning() throws {
        let config = valid.replacingOccurrences(of: "\"key_path\": \"employees_list\"", with: "\"keypath\": \"employees_list\"")
        XCTAssertEqual(
            try findings(config).map(\.message),
            ["unknown key 'keypath' in path_mappings.0; did you mean 'key_path'?; it is ignored"])
    }

    func testValueOfTheWrongTypeIsAnError() throws {
        let config = valid.replacingOccurrences(of: "\"name\": \"name\"},\n", with: "\"name\": 7},\n")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertEqual(
            found[0].message,
            "entity_attribute_mappings.Department.name must be a string (the client attribute it maps to), found an integer")
    }

    func testMisspelledEntityNamesBothSpellingsAndWhereEachIs() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
              <key>entity_attribute_mappings</key>
              <dict>
                <key>Empoyee</key>
                <dict><key>id</key><string>entityId</string></dict>
              </dict>
              <key>relationship_mappings</key>
              <dict>
                <key>Employee</key>
                <dict/>
              </dict>
            </dict>
            </plist>
            """
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(xml.utf8), file: "api.plist")
        XCTAssertEqual(log.diagnostics.count, 1)
        let diagnostic = log.diagnostics[0]
        XCTAssertEqual(
            diagnostic.description,
            "api.plist:11:5: error: relationship_mappings names entity 'Employee', which entity_attribute_mappings does not define; did you mean 'Empoyee'?")
        XCTAssertEqual(diagnostic.related.map(\.location.description), ["api.plist:6:5"])
        XCTAssertEqual(diagnostic.related.map(\.message), ["'Empoyee' is defined here"])
    }

    func testUndefinedRelationshipTargetAndMatcherEntity() throws {
        var config = valid.replacingOccurrences(of: "\"target\": \"Department\", \"key_path\": \"dept\"", with: "\"target\": \"Dept\", \"key_path\": \"dept\"")
        XCTAssertEqual(
            try findings(config).map(\.message),
            ["relationship 'dept' of 'Employee' names entity 'Dept', which entity_attribute_mappings does not define"])
        config = valid.replacingOccurrences(of: "\"entity_name\": \"Employee\"", with: "\"entity_name\": \"Employe\"")
        XCTAssertEqual(
            try findings(config).map(\.message),
            ["a matcher of path_mappings.0 names entity 'Employe', which entity_attribute_mappings does not define; did you mean 'Employee'?"])
    }

    func testPrimaryKeyMustBeAMappedAttribute() throws {
        let config = valid.replacingOccurrences(of: "\"Department\": [\"entityId\"]", with: "\"Department\": [\"entityID\"]")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertEqual(
            found[0].message, "primary key 'entityID' of 'Department' is not a mapped attribute of it; did you mean 'entityId'?")
    }

    func testConnectionAttributesMustBeMapped() throws {
        var config = valid.replacingOccurrences(of: "{\"secondaryDeptId\": \"entityId\"}", with: "{\"secondaryDept\": \"entityId\"}")
        XCTAssertEqual(
            try findings(config).map(\.message),
            ["fk_mapping of 'Employee.secondary_dept' reads 'secondaryDept', which is not a mapped attribute of 'Employee'; did you mean 'secondaryDeptId'?; map it in entity_attribute_mappings"])
        config = valid.replacingOccurrences(of: "{\"secondaryDeptId\": \"entityId\"}", with: "{\"secondaryDeptId\": \"deptId\"}")
        XCTAssertEqual(
            try findings(config).map(\.message),
            ["fk_mapping of 'Employee.secondary_dept' matches 'Department.deptId', which is not a mapped attribute of 'Department'"])
    }

    func testConnectionToANonKeyIsAWarning() throws {
        let config = valid.replacingOccurrences(of: "{\"secondaryDeptId\": \"entityId\"}", with: "{\"secondaryDeptId\": \"name\"}")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertTrue(found[0].message.contains("'Department.name', which is not a primary key of 'Department'"))
    }

    func testPathMappingWithoutOrWithEmptyMatchers() throws {
        var config = valid.replacingOccurrences(of: "\"matchers\": [\n    {\"key_path\": \"type\", \"expected_value\": \"employee\", \"entity_name\": \"Employee\"}]", with: "\"matchers\": []")
        XCTAssertEqual(try findings(config).map(\.message), ["path_mappings.0.matchers is empty: no object at '/employees' can be mapped"])
        config = valid.replacingOccurrences(of: ", \"matchers\": [\n    {\"key_path\": \"type\", \"expected_value\": \"employee\", \"entity_name\": \"Employee\"}]", with: "")
        XCTAssertEqual(
            try findings(config).map(\.message),
            ["path_mappings.0 ('/employees') has no 'matchers': no object at that path can be mapped"])
    }

    func testDuplicateURIAndKeyPathIsAWarning() throws {
        let entry = "{\"uri\": \"/a\", \"matchers\": [{\"entity_name\": \"Employee\"}]}"
        let config = valid.replacingOccurrences(of: "\"path_mappings\": [", with: "\"path_mappings\": [\(entry), \(entry.replacingOccurrences(of: "/a", with: "/a/")), ")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(found[0].message, "path_mappings.1 repeats uri '/a/' with key_path ''; both apply, so objects are mapped twice")
        XCTAssertEqual(found[0].related.count, 1)
    }

    func testSeveralFallbacksWarnThatTheLastApplies() throws {
        let config = valid.replacingOccurrences(
            of: "{\"key_path\": \"type\", \"expected_value\": \"employee\", \"entity_name\": \"Employee\"}]",
            with: "{\"entity_name\": \"Department\"}, {\"entity_name\": \"Employee\"}]")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(found[0].message, "path_mappings.0 has 2 fallback matchers; only the last one applies")
    }

    func testRequestMappingNeedsClassAndAttributes() throws {
        var config = valid.replacingOccurrences(of: "\"class_name\": \"UserLoginInfo\",", with: "")
        XCTAssertEqual(try findings(config).map(\.message), ["request_mappings.0 has no 'class_name' (the client class it serializes)"])
        config = valid.replacingOccurrences(of: ",\n    \"attribute_mappings\": {\"username\": \"username\", \"password\": \"password\"}", with: "")
        XCTAssertEqual(try findings(config).map(\.message), ["request_mappings.0 has no 'attribute_mappings': it would send an empty body"])
    }

    func testInvertedRequestMappingIsAWarning() throws {
        let inverted = valid.replacingOccurrences(
            of: "\"class_name\": \"UserLoginInfo\",\n    \"attribute_mappings\": {\"username\": \"username\", \"password\": \"password\"}",
            with: "\"class_name\": \"Employee\",\n    \"attribute_mappings\": {\"id\": \"id\", \"secondary_dept\": \"secondary_dept\"}")
        let found = try findings(inverted)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertTrue(found[0].message.contains("those are its server-side keys"), found[0].message)
        let correct = inverted.replacingOccurrences(of: "{\"id\": \"id\", \"secondary_dept\": \"secondary_dept\"}", with: "{\"entityId\": \"id\", \"secondaryDeptId\": \"secondary_dept\"}")
        XCTAssertEqual(try messages(correct), [])
    }

    func testConflictingBodyKeysAndSharedRequestClasses() throws {
        var config = valid.replacingOccurrences(of: "{\"username\": \"username\", \"password\": \"password\"}", with: "{\"username\": \"user\", \"password\": \"user.password\"}")
        var found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertTrue(found[0].message.contains("the body keys 'user' and 'user.password' conflict"), found[0].message)
        config = valid.replacingOccurrences(
            of: "\"request_mappings\": [",
            with: "\"request_mappings\": [{\"uri\": \"/login\", \"class_name\": \"UserLoginInfo\", \"attribute_mappings\": {\"a\": \"b\"}}, ")
        found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(found[0].message, "request_mappings.1 serializes 'UserLoginInfo' like request_mappings.0; `request --class UserLoginInfo` uses the first")
    }

    func testAttributeWrittenTwiceIsAnError() throws {
        let config = valid.replacingOccurrences(of: "{\"id\": \"entityId\", \"name\": \"name\"}", with: "{\"id\": \"entityId\", \"name\": \"entityId\"}")
        XCTAssertEqual(try findings(config).map(\.message), ["attribute 'entityId' is written by two mappings in entity_attribute_mappings.Department"])
    }

    func testUnknownTypeAndInvalidDatePatternAreErrors() throws {
        let config = valid.replacingOccurrences(
            of: "\"request_mappings\"",
            with: "\"entity_attribute_types\": {\"Employee\": {\"entityId\": \"integr\"}}, \"date_formats\": [\"dd.MM.yyyy\", \"qq\"], \"request_mappings\"")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.error, .error])
        XCTAssertTrue(found[0].message.hasPrefix("unknown type 'integr' for entity_attribute_types.Employee.entityId; did you mean 'integer'?"), found[0].message)
        XCTAssertTrue(found[1].message.contains("qq"), found[1].message)
    }

    func testConfigWithoutSectionsCannotBeUsed() throws {
        XCTAssertThrowsError(try findings("{\"entity_atribute_mappings\": {}}")) { error in
            let error = error as! RestmapError
            XCTAssertEqual(error.exitCode, 2)
            XCTAssertTrue(error.description.contains("has none of the sections"), error.description)
        }
        XCTAssertThrowsError(try findings("[1, 2]")) { error in
            XCTAssertEqual((error as! RestmapError).description, "c.json:1:1: error: a config's root must be a dictionary, found an array")
        }
    }
}
