import XCTest
@testable import RestmapEngine

/// Every reader has a size cap (SPEC §5): a capped source stops at the first byte past it
/// with a located error, and keeps what it passed when asked to.
final class CappedByteSourceTests: XCTestCase {
    func testPassesInputUnderTheCapAndKeepsACopy() throws {
        let capped = CappedByteSource(MemoryByteSource(#"{"a": [1, 2]}"#, name: "in.json"), limit: 64, keepsCopy: true)
        XCTAssertEqual(try JSONReader.value(from: capped), ["a": [1, 2]])
        XCTAssertEqual(capped.copy, Array(#"{"a": [1, 2]}"#.utf8))
    }

    func testInputOverTheCapIsALocatedDataError() {
        let capped = CappedByteSource(MemoryByteSource(String(repeating: " ", count: 100) + "1", name: "big.json"), limit: 64)
        XCTAssertThrowsError(try JSONReader.value(from: capped)) { error in
            let error = error as! RestmapError
            XCTAssertEqual(error.kind, .data)
            XCTAssertEqual(error.diagnostics.first?.location?.file, "big.json")
            XCTAssertEqual(error.diagnostics.first?.message, "input is larger than the 64 bytes this reader accepts")
        }
        XCTAssertLessThanOrEqual(capped.count, 65)
    }

    func testReadAllStopsOneBytePastTheLimit() {
        let source = MemoryByteSource([UInt8](repeating: 0x20, count: 3 << 20), name: "zeros")
        XCTAssertThrowsError(try source.readAll(limit: 1 << 20)) { error in
            XCTAssertEqual((error as! RestmapError).diagnostics.first?.message, "input is larger than the 1 MiB this reader accepts")
        }
        XCTAssertEqual(try MemoryByteSource([1, 2, 3]).readAll(limit: 3), [1, 2, 3])
    }
}
