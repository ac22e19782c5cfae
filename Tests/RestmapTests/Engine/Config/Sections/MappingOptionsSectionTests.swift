import XCTest
@testable import RestmapEngine
import RestmapReports

/// `mapping_options` (SPEC §1.7): what its reader stores per entity, what it reports, and
/// the `options:` line `describe` prints.
final class MappingOptionsSectionTests: XCTestCase {
    typealias C = ConfigText

    static let config = """
        {"entity_attribute_mappings": {"User": {"id": "userID"}, "Team": {"id": "teamID"}},
         "mapping_options": {"User": {"set_nil_for_missing_attributes": true,
           "set_nil_for_missing_relationships": "yes", "set_nil_for_missing_atributes": false},
          "Team": {"set_nil_for_missing_relationships": true},
          "Usr": {"set_nil_for_missing_attributes": true}}}
        """

    func testReaderSetsEachEntitysFlagsAndSkipsAWrongTypedOne() throws {
        let (definitions, _) = try C.load(Self.config)
        let user = try XCTUnwrap(definitions.entity(named: "User")).options
        XCTAssertTrue(user.setNilForMissingAttributes)
        XCTAssertFalse(user.setNilForMissingRelationships, "\"yes\" is not a boolean: the option keeps its default")
        let team = try XCTUnwrap(definitions.entity(named: "Team")).options
        XCTAssertFalse(team.setNilForMissingAttributes)
        XCTAssertTrue(team.setNilForMissingRelationships)
        XCTAssertNil(definitions.entity(named: "Usr"))
    }

    func testFindingsPointAtTheMisspelledKeyTheValueAndTheUndefinedEntity() throws {
        let (_, log) = try C.load(Self.config)
        SectionFinding.assert(log, [
            SectionFinding(.warning, .configUnknownKey, "config.json:3:48", "did you mean 'set_nil_for_missing_attributes'?"),
            SectionFinding(.error, .configWrongType, "config.json:3:41", "mapping_options.User.set_nil_for_missing_relationships must be a boolean"),
            SectionFinding(.error, .lintUndefinedEntity, "config.json:5:3", "mapping_options names entity 'Usr'"),
        ])
    }

    func testDescribeListsTheOptionsUnderTheirEntity() throws {
        let (definitions, _) = try C.load(Self.config)
        let lines = MappingOptionsSection.descriptor.summary.entityLines
        XCTAssertEqual(lines?(try XCTUnwrap(definitions.entity(named: "User"))), ["    options: missing attributes set to null"])
        XCTAssertEqual(lines?(try XCTUnwrap(definitions.entity(named: "Team"))), ["    options: missing relationships cleared"])
        let text = DefinitionsSummary().render(definitions)
        XCTAssertTrue(text.contains("  User  (no primary key: every representation is a new object)\n    id -> userID\n    options: missing attributes set to null\n"), text)
    }

    func testAnEntityWithoutOptionsAddsNoLine() throws {
        let definitions = try C.definitions(#"{"entity_attribute_mappings": {"User": {"id": "userID"}}}"#)
        XCTAssertEqual(MappingOptionsSection.descriptor.summary.entityLines?(definitions.entities[0]), [])
    }
}
