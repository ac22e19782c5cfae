import XCTest
@testable import RestmapEngine

/// connections (`fk_mapping`) as RKRelationshipConnectionOperation makes
/// them.
final class ConnectionConformanceTests: XCTestCase {
    /// Humans and cats of one run, the human connected to its cats by `sex` (and, for
    /// compound connections, `name`).
    func config(connectedBy pairs: String, catsKeyPathIsPrimaryKey: Bool = false) -> String {
        """
        {"entity_attribute_mappings": {
            "Human": {"id": "railsID", "name": "name", "sex": "sex"},
            "Cat": {"id": "railsID", "name": "name", "sex": "sex"}},
         "primary_key_mappings": {"Human": ["railsID"], "Cat": ["railsID"]},
         "relationship_mappings": {"Human": {"cats": {"target": "Cat", "key_path": "cats", "fk_mapping": {\(pairs)}}}},
         "path_mappings": [
            {"uri": "/humans", "matchers": [{"entity_name": "Human"}]},
            {"uri": "/cats", "matchers": [{"entity_name": "Cat"}]}]}
        """
    }

    func humanRecord(_ outcome: MapOutcome) -> String {
        outcome.output.components(separatedBy: #""Cat":["#)[0]
    }

    /// Follows RKRelationshipConnectionOperationTest.m `testSuccessfulConnectionOfToManyRelationship`:
    /// a female human connected by `sex` gets both female cats (Asia, Lola), not Roy. With
    /// the model saying `cats` is to-many, `check --model` accepts the single-valued source.
    func testSingleValuedSourceOnAToManyConnectsEveryMatch() throws {
        let config = config(connectedBy: #""sex": "sex""#)
        let model = try Conformance.humanModel()
        XCTAssertEqual(try Conformance.check(config, model: model).filter { $0.contains("error:") }, [])
        let cats = #"[{"id": 1, "name": "Asia", "sex": "female"}, {"id": 2, "name": "Lola", "sex": "female"}, {"id": 3, "name": "Roy", "sex": "male"}]"#
        for model in [Conformance.humanModelContents, nil] {
            let outcome = try Conformance.map(
                config: config, inputs: [("/cats", cats), ("/humans", #"{"id": 9, "name": "Kim", "sex": "female"}"#)], model: model)
            XCTAssertTrue(humanRecord(outcome).contains(#""cats":["Cat/1","Cat/2"]"#), "model: \(model != nil): \(outcome.output)")
        }
    }

    /// Follows RKManagedObjectMappingOperationDataSourceTest.m
    /// `testShouldConnectRelationshipsByPrimaryKeyReverse`: the cat Asia (railsID 31340)
    /// connected by `{railsID: favoriteCatID}` is the favorite of both Blake and Jeremy.
    /// Without a model, a target attribute that is not the target's primary key makes the
    /// connection to-many.
    func testOneToManyBackReferenceWithoutModel() throws {
        let config = """
            {"entity_attribute_mappings": {
                "Human": {"id": "railsID", "name": "name", "favorite_cat_id": "favoriteCatID"},
                "Cat": {"id": "railsID", "name": "name"}},
             "primary_key_mappings": {"Human": ["railsID"], "Cat": ["railsID"]},
             "relationship_mappings": {"Cat": {"favorites": {"target": "Human", "key_path": "favoriteOfHumans", "fk_mapping": {"railsID": "favoriteCatID"}}}},
             "path_mappings": [
                {"uri": "/humans", "matchers": [{"entity_name": "Human"}]},
                {"uri": "/cats", "matchers": [{"entity_name": "Cat"}]}]}
            """
        let humans = #"[{"id": 1, "name": "Blake", "favorite_cat_id": 31340}, {"id": 2, "name": "Jeremy", "favorite_cat_id": 31340}, {"id": 3, "name": "Other", "favorite_cat_id": 1}]"#
        let outcome = try Conformance.map(config: config, inputs: [("/humans", humans), ("/cats", #"{"name": "Asia", "id": 31340}"#)])
        XCTAssertTrue(
            outcome.output.contains(#"{"_entity":"Cat","_id":"Cat/31340","railsID":31340,"name":"Asia","favoriteOfHumans":["Human/1","Human/2"]}"#),
            outcome.output)
    }

    /// Follows RKRelationshipConnectionOperationTest.m
    /// `testConnectionOfOptionalRelationshipIsEvaluatedWhenAtLeastOneAttributeEvaluatesToNonNil`:
    /// a female human without a name, connected by `(sex, name)`, gets Lola (female, no
    /// name), not Asia (female, "Asia").
    func testCompoundSourceWithANullPartMatchesNull() throws {
        let cats = #"[{"id": 1, "name": "Asia", "sex": "female"}, {"id": 2, "name": null, "sex": "female"}, {"id": 3, "sex": "female"}]"#
        for human in [#"{"id": 9, "sex": "female", "name": null}"#, #"{"id": 9, "sex": "female"}"#] {
            let outcome = try Conformance.map(
                config: config(connectedBy: #""sex": "sex", "name": "name""#), inputs: [("/cats", cats), ("/humans", human)])
            XCTAssertTrue(humanRecord(outcome).contains(#""cats":["Cat/2","Cat/3"]"#), "\(human): \(outcome.output)")
        }
    }

    /// Follows RKRelationshipConnectionOperationTest.m
    /// `testConnectionOfOptionalRelationshipIsSkippedWhenAllAttributesEvaluateToNil`: with
    /// every source attribute null the connection is skipped; within a run the
    /// relationship stays unset.
    func testAllNullSourceSkipsTheConnection() throws {
        let cats = #"[{"id": 2, "name": null, "sex": null}]"#
        let outcome = try Conformance.map(
            config: config(connectedBy: #""sex": "sex", "name": "name""#),
            inputs: [("/cats", cats), ("/humans", #"{"id": 9, "sex": null, "name": null}"#)])
        XCTAssertTrue(humanRecord(outcome).contains(#"{"_entity":"Human","_id":"Human/9","railsID":9,"name":null,"sex":null}"#), outcome.output)
    }
}
