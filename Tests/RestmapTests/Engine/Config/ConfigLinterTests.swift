import XCTest
@testable import RestmapEngine

/// Each `restmap check` lint (SPEC §3.3) with a config that triggers it and one that does not.
/// Configs are written as JSON (the loader treats all three formats alike) except where the
/// test is about XML plist locations.
final class ConfigLinterTests: XCTestCase {

    func findings(_ json: String, file: String = "c.json") throws -> [Diagnostic] {
        let log = DiagnosticLog()
        _ = try ConfigPipeline(log: log).definitions(configBytes: Array(json.utf8), file: file)
        return log.diagnostics
    }

    func messages(_ json: String) throws -> [String] {
        try findings(json).map(\.description)
    }

    /// `CODE FILE:LINE:COL` of each finding: what the tests pin (the sentences are the goldens').
    func sites(_ json: String) throws -> [String] {
        try findings(json).map { "\($0.code) \($0.location?.description ?? "-")" }
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
        XCTAssertEqual(try sites(config), ["RM1006 c.json:10:2"])
    }

    func testUnknownKeyInAnEntryIsAWarning() throws {
        let config = valid.replacingOccurrences(of: "\"key_path\": \"employees_list\"", with: "\"keypath\": \"employees_list\"")
        XCTAssertEqual(
            try sites(config), ["RM1008 c.json:8:42"])
    }

    func testValueOfTheWrongTypeIsAnError() throws {
        let config = valid.replacingOccurrences(of: "\"name\": \"name\"},\n", with: "\"name\": 7},\n")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertEqual(try sites(config), ["RM1007 c.json:2:46"])
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
        _ = try ConfigPipeline(log: log).definitions(configBytes: Array(xml.utf8), file: "api.plist")
        XCTAssertEqual(log.diagnostics.count, 1)
        let diagnostic = log.diagnostics[0]
        XCTAssertEqual(diagnostic.code, .lintUndefinedEntity)
        XCTAssertEqual(diagnostic.location?.description, "api.plist:11:5")
        XCTAssertEqual(diagnostic.related.map(\.location.description), ["api.plist:6:5"])
    }

    func testUndefinedRelationshipTargetAndMatcherEntity() throws {
        var config = valid.replacingOccurrences(of: "\"target\": \"Department\", \"key_path\": \"dept\"", with: "\"target\": \"Dept\", \"key_path\": \"dept\"")
        XCTAssertEqual(
            try sites(config), ["RM2001 c.json:6:24"])
        config = valid.replacingOccurrences(of: "\"entity_name\": \"Employee\"", with: "\"entity_name\": \"Employe\"")
        XCTAssertEqual(
            try sites(config), ["RM2001 c.json:9:71"])
    }

    func testPrimaryKeyMustBeAMappedAttribute() throws {
        let config = valid.replacingOccurrences(of: "\"Department\": [\"entityId\"]", with: "\"Department\": [\"entityID\"]")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertEqual(try sites(config), ["RM2003 c.json:4:42"])
    }

    func testConnectionAttributesMustBeMapped() throws {
        var config = valid.replacingOccurrences(of: "{\"secondaryDeptId\": \"entityId\"}", with: "{\"secondaryDept\": \"entityId\"}")
        XCTAssertEqual(
            try sites(config), ["RM2006 c.json:7:93"])
        config = valid.replacingOccurrences(of: "{\"secondaryDeptId\": \"entityId\"}", with: "{\"secondaryDeptId\": \"deptId\"}")
        XCTAssertEqual(
            try sites(config), ["RM2007 c.json:7:112"])
    }

    func testConnectionToANonKeyIsAWarning() throws {
        let config = valid.replacingOccurrences(of: "{\"secondaryDeptId\": \"entityId\"}", with: "{\"secondaryDeptId\": \"name\"}")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(try sites(config), ["RM2008 c.json:7:112"])
    }

    func testPathMappingWithoutOrWithEmptyMatchers() throws {
        var config = valid.replacingOccurrences(of: "\"matchers\": [\n    {\"key_path\": \"type\", \"expected_value\": \"employee\", \"entity_name\": \"Employee\"}]", with: "\"matchers\": []")
        XCTAssertEqual(try sites(config), ["RM1013 c.json:8:84"])
        config = valid.replacingOccurrences(of: ", \"matchers\": [\n    {\"key_path\": \"type\", \"expected_value\": \"employee\", \"entity_name\": \"Employee\"}]", with: "")
        XCTAssertEqual(
            try sites(config), ["RM1013 c.json:8:20"])
    }

