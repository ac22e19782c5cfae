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
    /// must be byte for byte what a copying sink gets from a writer that never replays,
    /// across many buffers, an encoded piece larger than the buffer (which grows it) and
    /// replayed values, some of whose marks a hand-over ends.
    func testAWritersHandedOverBuffersHoldWhatWasWritten() throws {
        let huge = JSONEncodedKey(String(repeating: "k", count: 100_000))
        var marksEnded = 0
        func write(to sink: ByteSink, replaying: Bool) throws {
            let writer = JSONWriter(sink: sink, style: .pretty, bufferSize: 1 << 16)
            try writer.beginArray()
            var replayed: [UInt8]?
            for i in 0..<6_000 {
                try writer.beginObject()
                try writer.key("id")
                try writer.number(String(i))
                try writer.key("dept")
                // Every 500th department is larger than the buffer, so the buffer goes to the
                // sink inside it and its mark ends.
                let isLarge = i % 500 == 499
                let name = isLarge ? String(repeating: "d", count: 100_000) : "Department \(i / 7)"
                let mark = try writer.beginReplayableValue()
                if replaying, let replayed, i % 7 != 0, !isLarge {
                    try writer.replayValue(replayed)
                } else {
                    try writer.write(["name": .string(name)])
                    if replaying, let mark {
                        replayed = writer.valueBytes(since: mark)
                        if replayed == nil { marksEnded += 1 }
                    }
                }
                if i == 3_000 {
                    try writer.key("code")
                    try writer.string(huge)
                }
                try writer.endObject()
            }
            try writer.endArray()
            try writer.flush()
        }
        let chunked = ChunkedMemorySink()
        let copied = MemorySink()
        try write(to: chunked, replaying: true)
        try write(to: copied, replaying: false)
        XCTAssertGreaterThan(marksEnded, 0, "some replay marks ended at a hand-over")
        XCTAssertGreaterThan(copied.bytes.count, 4 << 16, "the output spans several buffers")
        XCTAssertEqual(chunked.count, copied.bytes.count)
        let out = MemorySink()
        try chunked.write(0..<chunked.count, to: out)
        let firstDifference = out.bytes.indices.first { $0 >= copied.bytes.count || out.bytes[$0] != copied.bytes[$0] }
        XCTAssertTrue(out.bytes == copied.bytes, "first difference at byte \(firstDifference ?? out.bytes.count)")
        chunked.removeAll()
        XCTAssertEqual(chunked.count, 0)
    }

    /// Copied bytes and adopted buffers come out in the order they came, and an empty buffer
    /// handed over adds nothing (and is freed).
    func testWrittenAndAdoptedChunksKeepTheirOrder() throws {
        let sink = ChunkedMemorySink()
        func adopt(_ text: String) {
            let bytes = Array(text.utf8)
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 8))
            buffer.initialize(from: bytes, count: bytes.count)
            sink.adopt(buffer, count: bytes.count)
        }
        try sink.write(Array("[1,".utf8))
        adopt("2,")
        adopt("")
        try sink.write(Array("3,".utf8))
        adopt("4]")
        let out = MemorySink()
        try sink.write(0..<sink.count, to: out)
        XCTAssertEqual(out.text, "[1,2,3,4]")
    }
}
