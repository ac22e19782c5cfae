import XCTest
@testable import RestmapEngine
import RestmapReports

/// `entity_attribute_types` (SPEC §1.6): declared types with where each was written,
/// unknown type names reported with a suggestion, and the type `describe` prints after
/// each attribute.
final class EntityAttributeTypesSectionTests: XCTestCase {
    typealias C = ConfigText

    static let config = """
        {"entity_attribute_mappings": {"User": {"id": "userID", "born": "birthday", "score": "score"}},
         "entity_attribute_types": {"User": {"userID": "Integer 32", "birthday": "date",
           "score": "dubble", "flag": 3},
          "Usr": {"userID": "string"}}}
        """

    func testReaderStoresKnownTypesWithTheirLocations() throws {
        let (definitions, _) = try C.load(Self.config)
        let user = try XCTUnwrap(definitions.entity(named: "User"))
        XCTAssertEqual(user.attributeTypes, ["userID": .integer32, "birthday": .date])
        XCTAssertEqual(user.attributeTypeLocations.mapValues(\.description), [
            "userID": "config.json:2:48", "birthday": "config.json:2:74",
        ])
    }

    func testFindingsForAnUnknownTypeAWrongTypedNameAndAnUndefinedEntity() throws {
        let (_, log) = try C.load(Self.config)
        SectionFinding.assert(log, [
            SectionFinding(.error, .configUnknownType, "config.json:3:13", "unknown type 'dubble' for entity_attribute_types.User.score; did you mean 'double'?"),
            SectionFinding(.error, .configWrongType, "config.json:3:31", "entity_attribute_types.User.flag must be a type name"),
            SectionFinding(.error, .lintUndefinedEntity, "config.json:4:3", "entity_attribute_types names entity 'Usr'"),
        ])
    }

    func testDescribeShowsTheTypeAfterTheAttribute() throws {
        let (definitions, _) = try C.load(Self.config)
        let user = try XCTUnwrap(definitions.entity(named: "User"))
        let detail = try XCTUnwrap(EntityAttributeTypesSection.descriptor.summary.attributeDetail)
        XCTAssertEqual(user.attributes.map { detail(user, $0) }, [" : integer (32-bit)", " : date", nil])
        let text = DefinitionsSummary().render(definitions)
        XCTAssertTrue(text.contains("\n    id -> userID : integer (32-bit)\n    born -> birthday : date\n    score -> score\n"), text)
    }

    func testTheTypeComesBeforeAValueMappingNote() throws {
        let definitions = try C.definitions("""
            {"entity_attribute_mappings": {"User": {"level": "level"}},
             "value_mappings": {"User": {"level": {"low": 1, "high": 2}}},
             "entity_attribute_types": {"User": {"level": "integer"}}}
            """)
        XCTAssertTrue(DefinitionsSummary().render(definitions).contains("\n    level -> level : integer  (value mapping)\n"))
    }
}
