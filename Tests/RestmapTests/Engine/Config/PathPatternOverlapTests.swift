@testable import RestmapEngine
import XCTest

/// Whether a path mapping covers an API description's path, as `check --openapi` asks it: a
/// document's `{parameter}` is any non-empty text, and the text beside it in its segment
/// still has to be there.
final class PathPatternOverlapTests: XCTestCase {
    private func overlaps(_ pattern: String, _ template: String) -> Bool {
        PathPattern(pattern).overlaps(PathTemplate.segments(template))
    }

    func testTextBesideADocumentParameterMustBeThere() {
        XCTAssertFalse(overlaps("/pets/mine", "/pets/{id}.json"), "no value of {id} makes 'mine'")
        XCTAssertTrue(overlaps("/pets/mine.json", "/pets/{id}.json"))
        XCTAssertFalse(overlaps("/pets/.json", "/pets/{id}.json"), "a parameter is never empty")
        XCTAssertTrue(overlaps("/pets/:id", "/pets/{id}.json"), "a whole-segment parameter takes any text")
        XCTAssertTrue(overlaps("/pets/mine", "/pets/{id}"))
        XCTAssertFalse(overlaps("/pets/mine", "/pets/{id}/toys"), "the segment count must agree")
    }

    func testTwoSegmentsMixingTextAndParametersOverlapWhenOneTextFitsBoth() {
        XCTAssertTrue(overlaps(#"/pets/:id\.json"#, "/pets/{id}.json"))
        XCTAssertFalse(overlaps(#"/pets/:id\.xml"#, "/pets/{id}.json"))
        XCTAssertTrue(overlaps(#"/report\.:format"#, "/{name}.csv"), "report.csv fits both")
        XCTAssertTrue(overlaps("/v:version", "/v{major}.{minor}"))
        XCTAssertFalse(overlaps("/w:version", "/v{major}.{minor}"))
        XCTAssertTrue(overlaps("/:a-:b", "/{x}_{y}"), "a-b_c fits both")
        XCTAssertFalse(overlaps("/:a-x", "/{x}_y"), "one ends in -x, the other in _y")
    }

    func testBracesWithoutANameAreText() {
        XCTAssertTrue(overlaps("/x/{}", "/x/{}"))
        XCTAssertFalse(overlaps("/x/y", "/x/{}"))
        XCTAssertTrue(overlaps("/x/:any", "/x/{id"))
        XCTAssertFalse(overlaps("/x/7", "/x/{id"))
    }

    func testPercentEscapesCompareDecodedOnBothSides() {
        XCTAssertTrue(overlaps("/%70ets/mine.json", "/pets/{id}.json"))
        XCTAssertTrue(overlaps("/pets/mine%2Ejson", "/pets/{id}.json"))
        XCTAssertTrue(overlaps("/pets/:id%2Ejson", "/pets/{id}.json"))
        XCTAssertTrue(overlaps("/a%20b/:id", "/a b/{id}"))
    }

    /// Percent-escaped text in a segment that also holds a parameter matches as the same text
    /// does in a segment of its own: decoded on both sides.
    func testAnEscapeBesideAParameterMatchesTheDecodedOrEncodedRequest() {
        let pattern = PathPattern("/files/:id%2Ejson")
        XCTAssertEqual(pattern.match("/files/7.json"), ["id": "7"])
        XCTAssertEqual(pattern.match("/files/7%2Ejson"), ["id": "7"])
        XCTAssertEqual(PathPattern("/v:version%20beta").match("/v2%20beta"), ["version": "2"])
        XCTAssertNil(pattern.match("/files/7.xml"))
    }

    /// A document's absurdly long segments are answered without a search over every pair of
    /// positions: as overlapping, so a hostile document costs a missed finding, not a hang.
    func testHugeSegmentsAreAnsweredWithoutASearch() {
        let long = "-" + String(repeating: "a", count: 2_000)
        XCTAssertTrue(overlaps("/:p" + long + "b", "/{q}" + long + "c"))
        let short = "-" + String(repeating: "a", count: 300)
        XCTAssertFalse(overlaps("/:p" + short + "b", "/{q}" + short + "c"), "below the limit the search still decides")
    }
}
