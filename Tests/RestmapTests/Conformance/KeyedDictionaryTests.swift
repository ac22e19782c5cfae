import XCTest
@testable import RestmapEngine

/// dictionaries keyed by id. `mapping_options` `force_collection_mapping`
/// makes a dictionary a collection, one object per key; `key_attribute` receives the key; and
/// `(name)` / `{name}` in key paths stand for it — in responses and in request bodies.
final class KeyedDictionaryTests: XCTestCase {
    /// Users keyed by name, one with an address, in the shape of RestKit's fixture
    /// `Tests/Fixtures/JSON/DynamicKeysWithRelationship.json`.
    static let dynamicKeysWithRelationship = """
        {"users": {
            "ada": {"id": 4101, "website": "https://ada.example/"},
            "ravi": {"id": 52, "website": "https://ravi.example/",
                       "address": {"city": "Lisbon", "state": "Lisbon"}}}}
        """

    /// RestKit's user mapping of these tests: key → name, `(name).id` → userID, and, when
    /// `withAddress`, the relationship `(name).address`.
    static func config(idKeyPath: String = "(name).id", primaryKey: Bool = false) -> String {
        """
        {"entity_attribute_mappings": {"User": {"\(idKeyPath)": "userID"}, "Address": {"city": "city", "state": "state"}},
         \(primaryKey ? #""primary_key_mappings": {"User": ["name"]},"# : "")
         "relationship_mappings": {"User": {"(name).address": {"key_path": "address", "target": "Address"}}},
         "mapping_options": {"User": {"force_collection_mapping": true, "key_attribute": "name"}},
         "path_mappings": [{"uri": "/users", "key_path": "users", "matchers": [{"entity_name": "User"}]}]}
        """
    }

    /// RKObjectMappingNextGenTest.m `testShouldMapACollectionOfObjectsWithDynamicKeys`: two
    /// users, named after their keys, `ada` then `ravi`, with the ids under those keys.
    func testShouldMapACollectionOfObjectsWithDynamicKeys() throws {
        let outcome = try mapInMemory(config: Self.config(), inputs: [("/users", Self.dynamicKeysWithRelationship)])
        XCTAssertEqual(outcome.exitCode, 0)
        let lines = outcome.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(outcome.output.hasPrefix(#"[{"_entity":"User","name":"ada","userID":4101},{"_entity":"User","name":"ravi","userID":52,"#), outcome.output)
    }

    /// RKObjectMappingNextGenTest.m `testShouldMapACollectionOfObjectsWithDynamicKeysAndRelationships`:
    /// ravi's address, read at `(name).address`, is in Lisbon.
    func testShouldMapACollectionOfObjectsWithDynamicKeysAndRelationships() throws {
        let outcome = try mapInMemory(config: Self.config(), inputs: [("/users", Self.dynamicKeysWithRelationship)])
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"User","name":"ada","userID":4101},{"_entity":"User","name":"ravi","userID":52,"address":{"_entity":"Address","city":"Lisbon","state":"Lisbon"}}]"# + "\n")
    }

    /// RKEntityMappingTest.m `testShouldMapACollectionOfObjectsWithDynamicKeys`: with `name`
    /// as the identification attribute, each user is looked up by its key (`{name: ada}`,
    /// `{name: ravi}`): mapping the payload twice updates the same two objects.
    func testEntityIdentifiedByTheKeyIsFoundAgainByIt() throws {
        let outcome = try mapInMemory(
            config: Self.config(primaryKey: true),
            inputs: [("/users", Self.dynamicKeysWithRelationship), ("/users", Self.dynamicKeysWithRelationship)],
            options: recordsOptions())
        let records = try JSONReader.value(from: Array(outcome.output.utf8), file: "out.json")
        guard case .array(let users)? = records["User"] else { return XCTFail(outcome.output) }
        XCTAssertEqual(users.map { $0["_id"] }, [.string("User/ada"), .string("User/ravi")])
    }

