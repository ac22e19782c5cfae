import XCTest
@testable import RestmapEngine

/// nulls.
final class NullConformanceTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {"Human": {"id": "railsID", "name": "name"}, "Cat": {"id": "railsID", "name": "name"}},
         "primary_key_mappings": {"Human": ["railsID"], "Cat": ["railsID"]},
         "relationship_mappings": {"Human": {"cats": {"target": "Cat", "key_path": "cats"}}},
         "path_mappings": [{"uri": "/humans", "matchers": [{"entity_name": "Human"}]}]}
        """

    /// Follows RKEntityMappingTest.m
    /// `testThatMappingAnNullArrayOnToAnExistingToManyRelationshipDisassociatesTheRelatedObjects`:
    /// Blake has Asia and Roy; `"cats": null` leaves him with no cats, an empty collection.
    func testNullForAToManyRelationshipKnownFromTheModelEmptiesIt() throws {
        let first = #"{"id": 1, "name": "Blake", "cats": [{"id": 2, "name": "Asia"}, {"id": 3, "name": "Roy"}]}"#
        let second = #"{"id": 1, "name": "Blake Watters", "cats": null}"#
        let outcome = try Conformance.map(
            config: Self.config, inputs: [("/humans", first), ("/humans", second)], model: Conformance.humanModelContents)
        XCTAssertTrue(
            outcome.output.contains(#"{"_entity":"Human","_id":"Human/1","railsID":1,"name":"Blake Watters","cats":[]}"#),
            outcome.output)
        // Without a model the relationship's kind is unknown: null stays null.
        let untyped = try Conformance.map(config: Self.config, inputs: [("/humans", second)])
        XCTAssertTrue(untyped.output.contains(#""cats":null"#), untyped.output)
    }

    /// Follows RKObjectParameterizationTest.m
    /// `testSerializingOmitsNullAttributesWhenAssignsDefaultValueForMissingAttributesIsFalse`:
    /// `{name: "Blake Watters", website: nil}` serializes to `{"name": "Blake Watters"}`.
    func testOmitMissingLeavesOutNullValues() throws {
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(
            configBytes: Array(
                #"{"request_mappings": [{"uri": "/users", "class_name": "User", "attribute_mappings": {"name": "name", "website": "website"}}]}"#
                    .utf8), file: "config.json")
        let mapping = definitions.requestMappings[0]
        let object = ValueObject([("name", .string("Blake Watters")), ("website", .null)])
        var problems: [RequestInputProblem] = []
        let omitting = try RequestBodyBuilder(mapping: mapping, definitions: definitions, omitMissing: true)
        XCTAssertEqual(omitting.parameters(for: object, pointer: "", problems: &problems), ValueObject([("name", .string("Blake Watters"))]))
        // Assigning defaults (the default for request mappings), the null is written.
        let writing = try RequestBodyBuilder(mapping: mapping, definitions: definitions)
        XCTAssertEqual(
            writing.parameters(for: object, pointer: "", problems: &problems),
            ValueObject([("name", .string("Blake Watters")), ("website", .null)]))
        XCTAssertTrue(problems.isEmpty)
    }
}
