import XCTest
@testable import RestmapEngine
import RestmapReports

/// a relationship entry with `matchers` maps each related
/// representation with the entity its matchers choose (RestKit's `RKDynamicMapping` as a
/// relationship's mapping).
final class RelationshipMatchersTests: XCTestCase {
    /// A boy with a boy and a girl as friends, in the shape of RestKit's fixture
    /// `Tests/Fixtures/JSON/Dynamic/friends.json`.
    static let friends = """
        {"name": "Ada Lovelace", "type": "Boy",
         "friends": [{"name": "Ben Okafor", "type": "Boy"}, {"name": "Cleo Park", "type": "Girl"}]}
        """

    /// Boy and Girl, with Boy's `friends` chosen by `matchers` (RestKit's dynamic mapping of
    /// the two tests below); `friendMatchers` is the JSON of that matcher list.
    static func config(friendMatchers: String) -> String {
        """
        {"entity_attribute_mappings": {"Boy": {"name": "name"}, "Girl": {"name": "name"}},
         "relationship_mappings": {"Boy": {"friends": {"key_path": "friends", "matchers": \(friendMatchers)}}},
         "path_mappings": [{"uri": "/friends", "matchers": [{"key_path": "type", "expected_value": "Boy", "entity_name": "Boy"}]}]}
        """
    }

    static let boyAndGirl = """
        [{"key_path": "type", "expected_value": "Boy", "entity_name": "Boy"},
         {"key_path": "type", "expected_value": "Girl", "entity_name": "Girl"}]
        """