    func testDuplicateURIAndKeyPathIsAWarning() throws {
        let entry = "{\"uri\": \"/a\", \"matchers\": [{\"entity_name\": \"Employee\"}]}"
        let config = valid.replacingOccurrences(of: "\"path_mappings\": [", with: "\"path_mappings\": [\(entry), \(entry.replacingOccurrences(of: "/a", with: "/a/")), ")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(try sites(config), ["RM2010 c.json:8:78"])
        XCTAssertEqual(found[0].related.count, 1)
    }

    func testSeveralFallbacksWarnThatTheLastApplies() throws {
        let config = valid.replacingOccurrences(
            of: "{\"key_path\": \"type\", \"expected_value\": \"employee\", \"entity_name\": \"Employee\"}]",
            with: "{\"entity_name\": \"Department\"}, {\"entity_name\": \"Employee\"}]")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(try sites(config), ["RM2011 c.json:9:5"])
    }

    func testRequestMappingNeedsClassAndAttributes() throws {
        var config = valid.replacingOccurrences(of: "\"class_name\": \"UserLoginInfo\",", with: "")
        XCTAssertEqual(try sites(config), ["RM1010 c.json:10:23"])
        config = valid.replacingOccurrences(of: ",\n    \"attribute_mappings\": {\"username\": \"username\", \"password\": \"password\"}", with: "")
        XCTAssertEqual(try sites(config), ["RM1010 c.json:10:23"])
    }

    func testInvertedRequestMappingIsAWarning() throws {
        let inverted = valid.replacingOccurrences(
            of: "\"class_name\": \"UserLoginInfo\",\n    \"attribute_mappings\": {\"username\": \"username\", \"password\": \"password\"}",
            with: "\"class_name\": \"Employee\",\n    \"attribute_mappings\": {\"id\": \"id\", \"secondary_dept\": \"secondary_dept\"}")
        let found = try findings(inverted)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(try sites(inverted), ["RM2013 c.json:10:23"])
        let correct = inverted.replacingOccurrences(of: "{\"id\": \"id\", \"secondary_dept\": \"secondary_dept\"}", with: "{\"entityId\": \"id\", \"secondaryDeptId\": \"secondary_dept\"}")
        XCTAssertEqual(try messages(correct), [])
    }

    func testConflictingBodyKeysAndSharedRequestClasses() throws {
        var config = valid.replacingOccurrences(of: "{\"username\": \"username\", \"password\": \"password\"}", with: "{\"username\": \"user\", \"password\": \"user.password\"}")
        var found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertEqual(try sites(config), ["RM2015 c.json:11:48"])
        config = valid.replacingOccurrences(
            of: "\"request_mappings\": [",
            with: "\"request_mappings\": [{\"uri\": \"/login\", \"class_name\": \"UserLoginInfo\", \"attribute_mappings\": {\"a\": \"b\"}}, ")
        found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(try sites(config), ["RM2012 c.json:10:167"])
    }

    func testAttributeWrittenTwiceIsAnError() throws {
        let config = valid.replacingOccurrences(of: "{\"id\": \"entityId\", \"name\": \"name\"}", with: "{\"id\": \"entityId\", \"name\": \"entityId\"}")
        XCTAssertEqual(try sites(config), ["RM1012 c.json:2:46"])
    }

    func testUnknownTypeAndInvalidDatePatternAreErrors() throws {
        let config = valid.replacingOccurrences(
            of: "\"request_mappings\"",
            with: "\"entity_attribute_types\": {\"Employee\": {\"entityId\": \"integr\"}}, \"date_formats\": [\"dd.MM.yyyy\", \"qq\"], \"request_mappings\"")
        let found = try findings(config)
        XCTAssertEqual(found.map(\.severity), [.error, .error])
        XCTAssertEqual(try sites(config), ["RM1016 c.json:10:54", "RM1017 c.json:10:97"])
    }

    func testConfigWithoutSectionsCannotBeUsed() throws {
        XCTAssertThrowsError(try findings("{\"entity_atribute_mappings\": {}}")) { error in
            let error = error as! RestmapError
            XCTAssertEqual(error.exitCode, 2)
            XCTAssertEqual(error.codes, [.configNoSections])
            XCTAssertEqual(error.diagnostics.first?.location?.description, "c.json:1:1")
        }
        XCTAssertThrowsError(try findings("[1, 2]")) { error in
            XCTAssertEqual((error as! RestmapError).codes, [.configRootNotDictionary])
            XCTAssertEqual((error as! RestmapError).diagnostics.first?.location?.description, "c.json:1:1")
        }
    }
}
