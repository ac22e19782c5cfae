import XCTest
@testable import RestmapEngine

/// `@parent` and `@root` key paths identify a nested object by a value of
/// the object enclosing it, or of the top-level representation.
///
/// RestKit's tests map the friends with a second mapping of the entity Human and find the
/// existing "Jeff Arena" whose houseID matches among two. A RestKitMapper config maps an
/// entity once, so here friends are the entity Friend, the two existing Jeffs come from
/// earlier inputs of the same run (of houses 99999 and the tested one), and Blake's friend
/// must resolve to the Jeff of his house, no third Jeff being created.
final class ParentAndRootKeyPathTests: XCTestCase {
    func config(houseKeyPath: String, friendsSource: String, humanHouse: String) -> String {
        """
        {"entity_attribute_mappings": {
            "Human": {"name": "name", "\(humanHouse)": "houseID"},
            "Friend": {"name": "name", "\(houseKeyPath)": "houseID"}},
         "primary_key_mappings": {"Friend": ["houseID", "name"]},
         "relationship_mappings": {"Human": {"\(friendsSource)": {"target": "Friend", "key_path": "friends"}}},
         "path_mappings": [{"uri": "/humans", "matchers": [{"entity_name": "Human"}]}]}
        """
    }

    func assertFriendIsTheSecondJeff(
        _ config: String, representation: String, house: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        func input(_ name: String, _ house: Int) -> (String?, String) {
            ("/humans", representation.replacingOccurrences(of: "NAME", with: name).replacingOccurrences(of: "HOUSE", with: String(house)))
        }
        let outcome = try Conformance.map(
            config: config, inputs: [input("Firstjeff Owner", 99999), input("Secondjeff Owner", house), input("Blake Watters", house)])
        XCTAssertEqual(outcome.exitCode, 0, "\(outcome.diagnostics)", file: file, line: line)
        XCTAssertTrue(
            outcome.output.contains(#""name":"Blake Watters","houseID":\#(house),"friends":["Friend/\#(house),Jeff Arena"]"#),
            outcome.output, file: file, line: line)
        XCTAssertTrue(
            outcome.output.contains(#""Friend":[{"_entity":"Friend","_id":"Friend/99999,Jeff Arena","#), outcome.output,
            file: file, line: line)
        XCTAssertEqual(
            outcome.output.components(separatedBy: #""_entity":"Friend""#).count - 1, 2,
            "no third Friend is created: \(outcome.output)", file: file, line: line)
        XCTAssertEqual(try Conformance.warnings(config), [], file: file, line: line)
    }

    /// Follows RKObjectMappingNextGenTest.m `testIdentifyingNestedObjectsUsingParentRepresentationTraversal`.
    func testParentRepresentationTraversal() throws {
        try assertFriendIsTheSecondJeff(
            config(houseKeyPath: "@parent.house_id", friendsSource: "friends", humanHouse: "house_id"),
            representation: #"{"name": "NAME", "house_id": HOUSE, "friends": [{"name": "Jeff Arena"}]}"#,
            house: 23456)
    }

    /// Follows RKObjectMappingNextGenTest.m
    /// `testIdentifyingNestedObjectsUsingDeeplyNestedParentRepresentationTraversal`: with the
    /// relationship at `people.friends`, `@parent` is the `people` dictionary and
    /// `@parent.@parent` the human.
    func testDeeplyNestedParentRepresentationTraversal() throws {
        try assertFriendIsTheSecondJeff(
            config(houseKeyPath: "@parent.@parent.house.house_id", friendsSource: "people.friends", humanHouse: "house.house_id"),
            representation: #"{"name": "NAME", "house": {"house_id": HOUSE}, "people": {"friends": [{"name": "Jeff Arena"}]}}"#,
            house: 34567)
    }

    /// Follows RKObjectMappingNextGenTest.m `testIdentifyingNestedObjectsUsingRootRepresentation`.
    func testRootRepresentation() throws {
        try assertFriendIsTheSecondJeff(
            config(houseKeyPath: "@root.house_id", friendsSource: "people.friends", humanHouse: "house_id"),
            representation: #"{"name": "NAME", "house_id": HOUSE, "people": {"friends": [{"name": "Jeff Arena"}]}}"#,
            house: 45678)
    }

    /// `@root` is the element of the top-level collection being mapped, not the document
    /// (RKMapperOperation hands each element to its own mapping operation as the root).
    func testRootIsTheTopLevelElement() throws {
        let config = """
            {"entity_attribute_mappings": {"Human": {"name": "name"}, "Cat": {"name": "name", "@root.name": "ownerName", "@parent": "owner"}},
             "relationship_mappings": {"Human": {"cats": {"target": "Cat", "key_path": "cats"}}},
             "path_mappings": [{"uri": "/humans", "key_path": "humans", "matchers": [{"entity_name": "Human"}]}]}
            """
        var options = recordsOptions()
        options.shape = .tree
        let outcome = try Conformance.map(
            config: config,
            inputs: [("/humans", #"{"name": "document", "humans": [{"name": "Blake", "cats": [{"name": "Asia"}]}]}"#)],
            options: options)
        XCTAssertEqual(
            outcome.output,
            #"[{"_entity":"Human","name":"Blake","cats":[{"_entity":"Cat","name":"Asia","ownerName":"Blake","owner":{"name":"Blake","cats":[{"name":"Asia"}]}}]}]"#
                + "\n")
    }

    /// A pseudo key is honoured only at the start of an attribute or relationship key path;
    /// elsewhere, and any other `@key`, is a located check warning.
    func testMisplacedAndUnknownAtKeysAreCheckWarnings() throws {
        func warnings(attribute: String, matcherKeyPath: String = "type") throws -> [String] {
            try Conformance.warnings(
                """
                {"entity_attribute_mappings": {"A": {"\(attribute)": "value"}},
                 "path_mappings": [{"uri": "/a", "matchers": [{"key_path": "\(matcherKeyPath)", "expected_value": "a", "entity_name": "A"}]}]}
                """)
        }
        for failing in ["@something", "user.@parent.id", "@self.id"] {
            let found = try warnings(attribute: failing)
            XCTAssertEqual(found.count, 1, "\(failing): \(found)")
            XCTAssertTrue(found[0].hasPrefix("config.json:1:"), found[0])
        }
        let inMatcher = try warnings(attribute: "id", matcherKeyPath: "@parent.type")
        XCTAssertEqual(inMatcher.count, 1, "\(inMatcher)")
        XCTAssertTrue(inMatcher[0].contains("not in a matcher's key_path"), inMatcher[0])
        for passing in ["@parent.id", "@parent.@parent.id", "@root.id", "tags.@count", "@count", "items.@sum.price"] {
            XCTAssertEqual(try warnings(attribute: passing), [], passing)
        }
    }

    /// An unbalanced placeholder is a located check warning; a balanced one is not.
    func testUnbalancedPlaceholdersAreCheckWarnings() throws {
        func warnings(_ source: String) throws -> [String] {
            try Conformance.warnings(
                #"{"entity_attribute_mappings": {"A": {"\#(source)": "value"}}, "path_mappings": [{"uri": "/a", "matchers": [{"entity_name": "A"}]}]}"#)
        }
        // A balanced placeholder without a key_attribute to fill it has a warning of its own
        // (RM2019, the keyed-dictionary extension); only the key-path warnings count here.
        func keyPathWarnings(_ source: String) throws -> [String] {
            try warnings(source).filter { $0.contains("key path '") }
        }
        for failing in ["(name.id", "name).id", "{name.id", "((name)).id"] {
            let found = try keyPathWarnings(failing)
            XCTAssertEqual(found.count, 1, "\(failing): \(found)")
            XCTAssertTrue(found[0].contains("placeholder"), found[0])
        }
        for passing in ["(name).id", "{name}.id"] {
            XCTAssertEqual(try keyPathWarnings(passing), [], passing)
        }
    }

    /// Request mappings read the client object with plain key-value coding: a pseudo key
    /// there is a located check warning; a plain key path is not.
    func testPseudoKeysInRequestMappingsAreCheckWarnings() throws {
        func warnings(_ source: String) throws -> [String] {
            try Conformance.warnings(
                #"{"request_mappings": [{"uri": "/users", "class_name": "User", "attribute_mappings": {"\#(source)": "value"}}]}"#)
        }
        let failing = try warnings("@root.name")
        XCTAssertEqual(failing.count, 1, "\(failing)")
        XCTAssertTrue(failing[0].contains("not in a request mapping's source"), failing[0])
        XCTAssertEqual(try warnings("profile.name"), [])
    }
}
