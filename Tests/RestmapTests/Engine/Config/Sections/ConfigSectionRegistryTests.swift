import XCTest
@testable import RestmapEngine

/// The registry of config sections: the one list the loader, the linter and `describe`
/// walk. A section missing from it would be reported as unknown and never read.
final class ConfigSectionRegistryTests: XCTestCase {
    typealias C = ConfigText

    func testEverySectionHasExactlyOneDescriptorInDeclarationOrder() {
        let registry = ConfigSection.registry
        XCTAssertEqual(registry.map(\.section), ConfigSection.allCases)
        XCTAssertEqual(registry.map(\.key), ConfigSection.names)
        XCTAssertEqual(Set(registry.map(\.key)).count, registry.count, "two descriptors share a key")
        for section in ConfigSection.allCases {
            XCTAssertEqual(section.descriptor.section, section, "\(section.rawValue) answers with another section's descriptor")
        }
        // Entities are read first: every other section refers to them.
        XCTAssertEqual(registry.first?.key, "entity_attribute_mappings")
    }

    func testEveryRegisteredSectionIsReadAndRecorded() throws {
        let config = """
            {"entity_attribute_mappings": {"User": {"id": "userID"}},
             "primary_key_mappings": {"User": ["userID"]},
             "relationship_mappings": {},
             "path_mappings": [],
             "request_mappings": [],
             "mapping_options": {},
             "value_mappings": {},
             "error_mappings": {"attribute_mappings": {"message": "errorMessage"}},
             "entity_attribute_types": {},
             "date_formats": []}
            """
        let (definitions, log) = try C.load(config, lint: false)
        XCTAssertEqual(log.diagnostics.map(\.description), [])
        XCTAssertEqual(definitions.sections, ConfigSection.names)
    }

    func testAnUnknownSectionStillWarnsAtItsKeyWithTheClosestRegisteredName() throws {
        let config = """
            {"entity_attribute_mappings": {"User": {"id": "userID"}},
             "value_mapings": {"User": {"id": {"1": "one"}}}}
            """
        let (definitions, log) = try C.load(config)
        SectionFinding.assert(log, [
            SectionFinding(.warning, .configUnknownSection, "config.json:2:2", "unknown section 'value_mapings'; did you mean 'value_mappings'?")
        ])
        XCTAssertEqual(definitions.sections, ["entity_attribute_mappings"])
        XCTAssertTrue(try XCTUnwrap(definitions.entity(named: "User")).valueMappings.isEmpty)
    }

    func testSectionsAreReadInRegistryOrderWhateverOrderTheFileUses() throws {
        // The file lists date_formats before value_mappings; findings follow the registry.
        let config = """
            {"date_formats": "dd.MM.yyyy",
             "entity_attribute_mappings": {"User": {"id": "userID"}},
             "value_mappings": {"User": {"id": "one"}}}
            """
        let (definitions, log) = try C.load(config)
        SectionFinding.assert(log, [
            SectionFinding(.error, .configWrongType, "config.json:3:36", "value_mappings.User.id must be a dictionary of input to output"),
            SectionFinding(.error, .configWrongType, "config.json:1:18", "date_formats must be an array of date patterns"),
        ])
        XCTAssertEqual(definitions.sections, ["date_formats", "entity_attribute_mappings", "value_mappings"])
    }

    func testOnlyTheExtensionSectionsAddToTheDescribeFrame() {
        let contributing = ConfigSection.registry.filter { descriptor in
            let summary = descriptor.summary
            return summary.attributeDetail != nil || summary.attributeNote != nil || summary.entityLines != nil
                || summary.afterEntities != nil || summary.closing != nil
        }
        XCTAssertEqual(
            contributing.map(\.key),
            ["mapping_options", "value_mappings", "error_mappings", "entity_attribute_types", "date_formats"])
    }
}
