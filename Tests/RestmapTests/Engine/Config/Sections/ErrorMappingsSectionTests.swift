import XCTest
@testable import RestmapEngine
import RestmapReports

/// `error_mappings` (SPEC §1.7): the plain mapping `map --status` applies to error payloads,
/// its findings, and the block `describe` prints after the entities.
final class ErrorMappingsSectionTests: XCTestCase {
    typealias C = ConfigText

    static let config = """
        {"entity_attribute_mappings": {"User": {"id": "userID"}},
         "error_mappings": {"key_path": "errors", "class_name": "APIError",
           "attribute_mappings": {"message": "errorMessage", "code": "errorCode", "": "raw"}, "keypath": "x"}}
        """

    func testReaderBuildsAPlainMappingWithItsKeyPath() throws {
        let (definitions, _) = try C.load(Self.config)
        let error = try XCTUnwrap(definitions.errorMapping)
        XCTAssertEqual(error.name, "APIError")
        XCTAssertTrue(error.isPlain)
        XCTAssertEqual(error.location.description, "config.json:2:20")
        XCTAssertEqual(error.attributes.map(\.source.text), ["message", "code", ""])
        XCTAssertEqual(error.attributeNames, ["errorMessage", "errorCode", "raw"])
        XCTAssertEqual(definitions.errorKeyPath?.text, "errors")
        XCTAssertNil(definitions.entity(named: "APIError"), "the error mapping is not an entity")
    }

    func testAnUnknownKeyIsAWarningWithASuggestion() throws {
        let (_, log) = try C.load(Self.config)
        SectionFinding.assert(log, [
            SectionFinding(.warning, .configUnknownKey, "config.json:3:87", "unknown key 'keypath' in error_mappings; did you mean 'key_path'?")
        ])
    }

    func testWithoutAttributeMappingsThereIsNoErrorMapping() throws {
        let config = """
            {"entity_attribute_mappings": {"User": {"id": "userID"}},
             "error_mappings": {"key_path": "", "class_name": 7}}
            """
        let (definitions, log) = try C.load(config)
        SectionFinding.assert(log, [
            SectionFinding(.error, .configWrongType, "config.json:2:51", "error_mappings.class_name must be a string"),
            SectionFinding(.error, .configMissingEntry, "config.json:2:20", "error_mappings has no 'attribute_mappings'"),
        ])
        XCTAssertNil(definitions.errorMapping)
        XCTAssertNil(definitions.errorKeyPath)
    }

    func testTheDefaultClassIsErrorAndAnEmptyKeyPathIsTheRoot() throws {
        let definitions = try C.definitions("""
            {"entity_attribute_mappings": {"User": {"id": "userID"}},
             "error_mappings": {"key_path": "", "attribute_mappings": {"msg": "errorMessage"}}}
            """)
        XCTAssertEqual(definitions.errorMapping?.name, "Error")
        XCTAssertNil(definitions.errorKeyPath)
        XCTAssertEqual(
            ErrorMappingsSection.descriptor.summary.afterEntities?(definitions),
            ["", "error mapping: Error at the payload root (for --status 4xx/5xx)", "    msg -> errorMessage"])
    }

    func testDescribePrintsTheBlockBetweenEntitiesAndPaths() throws {
        let (definitions, _) = try C.load(Self.config)
        XCTAssertEqual(
            ErrorMappingsSection.descriptor.summary.afterEntities?(definitions),
            [
                "", "error mapping: APIError at key path 'errors' (for --status 4xx/5xx)",
                "    message -> errorMessage", "    code -> errorCode", "    \"\" (the representation itself) -> raw",
            ])
        let text = DefinitionsSummary().render(definitions)
        XCTAssertTrue(text.contains("    id -> userID\n\nerror mapping: APIError"), text)
        XCTAssertTrue(text.contains("-> raw\n\npaths (0)"), text)
    }
}
