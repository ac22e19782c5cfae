import XCTest
@testable import RestmapEngine

/// Loads a config written as JSON; fails the test if it has errors.
func requestTestDefinitions(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> MappingDefinitions {
    let root = try ConfigDocumentReader().parse(Array(json.utf8), file: "config.json")
    let log = DiagnosticLog()
    let definitions = try ConfigLoader().load(root, file: "config.json", log: log)
    XCTAssertFalse(log.hasErrors, "\(log.diagnostics)", file: file, line: line)
    return definitions
}

/// Parses a JSON text into a `Value`.
func requestTestValue(_ json: String) throws -> Value {
    try JSONReader.value(from: Array(json.utf8), file: "input.json")
}

final class RequestBodyBuilderTests: XCTestCase {
    static let login = """
        {"request_mappings": [{"uri": "/user/auth", "root_keypath": "user", "class_name": "UserLoginInfo",
          "attribute_mappings": {"username": "username", "password": "password"}}]}
        """

    func builder(_ config: String, omitMissing: Bool = false) throws -> RequestBodyBuilder {
        let definitions = try requestTestDefinitions(config)
        return try RequestBodyBuilder(mapping: definitions.requestMappings[0], definitions: definitions, omitMissing: omitMissing)
    }

    func testLoginObjectIsWrappedInTheRootKeyPathInConfigOrder() throws {
        let body = try builder(Self.login).body(for: requestTestValue(#"{"password": "pw", "extra": 1, "username": "alice"}"#))
        XCTAssertEqual(body.value, ["user": ["username": "alice", "password": "pw"]])
        XCTAssertEqual(body.elementName, "user")
    }

    func testAbsentKeyIsNullUnlessOmitted() throws {
        let input = try requestTestValue(#"{"username": "alice"}"#)
        XCTAssertEqual(try builder(Self.login).body(for: input).value, ["user": ["username": "alice", "password": nil]])
        XCTAssertEqual(try builder(Self.login, omitMissing: true).body(for: input).value, ["user": ["username": "alice"]])
    }

    /// (RKObjectParameterizationTest.m
    /// `testSerializingOmitsNullAttributesWhenAssignsDefaultValueForMissingAttributesIsFalse`):
    /// omitting missing keys also omits null ones; without it a null is written.
    func testExplicitNullIsOmittedWithMissingKeys() throws {
        let input = try requestTestValue(#"{"username": "alice", "password": null}"#)
        XCTAssertEqual(try builder(Self.login, omitMissing: true).body(for: input).value, ["user": ["username": "alice"]])
        XCTAssertEqual(try builder(Self.login).body(for: input).value, ["user": ["username": "alice", "password": nil]])
    }

    func testArrayInputGivesAnArrayUnderTheRoot() throws {
        let input = try requestTestValue(#"[{"username": "a", "password": "1"}, {"username": "b"}]"#)
        XCTAssertEqual(
            try builder(Self.login).body(for: input).value,
            ["user": [["username": "a", "password": "1"], ["username": "b", "password": nil]]])
    }

    func testWithoutRootKeyPathTheBodyIsTheParametersAndXMLUsesTheClassName() throws {
        let config = #"{"request_mappings": [{"class_name": "Gist", "attribute_mappings": {"descriptionText": "description"}}]}"#
        let single = try builder(config).body(for: requestTestValue(#"{"descriptionText": "x"}"#))
        XCTAssertEqual(single.value, ["description": "x"])
        XCTAssertEqual(single.elementName, "Gist")
        let many = try builder(config).body(for: requestTestValue(#"[{"descriptionText": "x"}]"#))
        XCTAssertEqual(many.value, [["description": "x"]])
    }

    func testDottedBodyKeysNestWhereTheirFirstKeyIs() throws {
        let config = """
            {"request_mappings": [{"class_name": "Person", "attribute_mappings": {
              "firstName": "name.first", "age": "age", "lastName": "name.last", "city": "address.geo.city"}}]}
            """
        let body = try builder(config).body(for: requestTestValue(#"{"firstName": "Ada", "lastName": "Lovelace", "age": 36, "city": "London"}"#))
        XCTAssertEqual(
            body.value,
            ["name": ["first": "Ada", "last": "Lovelace"], "age": 36, "address": ["geo": ["city": "London"]]])
        guard case .object(let object) = body.value else { return XCTFail("not an object") }
        XCTAssertEqual(object.keys, ["name", "age", "address"])
    }

    func testSourceKeyPathsReadTheObjectWithKeyValueCoding() throws {
        let config = """
            {"request_mappings": [{"class_name": "Order", "attribute_mappings": {
              "customer.email": "email", "items.sku": "skus", "items.@count": "count", "items.0.sku": "first"}}]}
            """
        let body = try builder(config).body(
            for: requestTestValue(#"{"customer": {"email": "a@b.c"}, "items": [{"sku": "X1"}, {"sku": "Y2"}]}"#))
        XCTAssertEqual(body.value, ["email": "a@b.c", "skus": ["X1", "Y2"], "count": 2, "first": "X1"])
    }

    func testValuesPassThroughUnchangedWithoutTypes() throws {
        let config = #"{"request_mappings": [{"class_name": "T", "attribute_mappings": {"n": "n", "b": "b", "o": "o", "s": "s"}}]}"#
        let body = try builder(config).body(
            for: requestTestValue(#"{"n": 12345678901234567890.50, "b": true, "o": {"k": [1, null]}, "s": "2013-02-12"}"#))
        XCTAssertEqual(body.value, ["n": .number("12345678901234567890.50"), "b": true, "o": ["k": [1, nil]], "s": "2013-02-12"])
    }

    static let typed = """
        {
          "entity_attribute_mappings": {"Account": {"id": "accountID", "balance": "balance", "opened_at": "openedAt",
                                                    "active": "isActive", "age": "age"}},
          "entity_attribute_types": {"Account": {"accountID": "integer", "balance": "decimal", "openedAt": "date",
                                                 "isActive": "boolean", "age": "integer"}},
          "request_mappings": [{"class_name": "Account", "root_keypath": "account", "attribute_mappings": {
             "accountID": "id", "balance": "balance", "openedAt": "opened_at", "isActive": "active", "age": "age"}}]
        }
        """

    func testDeclaredTypesSerializeDatesAsISOStringsAndDecimalsAsStrings() throws {
        let body = try builder(Self.typed).body(
            for: requestTestValue(#"{"accountID": "42", "balance": 18274191731731.4557723623, "openedAt": "02/12/2013", "isActive": "yes", "age": null}"#))
        XCTAssertEqual(
            body.value,
            ["account": [
                "id": 42, "balance": "18274191731731.4557723623", "opened_at": "2013-02-12T00:00:00Z",
                "active": true, "age": nil,
            ]])
    }

    func testEpochSecondsBecomeISODates() throws {
        let body = try builder(Self.typed, omitMissing: true).body(for: requestTestValue(#"{"openedAt": 1360709932.25}"#))
        XCTAssertEqual(body.value, ["account": ["opened_at": "2013-02-12T22:58:52.250Z"]])
    }

    func testValuesTheirTypeRefusesAreAllReportedWithPointers() throws {
        let input = try requestTestValue(#"[{"accountID": "12abc"}, {"openedAt": "someday", "isActive": "maybe"}]"#)
        XCTAssertThrowsError(try builder(Self.typed, omitMissing: true).body(for: input)) { error in
            XCTAssertEqual(
                (error as? RequestInputError)?.problems,
                [
                    RequestInputProblem(pointer: "/0/accountID", message: #"'accountID': cannot convert "12abc" to integer: not a number"#),
                    RequestInputProblem(pointer: "/1/openedAt", message: #"'openedAt': cannot convert "someday" to date: not a date in any accepted format"#),
                    RequestInputProblem(pointer: "/1/isActive", message: #"'isActive': cannot convert "maybe" to boolean: not a boolean (true/false, yes/no, t/f, y/n or 1/0)"#),
                ])
        }
    }

    func testInputThatIsNotObjectsIsRefused() throws {
        let login = try builder(Self.login)
        XCTAssertThrowsError(try login.body(for: requestTestValue(#""alice""#))) { error in
            XCTAssertEqual(
                (error as? RequestInputError)?.problems,
                [RequestInputProblem(pointer: "", message: "the input is a string; a request body is built from a client object (a JSON object) or an array of them")])
        }
        XCTAssertThrowsError(try login.body(for: requestTestValue(#"[{"username": "a"}, [1], null]"#))) { error in
            XCTAssertEqual(
                (error as? RequestInputError)?.problems.map(\.pointer), ["/1", "/2"])
            XCTAssertEqual(
                (error as? RequestInputError)?.problems.first?.message,
                "element 1 of the input is an array; a request body is built from client objects (JSON objects)")
        }
    }

    func testConflictingBodyKeysAreConfigErrors() throws {
        let config = """
            {"request_mappings": [{"class_name": "C", "attribute_mappings": {
              "a": "user", "b": "user.name", "c": "other", "d": "other", "e": "x..y"}}]}
            """
        let definitions = try requestTestDefinitions(config)
        XCTAssertThrowsError(try RequestBodyBuilder(mapping: definitions.requestMappings[0], definitions: definitions)) { error in
            guard let error = error as? RestmapError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.exitCode, 2)
            XCTAssertEqual(
                error.diagnostics.map(\.message),
                [
                    "request_mappings.0: the body keys 'user' and 'user.name' conflict: 'user' would hold both a value and the dictionary 'user.name' nests in",
                    "request_mappings.0 writes the body key 'other' twice, from 'c' and 'd'",
                    "request_mappings.0 writes the body key 'x..y', which has an empty segment",
                ])
            XCTAssertEqual(error.diagnostics[0].location?.line, 2)
        }
    }

    func testConflictIsFoundWhicheverKeyComesFirst() throws {
        let config = #"{"request_mappings": [{"class_name": "C", "attribute_mappings": {"b": "user.name", "a": "user"}}]}"#
        let definitions = try requestTestDefinitions(config)
        XCTAssertEqual(
            RequestBodyKeys.problems(in: definitions.requestMappings[0]).map(\.message),
            ["request_mappings.0: the body keys 'user' and 'user.name' conflict: 'user' would hold both a value and the dictionary 'user.name' nests in"])
    }
}
