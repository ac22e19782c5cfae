#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the tree shape's JSON array with the records encoded on several threads (`--threads`
/// above 1): a fifth of a tree run's work is encoding its records, and it comes after all
/// mapping, so one core would do it alone.
///
/// Records are taken a round at a time (`roundSize` roots, a few MB of output, so memory
/// stays bounded); a round is cut into one slice a thread, each slice encoded by its own
/// `JSONWriter` into memory as an array of its own (`[` … `]`), and the slices' insides
/// written in order, joined by commas, inside one `[` … `]`. A writer lays out an element of
/// a top-level array the same way whatever comes before it (the same indent, a comma before
/// each but the first), so the bytes are exactly those of one writer over all the roots. The
/// graph is only read while encoding, so the threads share it safely.
struct ParallelTreeOutput {
    /// Fewer roots than this are not worth a thread.
    static let minimumRoots = 256
    static let roundSize = 4_096

    let writer: RecordWriter
    let style: JSONWriter.Style
    let threads: Int

    /// Writes `[roots…]` and a final newline to `sink`; cycles met go to `statistics`.
    func write(_ roots: [MappedObject], to sink: ByteSink, statistics: RecordWriter.Statistics) throws {
        try sink.write("[")
        var wroteAny = false
        var start = 0
        while start < roots.count {
            let round = roots[start..<min(start + Self.roundSize, roots.count)]
            start = round.endIndex
            for (bytes, inside) in try encode(round, statistics: statistics) where !inside.isEmpty {
                if wroteAny { try sink.write(",") }
                try bytes.write(inside, to: sink)
                wroteAny = true
            }
        }
        try sink.write(wroteAny && style == .pretty ? "\n]\n" : "]\n")
    }

    /// Each slice of `round` encoded as an array, with the range of its inside (without `[`
    /// and `]`), in order.
    private func encode(
        _ round: ArraySlice<MappedObject>, statistics: RecordWriter.Statistics
    ) throws -> [(bytes: ChunkedMemorySink, inside: Range<Int>)] {
        let count = max(1, min(threads, round.count / 64))
        let size = (round.count + count - 1) / count
        var slices: [ArraySlice<MappedObject>] = []
        for k in 0..<count {
            let lower = round.startIndex + k * size
            slices.append(round[lower..<min(lower + size, round.endIndex)])
        }
        let results = (0..<count).map { _ in SliceResult() }
        let (writer, style) = (self.writer, self.style)
        let work = { (k: Int) in
            let result = results[k]
            do {
                let emitter = JSONWriter(sink: result.bytes, style: style, bufferSize: 1 << 18)
                try emitter.beginArray()
                try writer.write(all: slices[k], to: emitter, statistics: result.statistics)
                try emitter.endArray()
                try emitter.flush()
                result.inside = Self.inside(of: result.bytes, style: style)
            } catch {
                result.error = error
            }
        }
        // The caller's stack size: records of a deep graph are written recursively.
        let helpers = (1..<count).map { k in WorkerThread(stackSize: 1 << 30) { work(k) } }
        work(0)
        for (offset, helper) in helpers.enumerated() {
            if let helper { helper.join() } else { work(offset + 1) }  // no thread: encode it here
        }
        var encoded: [(bytes: ChunkedMemorySink, inside: Range<Int>)] = []
        for result in results {
            if let error = result.error { throw error }
            statistics.references += result.statistics.references
            encoded.append((result.bytes, result.inside))
        }
        return encoded
    }

    /// Where an encoded array's inside lies: `[\n  a,\n  b\n]` has `\n  a,\n  b` (pretty),
    /// `[a,b]` has `a,b`; an empty array has nothing.
    private static func inside(of bytes: ChunkedMemorySink, style: JSONWriter.Style) -> Range<Int> {
        let closing = style == .pretty && bytes.count > 2 ? 2 : 1  // "\n]" or "]"
        return 1..<(bytes.count - closing)
    }

    /// What one slice's thread leaves for the caller, read after `join`.
    private final class SliceResult: @unchecked Sendable {
        let bytes = ChunkedMemorySink()
        var inside: Range<Int> = 0..<0
        var error: (any Error)?
        let statistics = RecordWriter.Statistics()
    }
}
