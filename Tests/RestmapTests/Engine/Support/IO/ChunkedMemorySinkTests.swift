import XCTest
@testable import RestmapEngine

/// The tree output's slices are kept as chunks and written back by range: every range must
/// come out as the same bytes as from one contiguous buffer, across chunk boundaries.
final class ChunkedMemorySinkTests: XCTestCase {
    func testAnyRangeComesOutAsFromOneBuffer() throws {
        let chunks = ["[\n  {", "\"a\": 1", "", "},\n  {\"b\"", ": 2}\n", "]"]
        let sink = ChunkedMemorySink()
        for chunk in chunks { try sink.write(Array(chunk.utf8)) }
        let whole = Array(chunks.joined().utf8)
        XCTAssertEqual(sink.count, whole.count)
        for lower in 0...whole.count {
            for upper in lower...whole.count {
                let out = MemorySink()
                try sink.write(lower..<upper, to: out)
                XCTAssertEqual(out.bytes, Array(whole[lower..<upper]), "\(lower)..<\(upper)")
            }
        }
    }
}