    /// RKObjectMappingNextGenTest.m `testShouldMapARelationshipDynamically`: Ada's friends
    /// are a Boy (Ben Okafor) and a Girl (Cleo Park), in payload order.
    func testShouldMapARelationshipDynamically() throws {
        let outcome = try mapInMemory(config: Self.config(friendMatchers: Self.boyAndGirl), inputs: [("/friends", Self.friends)])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"Boy","name":"Ada Lovelace","friends":[{"_entity":"Boy","name":"Ben Okafor"},{"_entity":"Girl","name":"Cleo Park"}]}]"# + "\n")
    }

    /// RKObjectMappingNextGenTest.m
    /// `testShouldBeAbleToDeclineMappingObjectsInARelationshipByReturningANilObjectMapping`: the
    /// dynamic mapping returns nil for girls, so Ada has one friend, Ben Okafor, a Boy.
    func testShouldBeAbleToDeclineMappingObjectsInARelationshipByReturningANilObjectMapping() throws {
        let onlyBoys = #"[{"key_path": "type", "expected_value": "Boy", "entity_name": "Boy"}]"#
        let outcome = try mapInMemory(config: Self.config(friendMatchers: onlyBoys), inputs: [("/friends", Self.friends)])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"Boy","name":"Ada Lovelace","friends":[{"_entity":"Boy","name":"Ben Okafor"}]}]"# + "\n")
        XCTAssertEqual(outcome.diagnostics, [], "RestKit declines without a word; map does too")
    }

    /// A fallback matcher takes what no keyed matcher does, as in path mappings; a plain-object
    /// fallback maps a dictionary with its own attribute mappings.
    func testFallbackMatchersTakeTheRest() throws {
        let matchers = """
            [{"key_path": "type", "expected_value": "Boy", "entity_name": "Boy"},
             {"class_name": "Pet", "attribute_mappings": {"name": "petName"}}]
            """
        let payload = #"{"name": "Blake", "type": "Boy", "friends": [{"name": "Rex", "type": "Dog"}, {"name": "Tom", "type": "Boy"}]}"#
        let outcome = try mapInMemory(config: Self.config(friendMatchers: matchers), inputs: [("/friends", payload)])
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"Boy","name":"Blake","friends":[{"_entity":"Pet","petName":"Rex"},{"_entity":"Boy","name":"Tom"}]}]"# + "\n")
    }

    /// A to-one related object no matcher takes leaves the relationship unset.
    func testDeclinedToOneObjectLeavesTheRelationshipUnset() throws {
        let onlyGirls = #"[{"key_path": "type", "expected_value": "Girl", "entity_name": "Girl"}]"#
        let payload = #"{"name": "Blake", "type": "Boy", "friends": {"name": "John", "type": "Boy"}}"#
        let outcome = try mapInMemory(config: Self.config(friendMatchers: onlyGirls), inputs: [("/friends", payload)])
        XCTAssertEqual(outcome.output, #"[{"_entity":"Boy","name":"Blake"}]"# + "\n")
    }

    /// `validate` reports what RestKit drops silently, at the declined object.
    func testValidateReportsARelatedObjectNoMatcherTakes() throws {
        let onlyBoys = #"[{"key_path": "type", "expected_value": "Boy", "entity_name": "Boy"}]"#
        let definitions = try ValidationFixtures.definitions(Self.config(friendMatchers: onlyBoys))
        let report = try ValidateRun(definitions: definitions, options: ValidationOptions()).validate([
            ValidationFixtures.sample("friends.json", "/friends", Self.friends)
        ])
        let declined = report.samples[0].findings.filter { $0.code == .declinedRelatedObject }
        XCTAssertEqual(declined.map(\.kind), [.unmatchedObject], "reported under the kind of objects no matcher takes")
        XCTAssertEqual(declined.map(\.message), [
            #"no matcher of relationship 'friends' of Boy takes this object; it is left out (matchers expect type = "Boy")"#
        ])
        XCTAssertEqual(declined.first?.pointer, "/friends/1")
        XCTAssertTrue(report.passed, "a declined object is a warning")
    }

    /// `describe` lists a polymorphic relationship's matchers.
    func testDescribeListsTheRelationshipsMatchers() throws {
        let definitions = try ValidationFixtures.definitions(Self.config(friendMatchers: Self.boyAndGirl))
        let text = DefinitionsSummary().render(definitions)
        XCTAssertTrue(text.contains("""
                friends => chosen by matchers, nested at friends
                  when type == "Boy" -> Boy
                  when type == "Girl" -> Girl
            """), text)
    }

    // MARK: check

    func testCheckRejectsAMatcherNamingAnUndefinedEntity() throws {
        let bad = #"[{"key_path": "type", "expected_value": "Girl", "entity_name": "Gril"}]"#
        XCTAssertEqual(try ExtensionLint.sites(Self.config(friendMatchers: bad)), [
            "RM2001 c.json:2:146"
        ])
        XCTAssertEqual(try ExtensionLint.sites(Self.config(friendMatchers: Self.boyAndGirl)), [])
    }

    func testCheckRejectsMatchersThatAreNotAnArray() throws {
        let sites = try ExtensionLint.sites(Self.config(friendMatchers: #""Boy""#))
        XCTAssertEqual(sites.first, "RM1007 c.json:2:83")
    }

    func testCheckRejectsMatchersOnAConnection() throws {
        let config = """
            {"entity_attribute_mappings": {"Boy": {"name": "name", "best": "bestName"}, "Girl": {"name": "name"}},
             "relationship_mappings": {"Boy": {"best": {"key_path": "best", "fk_mapping": {"bestName": "name"},
                "matchers": [{"entity_name": "Girl"}]}}}}
            """
        XCTAssertEqual(try ExtensionLint.findings(config).filter { $0.severity == .error }.map(\.site), [
            "RM2016 c.json:2:36"
        ])
        let withoutMatchers = config.replacingOccurrences(of: #","# + "\n" + #"    "matchers": [{"entity_name": "Girl"}]"#, with: #", "target": "Girl""#)
        XCTAssertEqual(try ExtensionLint.findings(withoutMatchers).filter { $0.severity == .error }.count, 0, withoutMatchers)
    }

    func testCheckWarnsAboutSeveralFallbacks() throws {
        let two = #"[{"entity_name": "Girl"}, {"entity_name": "Boy"}]"#
        XCTAssertEqual(try ExtensionLint.sites(Self.config(friendMatchers: two)), [
            "RM2017 c.json:2:84"
        ])
        XCTAssertEqual(try ExtensionLint.sites(Self.config(friendMatchers: #"[{"entity_name": "Girl"}]"#)), [])
    }

    /// With `--model`, every entity a relationship's matchers can choose must be the
    /// relationship's destination or one of its subentities (a polymorphic Core Data
    /// relationship points at the common parent).
    func testCheckWithAModelRejectsAMatcherEntityOutsideTheDestination() throws {
        let model = try CoreDataFixture.parse(CoreDataFixture.document("""
            <entity name="Person" isAbstract="YES"><attribute name="name" attributeType="String"/></entity>
            <entity name="Boy" parentEntity="Person">
                <relationship name="friends" toMany="YES" destinationEntity="Person"/>
            </entity>
            <entity name="Girl" parentEntity="Person"/>
            <entity name="Dog"><attribute name="name" attributeType="String"/></entity>
            """))
        func errors(_ matchers: String) throws -> [String] {
            let config = Self.config(friendMatchers: matchers)
                .replacingOccurrences(of: #""Girl": {"name": "name"}"#, with: #""Girl": {"name": "name"}, "Dog": {"name": "name"}"#)
            let log = DiagnosticLog()
            _ = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "c.json", model: model)
            return log.diagnostics.filter { $0.severity == .error }.map(\.site)
        }
        XCTAssertEqual(try errors(Self.boyAndGirl), [])
        let withDog = #"[{"key_path": "type", "expected_value": "Boy", "entity_name": "Boy"}, {"entity_name": "Dog"}]"#
        XCTAssertEqual(try errors(withDog), [
            "RM2107 c.json:2:153"
        ])
    }

    func testCheckRejectsAnEmptyMatcherList() throws {
        XCTAssertEqual(try ExtensionLint.sites(Self.config(friendMatchers: "[]")), ["RM1013 c.json:2:83", "RM1010 c.json:2:36"])
    }
}
