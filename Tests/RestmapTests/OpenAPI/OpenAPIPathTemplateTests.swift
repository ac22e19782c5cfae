@testable import RestmapOpenAPI
import XCTest

/// A document path's braces as the path index and the examples' request paths read them.
final class OpenAPIPathTemplateTests: XCTestCase {
    func testASegmentStandsForAnyValueOnlyWhenItHoldsAParameter() {
        let holds = ["{id}": true, "{id}.json": true, "v{v}": true, "{x{y}}": true,
                     "{}": false, "{}x}": false, "a{}b}": false, "{id": false, "plain": false]
        for (segment, expected) in holds {
            XCTAssertEqual(OpenAPIPathTemplate.holdsParameter(Substring(segment)), expected, segment)
        }
    }

    func testParametersAreFilledSegmentBySegment() {
        let values = ["id": "7", "rest": "x y"]
        XCTAssertEqual(OpenAPIPathTemplate.filled("/pets/{id}.json") { values[$0] ?? $0 }, "/pets/7.json")
        XCTAssertEqual(OpenAPIPathTemplate.filled("/files/{id/toys") { values[$0] ?? $0 }, "/files/{id/toys")
        XCTAssertEqual(OpenAPIPathTemplate.filled("//a/{rest}/") { values[$0] ?? $0 }, "//a/x y/")
    }
}
