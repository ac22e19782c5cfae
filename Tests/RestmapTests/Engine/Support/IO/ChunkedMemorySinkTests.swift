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

    /// A writer hands its full buffers over instead of copying them: what the sink collects
    /// must be byte for byte what a copying sink gets, across many buffers, a piece larger
    /// than the buffer (which grows it) and replayed values (whose marks a hand-over ends).
    func testAWritersHandedOverBuffersHoldWhatWasWritten() throws {
        func write(to sink: ByteSink) throws {
            let writer = JSONWriter(sink: sink, style: .pretty, bufferSize: 1 << 16)
            try writer.beginArray()
            var replayed: [UInt8]?
            for i in 0..<6_000 {
                try writer.beginObject()
                try writer.key("id")
                try writer.number(String(i))
                try writer.key("dept")
                let mark = try writer.beginReplayableValue()
                if let replayed, i % 7 != 0 {
                    try writer.replayValue(replayed)
                } else {
                    try writer.write(["name": .string("Department \(i)")])
                    replayed = mark.flatMap { writer.valueBytes(since: $0) }
                }
                if i == 3_000 {
                    try writer.key("notes")
                    try writer.string(String(repeating: "é", count: 100_000))
                }
                try writer.endObject()
            }
            try writer.endArray()
            try writer.flush()
        }
        let chunked = ChunkedMemorySink()
        let copied = MemorySink()
        try write(to: chunked)
        try write(to: copied)
        XCTAssertGreaterThan(copied.bytes.count, 4 << 16, "the output spans several buffers")
        XCTAssertEqual(chunked.count, copied.bytes.count)
        let out = MemorySink()
        try chunked.write(0..<chunked.count, to: out)
        let firstDifference = out.bytes.indices.first { $0 >= copied.bytes.count || out.bytes[$0] != copied.bytes[$0] }
        XCTAssertTrue(out.bytes == copied.bytes, "first difference at byte \(firstDifference ?? out.bytes.count)")
        chunked.removeAll()
        XCTAssertEqual(chunked.count, 0)
    }
}
