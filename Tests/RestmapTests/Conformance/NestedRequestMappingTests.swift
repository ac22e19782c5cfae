import XCTest
@testable import RestmapEngine

/// a request mapping's `relationship_mappings` nest request mappings for
/// related client objects, as RestKit's parameterization maps an `RKRelationshipMapping`:
/// to-one as a dictionary, to-many as an array of dictionaries, a dotted body key as nesting;
/// in every request format.
final class NestedRequestMappingTests: XCTestCase {
    /// RKObjectParameterizationTest.m `testParameterizingHasManyRelationshipToNestedKeyPath`'s
    /// request mapping: `name`, and `friends` → `cities.eastCoast` with `city` only; plus the
    /// to-one `address` of `testShouldSerializeHasOneRelatioshipsToJSON`.
    static let config = """
        {"request_mappings": [{"uri": "/users", "class_name": "RKTestUser",
          "attribute_mappings": {"name": "name"},
          "relationship_mappings": {
            "friends": {"body_key": "cities.eastCoast", "attribute_mappings": {"city": "city"}},
            "address": {"attribute_mappings": {"city": "city", "state": "state"}}}}]}
        """

    /// Blake, his two friends' addresses, and his own address (state only).
    static let blake = """
        {"name": "Blake Watters",
         "friends": [{"city": "Carrboro", "state": "NC"}, {"city": "New York City"}],
         "address": {"state": "North Carolina"}}
        """

    func render(_ input: String, format: RequestBodyFormat = .json, config: String = config, omitMissing: Bool = false) throws -> String {
        let definitions = try requestTestDefinitions(config)
        var options = RequestOptions()
        options.format = format
        options.compact = true
        options.omitMissing = omitMissing
        let run = try RequestRun(definitions: definitions, mapping: definitions.requestMappings[0], options: options)
        return String(decoding: try run.render(Array(input.utf8), file: "input.json"), as: UTF8.self)
    }

