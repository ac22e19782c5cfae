@testable import RestmapOpenAPI
import XCTest

/// The keys of an operation's `responses`, as `init`, `check` and `validate --openapi` read them.
final class ResponseCodeTests: XCTestCase {
    func testStatusesRangesAndDefault() {
        XCTAssertEqual(ResponseCode("201"), .status(201))
        XCTAssertEqual(ResponseCode("4XX"), .range(4))
        XCTAssertEqual(ResponseCode("5xx"), .range(5), "ranges are case-insensitive")
        XCTAssertEqual(ResponseCode("default"), .default)
        for key in ["+40", "2X0", "600", "20", "2000", "abc", "Default"] {
            XCTAssertNil(ResponseCode(key), key)
        }
    }

    /// An example under a range is read with its first status, so a `4XX` one goes through
    /// the config's error mappings.
    func testStatusClassAndTheStatusAResponseIsReadWith() {
        XCTAssertEqual(ResponseCode("404")?.statusClass, 4)
        XCTAssertEqual(ResponseCode("4XX")?.representativeStatus, 400)
        XCTAssertEqual(ResponseCode("204")?.representativeStatus, 204)
        XCTAssertNil(ResponseCode("default")?.representativeStatus)
        XCTAssertNil(ResponseCode("default")?.statusClass)
    }
}
