@testable import RestmapOpenAPI
import XCTest

/// A document path's braces as the examples' request paths read them.
final class OpenAPIPathTemplateTests: XCTestCase {
    func testParametersAreFilledSegmentBySegment() {
        let values = ["id": "7", "rest": "x y"]
        XCTAssertEqual(OpenAPIPathTemplate.filled("/pets/{id}.json") { values[$0] ?? $0 }, "/pets/7.json")
        XCTAssertEqual(OpenAPIPathTemplate.filled("/files/{id/toys") { values[$0] ?? $0 }, "/files/{id/toys")
        XCTAssertEqual(OpenAPIPathTemplate.filled("//a/{rest}/") { values[$0] ?? $0 }, "//a/x y/")
    }
}
