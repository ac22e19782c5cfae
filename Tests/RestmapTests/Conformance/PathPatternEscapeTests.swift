import XCTest
@testable import RestmapEngine

/// escaped characters in path patterns, as RestKit's SOCKit reads them.
final class PathPatternEscapeTests: XCTestCase {
    /// Follows RKResponseDescriptorTest.m, "the path pattern is '/monkeys/:monkeyID\.json'":
    /// `/monkeys/1234.json` matches; and RKPathMatcherTest.m
    /// `testShouldCreatePathsThatIncludePatternArgumentsFollowedByEscapedNonPatternDots`:
    /// `\.json` is a literal suffix after the argument.
    func testEscapedDotEndsTheParameterAndIsALiteralSuffix() {
        let pattern = PathPattern(#"/monkeys/:monkeyID\.json"#)
        XCTAssertEqual(pattern.match("/monkeys/1234.json"), ["monkeyID": "1234"])
        XCTAssertNil(pattern.match("/monkeys/1234.xml"), "the literal suffix must be there")
        XCTAssertNil(pattern.match("/monkeys/.json"), "a parameter is never empty")
        XCTAssertEqual(pattern.parameterNames, ["monkeyID"])
        XCTAssertEqual(pattern.problems, [])
    }

    /// SOCKit's parameter names run over letters, digits, `.`, `@` and `_`: unescaped,
    /// `:id.json` is one parameter named `id.json` (the RestKit behaviour the escape
    /// exists for), and other characters end the name.
    func testUnescapedDotBelongsToTheParameterName() {
        XCTAssertEqual(PathPattern("/articles/:id.json").match("/articles/1.xml"), ["id.json": "1.xml"])
        XCTAssertEqual(PathPattern("/v:version/users").match("/v2/users"), ["version": "2"])
        XCTAssertEqual(PathPattern("/files/:name-:rev").match("/files/a-b-c"), ["name": "a", "rev": "b-c"])
        XCTAssertEqual(PathPattern(#"/a\:b/\@me/back\\slash"#).match(#"/a:b/@me/back\slash"#), [:])
    }

    /// Through the whole `map`: `.json` and `.xml` endpoints no longer get each other's
    /// mappings.
    func testJSONAndXMLEndpointsKeepTheirOwnMappings() throws {
        let config = #"""
            {"entity_attribute_mappings": {"Article": {"id": "articleID"}, "Legacy": {"id": "legacyID"}},
             "path_mappings": [
               {"uri": "/articles/:id\\.json", "matchers": [{"entity_name": "Article"}]},
               {"uri": "/articles/:id\\.xml", "matchers": [{"entity_name": "Legacy"}]}]}
            """#
        let json = try Conformance.map(config: config, inputs: [("/articles/1.json", #"{"id": 1}"#)])
        XCTAssertEqual(json.output, #"{"Article":[{"_entity":"Article","_id":"Article#1","articleID":1}]}"# + "\n")
        let xml = try Conformance.map(config: config, inputs: [("/articles/1.xml", #"{"id": 1}"#)])
        XCTAssertEqual(xml.output, #"{"Legacy":[{"_entity":"Legacy","_id":"Legacy#1","legacyID":1}]}"# + "\n")
    }

    /// An escape SOCKit does not know stays as written (backslash included) and `check`
    /// says so; a known one passes silently.
    func testUnknownEscapeIsACheckWarning() throws {
        func config(_ uri: String) -> String {
            """
            {"entity_attribute_mappings": {"A": {"id": "aID"}},
             "path_mappings": [{"uri": "\(uri)", "matchers": [{"entity_name": "A"}]}]}
            """
        }
        let failing = try Conformance.warnings(config(#"/a/:id\\-x"#))
        XCTAssertEqual(failing.count, 1, "\(failing)")
        XCTAssertTrue(failing[0].hasPrefix("config.json:2:"), failing[0])
        XCTAssertTrue(failing[0].contains(#"'\-' in ':id\-x' is not an escape RestKit knows"#), failing[0])
        XCTAssertEqual(try Conformance.warnings(config(#"/a/:id\\.json"#)), [])
    }

    /// Two parameters with no literal text between them are refused by RestKit (an
    /// assertion); `check` warns and the pattern never matches.
    func testAdjacentParametersAreACheckWarning() throws {
        let pattern = PathPattern("/a/:x:y")
        XCTAssertEqual(pattern.problems.count, 1)
        XCTAssertNil(pattern.match("/a/12"))
        XCTAssertEqual(PathPattern("/a/:x-:y").problems, [])
    }
}
