import RestmapEngine
@testable import RestmapOpenAPI
import XCTest

/// A document path's braces, read one way by the path index, the examples' request paths and
/// the pattern `init` writes.
final class OpenAPIPathTemplateTests: XCTestCase {
    func testBracesMakeAParameterOnlyAroundANameWithinASegment() {
        XCTAssertEqual(OpenAPIPathTemplate.parts("{id}.json"), [.parameter("id"), .text(".json")])
        XCTAssertEqual(OpenAPIPathTemplate.parts("v{major}.{minor}"), [.text("v"), .parameter("major"), .text("."), .parameter("minor")])
        XCTAssertEqual(OpenAPIPathTemplate.parts("{}"), [.text("{}")])
        XCTAssertEqual(OpenAPIPathTemplate.parts("{}x}"), [.text("{}x}")])
        XCTAssertEqual(OpenAPIPathTemplate.parts("{id"), [.text("{id")])
        XCTAssertEqual(OpenAPIPathTemplate.parts("{x{y}}"), [.parameter("x{y"), .text("}")])
    }

    /// The segments the index lets stand for any value are those whose pattern holds a
    /// parameter.
    func testTheIndexAndThePatternAgree() {
        let holds = ["{id}": true, "{id}.json": true, "v{v}": true, "{x{y}}": true,
                     "{}": false, "{}x}": false, "a{}b}": false, "{id": false, "plain": false]
        for (segment, expected) in holds {
            XCTAssertEqual(OpenAPIPathTemplate.holdsParameter(Substring(segment)), expected, segment)
            XCTAssertEqual(PathPattern.text(fromTemplate: segment).contains(":"), expected, segment)
        }
    }

    /// A letter, digit or `_` after a parameter cannot be escaped in a pattern; `.` and `@` can.
    func testParametersWhoseNameRunsOnIntoTheText() {
        XCTAssertEqual(OpenAPIPathTemplate.parametersJoiningText("/files/{id}v2/{rev}_x/{n}.json/{at}@host/{last}"), ["id", "rev"])
        XCTAssertEqual(OpenAPIPathTemplate.parametersJoiningText("/pets/{id}"), [])
    }

    func testParametersAreFilledSegmentBySegment() {
        let values = ["id": "7", "rest": "x y"]
        XCTAssertEqual(OpenAPIPathTemplate.filled("/pets/{id}.json") { values[$0] ?? $0 }, "/pets/7.json")
        XCTAssertEqual(OpenAPIPathTemplate.filled("/files/{id/toys") { values[$0] ?? $0 }, "/files/{id/toys")
        XCTAssertEqual(OpenAPIPathTemplate.filled("//a/{rest}/") { values[$0] ?? $0 }, "//a/x y/")
    }
}