    /// RKObjectMappingNextGenTest.m `testShouldMapANestedArrayOfObjectsWithDynamicKeysAndArrayRelationships`:
    /// a relationship whose target forces collection mapping maps a keyed dictionary as a
    /// to-many relationship (in the shape of RestKit's fixture `DynamicKeysWithNestedRelationship.json`).
    func testShouldMapANestedArrayOfObjectsWithDynamicKeysAndArrayRelationships() throws {
        let config = """
            {"entity_attribute_mappings": {"Group": {"name": "name"}, "User": {"(name).id": "userID"}, "Address": {"city": "city"}},
             "relationship_mappings": {"Group": {"users": {"key_path": "users", "target": "User"}},
                                       "User": {"(name).address": {"key_path": "address", "target": "Address"}}},
             "mapping_options": {"User": {"force_collection_mapping": true, "key_attribute": "name"}},
             "path_mappings": [{"uri": "/groups", "key_path": "groups", "matchers": [{"entity_name": "Group"}]}]}
            """
        let payload = """
            {"groups": [{"name": "mappers", "users": {"ada": {"id": 4101},
                                                      "ravi": {"id": 52, "address": {"city": "Lisbon"}}}}]}
            """
        let outcome = try mapInMemory(config: config, inputs: [("/groups", payload)])
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"Group","name":"mappers","users":[{"_entity":"User","name":"ada","userID":4101},{"_entity":"User","name":"ravi","userID":52,"address":{"_entity":"Address","city":"Lisbon"}}]}]"# + "\n")
    }

    /// Without the placeholder, a key path reads the one-key dictionary `{"ada": {...}}`
    /// itself, as RestKit's does: `id` finds nothing there.
    func testKeyPathWithoutThePlaceholderReadsTheOneKeyDictionary() throws {
        let outcome = try mapInMemory(config: Self.config(idKeyPath: "id"), inputs: [("/users", Self.dynamicKeysWithRelationship)])
        XCTAssertTrue(outcome.output.hasPrefix(#"[{"_entity":"User","name":"ada"},{"_entity":"User","name":"ravi","address""#), outcome.output)
    }

    /// `validate` locates the keyed values where they are: nothing the config reads is
    /// reported unread, and what it skips is named at `users.ada.website`.
    func testValidateLocatesValuesUnderTheirKeys() throws {
        let definitions = try ValidationFixtures.definitions(Self.config())
        let report = try ValidateRun(definitions: definitions, options: ValidationOptions()).validate([
            ValidationFixtures.sample("users.json", "/users", Self.dynamicKeysWithRelationship)
        ])
        let unread = report.samples[0].findings.filter { $0.kind == .unreadKey }.map(\.pointer)
        XCTAssertEqual(unread, ["/users/ada/website", "/users/ravi/website"])
    }

    // MARK: requests

    /// RKObjectParameterizationTest.m `testSerializingWithDynamicNestingAttributeWithBraces` and
    /// `…WithParentheses`: `{"ada": {"name": "ada", "job": "Hacker"}}`.
    func testSerializingWithDynamicNestingAttributeWithBracesAndParentheses() throws {
        for spelling in ["{name}", "(name)"] {
            let definitions = try requestTestDefinitions("""
                {"request_mappings": [{"uri": "/people", "class_name": "NSDictionary", "key_attribute": "name",
                  "attribute_mappings": {"name": "\(spelling).name", "occupation": "\(spelling).job"}}]}
                """)
            let builder = try RequestBodyBuilder(mapping: definitions.requestMappings[0], definitions: definitions)
            let body = try builder.body(for: requestTestValue(#"{"name": "ada", "occupation": "Hacker"}"#))
            XCTAssertEqual(body.value, ["ada": ["name": "ada", "job": "Hacker"]], spelling)
        }
    }

    /// A client object without the key attribute cannot name its body keys: a located data
    /// error (RestKit would send the placeholder itself as a key).
    func testMissingKeyAttributeIsAnInputProblem() throws {
        let definitions = try requestTestDefinitions("""
            {"request_mappings": [{"uri": "/people", "class_name": "Person", "key_attribute": "name",
              "attribute_mappings": {"occupation": "(name).job"}}]}
            """)
        let builder = try RequestBodyBuilder(mapping: definitions.requestMappings[0], definitions: definitions)
        XCTAssertThrowsError(try builder.body(for: requestTestValue(#"[{"name": 7, "occupation": "a"}, {"occupation": "b"}]"#))) { error in
            XCTAssertEqual((error as? RequestInputError)?.problems.map(\.pointer), ["/1"])
        }
        XCTAssertEqual(
            try builder.body(for: requestTestValue(#"{"name": 7, "occupation": "a"}"#)).value, ["7": ["job": "a"]])
    }

    // MARK: check

    func testCheckRejectsAKeyAttributeThatIsNotAString() throws {
        let bad = Self.config().replacingOccurrences(of: #""key_attribute": "name""#, with: #""key_attribute": 1"#)
        XCTAssertEqual(try ExtensionLint.findings(bad).filter { $0.severity == .error }.map(\.site), [
            "RM1007 c.json:4:82"
        ])
        XCTAssertEqual(try ExtensionLint.sites(Self.config()), [])
    }

    func testCheckRejectsAForceCollectionFlagThatIsNotABoolean() throws {
        let bad = Self.config().replacingOccurrences(of: "true", with: #""yes""#)
        XCTAssertEqual(try ExtensionLint.findings(bad).filter { $0.severity == .error }.map(\.site), [
            "RM1007 c.json:4:59"
        ])
    }

    func testCheckRejectsAKeyAttributeThatIsAlsoMapped() throws {
        let bad = Self.config(idKeyPath: "login")
            .replacingOccurrences(of: #""userID"}"#, with: #""name"}"#)
        XCTAssertEqual(try ExtensionLint.findings(bad).filter { $0.severity == .error }.map(\.site), [
            "RM1012 c.json:4:82"
        ])
    }

    func testCheckWarnsAboutAKeyPathThatMissesThePlaceholder() throws {
        XCTAssertEqual(try ExtensionLint.sites(Self.config(idKeyPath: "id")), [
            "RM2021 c.json:1:41"
        ])
    }

    func testCheckWarnsAboutAPlaceholderNoKeyAttributeFills() throws {
        let bad = Self.config(idKeyPath: "(login).id")
        XCTAssertEqual(try ExtensionLint.sites(bad).last,
            "RM2019 c.json:1:41")
    }

    func testCheckWarnsAboutAKeyAttributeWithoutForcedCollection() throws {
        let bad = Self.config().replacingOccurrences(of: #""force_collection_mapping": true, "#, with: "")
        XCTAssertEqual(try ExtensionLint.sites(bad), [
            "RM2018 c.json:4:48"
        ])
    }

    func testCheckWarnsAboutRequestPlaceholdersWithoutKeyAttribute() throws {
        let config = """
            {"request_mappings": [{"uri": "/people", "class_name": "Person",
              "attribute_mappings": {"occupation": "(name).job"}}]}
            """
        XCTAssertEqual(try ExtensionLint.sites(config), [
            "RM2019 c.json:2:26"
        ])
        let fixed = config.replacingOccurrences(of: #""class_name": "Person","#, with: #""class_name": "Person", "key_attribute": "name","#)
        XCTAssertEqual(try ExtensionLint.sites(fixed), [])
    }

    func testCheckRejectsAKeyAttributeThatIsNotOneAttributeName() throws {
        for name in ["", "user.name"] {
            let bad = Self.config().replacingOccurrences(of: #""key_attribute": "name""#, with: #""key_attribute": "\#(name)""#)
            XCTAssertEqual(try ExtensionLint.findings(bad).filter { $0.severity == .error }.map(\.site), ["RM1018 c.json:4:82"], name)
        }
    }

    func testCheckWarnsAboutAPlaceholderAfterTheFirstSegment() throws {
        XCTAssertEqual(try ExtensionLint.sites(Self.config(idKeyPath: "stats.(name).id")), ["RM2020 c.json:1:41"])
        XCTAssertEqual(try ExtensionLint.sites(Self.config(idKeyPath: "(name).stats.id")), [])
    }

    func testCheckWarnsAboutARequestKeyAttributeNoBodyKeyUses() throws {
        let config = """
            {"request_mappings": [{"uri": "/people", "class_name": "Person", "key_attribute": "name",
              "attribute_mappings": {"occupation": "job"}}]}
            """
        XCTAssertEqual(try ExtensionLint.sites(config), ["RM2022 c.json:1:83"])
        let used = config.replacingOccurrences(of: #""job""#, with: #""(name).job""#)
        XCTAssertEqual(try ExtensionLint.sites(used), [])
    }
}
