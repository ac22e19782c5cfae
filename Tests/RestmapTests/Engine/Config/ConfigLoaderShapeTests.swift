import XCTest
@testable import RestmapEngine

/// Config nodes of the wrong type or missing a required key: each is an error located at the
/// node itself, the entry is dropped, and loading goes on so that one `check` reports every
/// problem. Locations are checked by the text they point at.
final class ConfigLoaderShapeTests: XCTestCase {
    typealias C = ConfigText

    /// The loader's errors (no lint), each as `LINE:COL <text found there>`.
    func errors(_ text: String) throws -> [String] {
        let (_, log) = try C.load(text, lint: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return log.diagnostics.filter { $0.severity == .error }.map { diagnostic in
            guard let line = diagnostic.location?.line, let column = diagnostic.location?.column else {
                return "unlocated: \(diagnostic)"
            }
            let rest = lines[line - 1].dropFirst(column - 1).prefix(12)
            return "\(line):\(column) \(rest)"
        }
    }

    func testAttributeMappingThatIsNotAStringPointsAtTheValueAndKeepsTheOthers() throws {
        let text = """
            {"entity_attribute_mappings": {"Employee": {"id": "employeeID", "age": 42, "name": "name"}}}
            """
        XCTAssertEqual(try errors(text), ["1:72 42, \"name\": "])
        let (definitions, _) = try C.load(text, lint: false)
        XCTAssertEqual(definitions.entity(named: "Employee")?.attributeNames, ["employeeID", "name"])
    }

    func testEntityThatIsNotADictionary() throws {
        XCTAssertEqual(try errors(#"{"entity_attribute_mappings": {"Employee": ["id"]}}"#), ["1:44 [\"id\"]}}"])
        XCTAssertEqual(try errors(#"{"entity_attribute_mappings": ["Employee"]}"#), ["1:31 [\"Employee\"]"])
    }

    func testPrimaryKeysThatAreNotAnArrayOrNotStrings() throws {
        let text = """
            {"entity_attribute_mappings": {"A": {"id": "id"}, "B": {"id": "id"}},
             "primary_key_mappings": {"A": "id", "B": ["id", 7]}}
            """
        XCTAssertEqual(try errors(text), ["2:32 \"id\", \"B\": [", "2:50 7]}}"])
        let (definitions, _) = try C.load(text, lint: false)
        XCTAssertEqual(definitions.entity(named: "B")?.primaryKeys.map(\.value), ["id"])
    }

    func testRelationshipTargetFKMappingAndMissingKeys() throws {
        let text = """
            {"entity_attribute_mappings": {"A": {"id": "id"}, "B": {"id": "id"}},
             "relationship_mappings": {"A": {
               "one": {"target": 5, "key_path": "one"},
               "two": {"target": "B", "key_path": "two", "fk_mapping": ["id"]},
               "three": {"key_path": "three"},
               "four": {"target": "B"},
               "five": "B",
               "six": {"target": "B", "key_path": "six"}}}}
            """
        XCTAssertEqual(try errors(text), [
            "3:22 5, \"key_path",
            "4:60 [\"id\"]},",
            "5:4 \"three\": {\"k",
            "6:4 \"four\": {\"ta",
            "7:12 \"B\",",
        ])
        let (definitions, _) = try C.load(text, lint: false)
        XCTAssertEqual(definitions.entity(named: "A")?.relationships.map(\.name), ["six"], "only the well-formed one is kept")
    }

    func testPathMappingsThatAreNotAnArrayAndMatchersThatAreNeitherKind() throws {
        XCTAssertEqual(try errors(#"{"path_mappings": {"uri": "/a"}}"#), ["1:19 {\"uri\": \"/a\""])
        let text = """
            {"entity_attribute_mappings": {"A": {"id": "id"}},
             "path_mappings": [
               {"uri": "/a", "matchers": [{"key_path": "k", "entity_name": "A"}, "A", {"class_name": "X"}]},
               {"key_path": "x", "matchers": [{"entity_name": "A"}]},
               {"uri": "/c", "matchers": []},
               {"uri": 3, "matchers": [{"entity_name": "A"}]}]}
            """
        XCTAssertEqual(try errors(text), [
            "3:31 {\"key_path\":",
            "3:70 \"A\", {\"class",
            "3:75 {\"class_name",
            "4:4 {\"key_path\":",
            "5:30 []},",
            "6:12 3, \"matchers",
        ])
        let (definitions, _) = try C.load(text, lint: false)
        XCTAssertEqual(definitions.pathMappings.map(\.uri.value.text), ["/a", "/c"])
        XCTAssertEqual(definitions.pathMappings[0].matchers.count, 0)
    }

    func testRequestMappingsWithWrongTypedAttributesOrMissingKeys() throws {
        let text = """
            {"request_mappings": [
               {"class_name": "A", "attribute_mappings": ["a"]},
               {"class_name": "B", "attribute_mappings": {"a": 1, "b": "b"}},
               {"attribute_mappings": {"a": "a"}},
               {"class_name": "D"}]}
            """
        XCTAssertEqual(try errors(text), [
            "2:46 [\"a\"]},",
            "3:52 1, \"b\": \"b\"}",
            "4:4 {\"attribute_",
            "5:4 {\"class_name",
        ])
        let (definitions, _) = try C.load(text, lint: false)
        XCTAssertEqual(definitions.requestMappings.map { $0.attributes.map(\.bodyKey) }, [[], ["b"], ["a"], []])
    }

    func testARootThatIsNotADictionaryOrHasNoSectionIsAUsageErrorAtTheRoot() throws {
        for text in [#"["entity_attribute_mappings"]"#, #"{"entity_mappings": {}}"#] {
            XCTAssertThrowsError(try C.load(text)) { error in
                let error = error as? RestmapError
                XCTAssertEqual(error?.kind, .usage)
                XCTAssertEqual(error?.exitCode, 2)
                XCTAssertEqual(error?.diagnostics.first?.location?.description, "config.json:1:1")
            }
        }
    }

    func testAnUnknownSectionIsAWarningAtItsKeyAndTheRestLoads() throws {
        let (definitions, log) = try C.load(#"{"entity_attribute_mappings": {"A": {"id": "id"}}, "paths": []}"#, lint: false)
        XCTAssertEqual(C.located(log, .warning), ["config.json:1:52"])
        XCTAssertFalse(log.hasErrors)
        XCTAssertEqual(definitions.entities.map(\.name), ["A"])
        XCTAssertEqual(definitions.sections, ["entity_attribute_mappings"])
    }

    func testWrongTypesInAnXMLPlistAreLocatedByLine() throws {
        let text = C.plist("""
            <key>entity_attribute_mappings</key>
            <dict><key>A</key><dict><key>id</key><integer>1</integer></dict></dict>
            <key>path_mappings</key>
            <dict/>
            """)
        let (_, log) = try C.load(text, file: "api.plist", lint: false)
        XCTAssertEqual(log.diagnostics.filter { $0.severity == .error }.map { $0.location?.line }, [5, 7])
    }
}
