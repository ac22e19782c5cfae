import XCTest
@testable import RestmapEngine
import RestmapReports

/// `value_mappings` (SPEC §1.7): its reader builds one `ValueMapping` per attribute, located
/// at the attribute's key; its lint rule catches tables for attributes the entity does not
/// map; `describe` marks mapped attributes.
final class ValueMappingsSectionTests: XCTestCase {
    typealias C = ConfigText

    static let config = """
        {"entity_attribute_mappings": {"User": {"id": "userID", "state": "state", "role": "role"}},
         "value_mappings": {"User": {
           "state": {"A": "active", "1": "admin", "_default": "other", "X": [1]},
           "stat": {"B": "blocked"},
           "role": "admin"}}}
        """

    func testReaderBuildsALocatedValueMappingPerAttribute() throws {
        let (definitions, _) = try C.load(Self.config)
        let tables = try XCTUnwrap(definitions.entity(named: "User")).valueMappings
        XCTAssertEqual(tables.keys.sorted(), ["stat", "state"], "'role' is not a table, so it is not read")
        let state = try XCTUnwrap(tables["state"])
        XCTAssertEqual(state.location.description, "config.json:3:4")
        XCTAssertEqual(state.value, ValueMapping(cases: [(input: "A", output: "active"), (input: "1", output: "admin")], fallback: "other"))
        XCTAssertEqual(state.value.map("A"), "active")
        XCTAssertEqual(state.value.map(.number("1.0")), "admin", "inputs match as matchers compare")
        XCTAssertEqual(state.value.map(.null), "other")
        XCTAssertEqual(state.value.map("X"), "other", "the wrong-typed output was dropped, so X takes the default")
    }

    func testFindingsInReadingThenLintOrder() throws {
        let (_, log) = try C.load(Self.config)
        SectionFinding.assert(log, [
            SectionFinding(.error, .configWrongType, "config.json:3:69", "value_mappings.User.state.X must be a string, number or boolean"),
            SectionFinding(.error, .configWrongType, "config.json:5:12", "value_mappings.User.role must be a dictionary of input to output"),
            SectionFinding(.warning, .lintUnknownMappedAttribute, "config.json:4:4", "value_mappings.User names 'stat'"),
        ])
        XCTAssertTrue(log.diagnostics[2].message.contains("did you mean 'state'?"), log.diagnostics[2].message)
    }

    func testDescribeMarksMappedAttributesOnly() throws {
        let (definitions, _) = try C.load(Self.config)
        let user = try XCTUnwrap(definitions.entity(named: "User"))
        let note = try XCTUnwrap(ValueMappingsSection.descriptor.summary.attributeNote)
        XCTAssertEqual(user.attributes.map { note(user, $0) }, [nil, "  (value mapping)", nil])
        let text = DefinitionsSummary().render(definitions)
        XCTAssertTrue(text.contains("\n    state -> state  (value mapping)\n    role -> role\n"), text)
    }
}
