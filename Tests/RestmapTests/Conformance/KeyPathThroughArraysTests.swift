import XCTest
@testable import RestmapEngine

/// a path mapping's `key_path` is read with key-value coding, arrays
/// included.
final class KeyPathThroughArraysTests: XCTestCase {
    static let humanConfig = """
        {"entity_attribute_mappings": {"Human": {"id": "railsID", "name": "name"}},
         "primary_key_mappings": {"Human": ["railsID"]},
         "path_mappings": [{"uri": "/humans", "key_path": "human", "matchers": [{"entity_name": "Human"}]}]}
        """

    /// Follows RKObjectMappingNextGenTest.m `testUpdatingArrayOfExistingCats`: key path
    /// `human` over ArrayOfHumans.json maps the two humans, 201 then 202.
    func testKeyPathOverARootArrayGivesTheObjectOfEachElement() throws {
        for format in [MapOptions.OutputFormat.json, .ndjson] {
            var options = recordsOptions()
            options.format = format
            options.shape = .tree
            let outcome = try Conformance.map(
                config: Self.humanConfig, inputs: [("/humans", try RestKitFixtures.text("JSON/ArrayOfHumans.json"))], options: options)
            XCTAssertEqual(outcome.exitCode, 0, "\(format): \(outcome.diagnostics)")
            let expected = format == .json
                ? #"[{"_entity":"Human","railsID":201,"name":"Blake"},{"_entity":"Human","railsID":202,"name":"Sarah"}]"# + "\n"
                : #"{"_entity":"Human","railsID":201,"name":"Blake"}"# + "\n" + #"{"_entity":"Human","railsID":202,"name":"Sarah"}"# + "\n"
            XCTAssertEqual(outcome.output, expected, "\(format)")
        }
    }

    /// Follows RKObjectMappingNextGenTest.m `testShouldIgnoreNSNullInCollections`: `friend`
    /// over RestKit's users.json (three users, only the second with a friend) is
    /// `[null, {Anthony Stark}, null]` by key-value coding; only Anthony Stark is mapped.
    func testNullsInTheCollectionAreSkipped() throws {
        let config = """
            {"entity_attribute_mappings": {"User": {"id": "userID", "name": "name"}},
             "path_mappings": [{"uri": "/users", "key_path": "friend", "matchers": [{"entity_name": "User"}]}]}
            """
        let outcome = try Conformance.map(config: config, inputs: [("/users", try RestKitFixtures.text("JSON/users.json"))])
        XCTAssertEqual(outcome.output, #"{"User":[{"_entity":"User","_id":"User#1","userID":255,"name":"Anthony Stark"}]}"# + "\n")
        XCTAssertEqual(outcome.exitCode, 0)
    }

    /// A key path crossing two arrays (`teams.members` over teams that each hold members)
    /// reaches every member; restmap flattens what key-value coding nests (docs/restkit.md, "Where
    /// restmap differs from RestKit").
    func testKeyPathThroughNestedArraysFlattens() throws {
        let config = """
            {"entity_attribute_mappings": {"Member": {"id": "memberID"}},
             "primary_key_mappings": {"Member": ["memberID"]},
             "path_mappings": [{"uri": "/teams", "key_path": "teams.members", "matchers": [{"entity_name": "Member"}]}]}
            """
        let payload = #"{"teams": [{"members": [{"id": 1}, {"id": 2}]}, {"members": []}, {"name": "no members"}, {"members": [null, {"id": 3}]}]}"#
        let outcome = try Conformance.map(config: config, inputs: [("/teams", payload)])
        XCTAssertEqual(
            outcome.output,
            #"{"Member":[{"_entity":"Member","_id":"Member/1","memberID":1},{"_entity":"Member","_id":"Member/2","memberID":2},{"_entity":"Member","_id":"Member/3","memberID":3}]}"#
                + "\n")
    }

    /// Follows RKObjectMappingNextGenTest.m
    /// `testThatAnErrorIsSetWithAHelpfulDescriptionWhenNoKeyPathsMatchTheArrayOfObjectsRepresentationBeingMapped`:
    /// an array whose elements all lack the key is not found, exit 1.
    func testArrayWhoseElementsAllLackTheKeyIsNotFound() throws {
        let outcome = try Conformance.map(config: Self.humanConfig, inputs: [("/humans", #"[{"this": 1}, {"that": 2}]"#)])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertTrue(
            outcome.diagnostics.contains { $0.contains("no mappable object representations were found at the key paths searched (human)") },
            "\(outcome.diagnostics)")
    }

    /// Streaming follows the key path as key-value coding does: an array met halfway hands
    /// out its elements with the keys still to apply.
    func testStreamingFansOutOverAnArrayMetHalfway() throws {
        let reader = JSONStreamReader(source: MemoryByteSource(#"{"teams": [{"members": [1]}, {"x": 2}]}"#, name: "in.json"), chunkSize: 5)
        var seen: [(Value, [String])] = []
        let outcome = try reader.streamElements(at: ["teams", "members"], members: ["id"]) {
            seen.append(($0.value, $0.remainingKeyPath))
        }
        XCTAssertEqual(outcome, .array(count: 2))
        XCTAssertEqual(seen.map(\.0), [["members": [1]], ["x": 2]], "whole elements: the member filter does not apply")
        XCTAssertEqual(seen.map(\.1), [["members"], ["members"]])
    }
}