    /// RKObjectParameterizationTest.m `testParameterizingHasManyRelationshipToNestedKeyPath`:
    /// `cities.eastCoast.city` holds Carrboro and New York City, each friend a dictionary of
    /// its nested mapping's keys only.
    func testParameterizingHasManyRelationshipToNestedKeyPath() throws {
        let body = try render(Self.blake)
        XCTAssertTrue(
            body.contains(#""cities":{"eastCoast":[{"city":"Carrboro"},{"city":"New York City"}]}"#), body)
        XCTAssertTrue(body.hasPrefix(#"{"name":"Blake Watters","#), body)
    }

    /// RKObjectParameterizationTest.m `testShouldSerializeHasOneRelatioshipsToJSON`: the
    /// to-one address is a dictionary; its missing city is null, as the inverse mapping
    /// assigns defaults for missing attributes (restmap's `--omit-missing` leaves it out).
    func testShouldSerializeHasOneRelatioshipsToJSON() throws {
        let input = #"{"name": "Blake Watters", "address": {"state": "North Carolina"}}"#
        XCTAssertEqual(try render(input), #"{"name":"Blake Watters","address":{"city":null,"state":"North Carolina"}}"# + "\n")
        XCTAssertEqual(
            try render(input, omitMissing: true), #"{"name":"Blake Watters","address":{"state":"North Carolina"}}"# + "\n")
    }

    /// RKObjectParameterizationTest.m `testShouldSerializeToManyRelationships`:
    /// `{"hasMany":[{"date":…}],"stringTest":"The string"}`. The nested mapping's class names
    /// an entity whose `date` is typed, so the related object's date is converted and sent as
    /// ISO 8601 (restmap writes no milliseconds when they are zero; docs/restkit.md, differences).
    func testShouldSerializeToManyRelationships() throws {
        let config = """
            {"entity_attribute_mappings": {"RKMappableAssociation": {"date": "date"}},
             "entity_attribute_types": {"RKMappableAssociation": {"date": "date"}},
             "request_mappings": [{"uri": "/objects", "class_name": "RKMappableObject",
              "attribute_mappings": {"stringTest": "stringTest"},
              "relationship_mappings": {"hasMany": {"class_name": "RKMappableAssociation", "attribute_mappings": {"date": "date"}}}}]}
            """
        let input = #"{"stringTest": "The string", "hasMany": [{"date": 0}]}"#
        XCTAssertEqual(
            try render(input, config: config), #"{"stringTest":"The string","hasMany":[{"date":"1970-01-01T00:00:00Z"}]}"# + "\n")
    }

    /// A relationship absent from the client object, or null, is left out: RestKit skips a nil
    /// relationship. An empty to-many is an empty array.
    func testAbsentOrNullRelationshipIsLeftOut() throws {
        XCTAssertEqual(try render(#"{"name": "B"}"#), #"{"name":"B"}"# + "\n")
        XCTAssertEqual(try render(#"{"name": "B", "address": null}"#), #"{"name":"B"}"# + "\n")
        XCTAssertEqual(try render(#"{"name": "B", "friends": []}"#), #"{"name":"B","cities":{"eastCoast":[]}}"# + "\n")
    }

    /// The same body in the other formats: form brackets, repeated XML elements, plist arrays.
    func testFormXMLAndPlistCarryTheNesting() throws {
        XCTAssertEqual(
            try render(Self.blake, format: .form),
            "address[city]&address[state]=North%20Carolina&cities[eastCoast][][city]=Carrboro&cities[eastCoast][][city]=New%20York%20City&name=Blake%20Watters")
        XCTAssertEqual(
            try render(Self.blake, format: .xml),
            #"<?xml version="1.0" encoding="UTF-8"?><RKTestUser><name>Blake Watters</name><cities><eastCoast><city>Carrboro</city></eastCoast><eastCoast><city>New York City</city></eastCoast></cities><address><city/><state>North Carolina</state></address></RKTestUser>"# + "\n")
        let plist = try render(Self.blake, format: .plist)
        XCTAssertTrue(
            plist.contains("<key>eastCoast</key>\n\t\t<array>\n\t\t\t<dict>\n\t\t\t\t<key>city</key>\n\t\t\t\t<string>Carrboro</string>"), plist)
    }

    /// A nested mapping may nest again (a friend's own address).
    func testNestedMappingsNest() throws {
        let config = """
            {"request_mappings": [{"uri": "/users", "class_name": "User", "attribute_mappings": {"name": "name"},
              "relationship_mappings": {"friends": {"attribute_mappings": {"name": "name"},
                "relationship_mappings": {"address": {"body_key": "home", "attribute_mappings": {"city": "city"}}}}}}]}
            """
        XCTAssertEqual(
            try render(#"{"name": "A", "friends": [{"name": "B", "address": {"city": "X"}}]}"#, config: config),
            #"{"name":"A","friends":[{"name":"B","home":{"city":"X"}}]}"# + "\n")
    }

    /// A related value that is not a client object is a located data error (exit 1).
    func testScalarRelationshipIsAnInputError() throws {
        XCTAssertThrowsError(try render(#"{"name": "B",\#n "friends": ["Carrboro"]}"#)) { error in
            guard let error = error as? RestmapError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .data)
            XCTAssertEqual(error.diagnostics.map(\.site), [
                "RM6007 input.json:2:14"
            ])
        }
    }

    // MARK: check

    /// A relationship's body key conflicting with an attribute's is the same config error as
    /// two attributes conflicting.
    func testCheckRejectsARelationshipBodyKeyThatConflicts() throws {
        let bad = Self.config.replacingOccurrences(of: #""attribute_mappings": {"name": "name"}"#, with: #""attribute_mappings": {"name": "cities"}"#)
        XCTAssertEqual(try ExtensionLint.sites(bad), [
            "RM2015 c.json:4:5"
        ])
        XCTAssertEqual(try ExtensionLint.sites(Self.config), [])
    }

    func testCheckRejectsANestedMappingThatIsNotADictionary() throws {
        let bad = Self.config.replacingOccurrences(of: #""address": {"attribute_mappings": {"city": "city", "state": "state"}}"#, with: #""address": "state""#)
        XCTAssertEqual(try ExtensionLint.sites(bad), [
            "RM1007 c.json:5:16"
        ])
    }

    func testCheckRejectsConflictsInsideANestedMapping() throws {
        let bad = Self.config.replacingOccurrences(of: #"{"city": "city", "state": "state"}"#, with: #"{"city": "city", "state": "city"}"#)
        XCTAssertEqual(try ExtensionLint.sites(bad), [
            "RM2015 c.json:5:56"
        ])
    }

    /// Body keys of nested mappings become XML element names: checked before any input is read.
    func testXMLNamesOfNestedBodyKeysAreChecked() throws {
        let bad = Self.config.replacingOccurrences(of: #""state": "state""#, with: #""state": "2state""#)
        XCTAssertThrowsError(try render(Self.blake, format: .xml, config: bad)) { error in
            XCTAssertEqual((error as? RestmapError)?.diagnostics.map(\.site), [
                "RM6006 config.json:5:56"
            ])
        }
        XCTAssertNoThrow(try render(Self.blake, format: .json, config: bad))
    }

    /// Nesting is bounded, so a hostile config cannot exhaust the stack.
    func testCheckRejectsNestingDeeperThan64Levels() throws {
        var nested = #"{"attribute_mappings": {"name": "name"}}"#
        for _ in 0..<66 { nested = #"{"relationship_mappings": {"friend": \#(nested)}}"# }
        let config = #"{"request_mappings": [{"uri": "/users", "class_name": "RKTestUser", "attribute_mappings": {"name": "name"}, "relationship_mappings": {"friend": \#(nested)}}]}"#
        let codes = try ExtensionLint.findings(config).map(\.code)
        XCTAssertEqual(codes, [.configNestingTooDeep])
    }
}
