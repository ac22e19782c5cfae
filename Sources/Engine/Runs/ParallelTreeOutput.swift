#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the tree shape's JSON array with the records encoded on several threads (`--threads`
/// above 1): a fifth of a tree run's work is encoding its records, and it comes after all
/// mapping, so one core would do it alone.
///
/// The roots are cut into slices of `sliceSize`, each encoded by its own `JSONWriter` into
/// memory as an array of its own (`[` … `]`); the slices' insides are written in order,
/// joined by commas, inside one `[` … `]`. A writer lays out an element of a top-level array
/// the same way whatever comes before it (the same indent, a comma before each but the
/// first), so the bytes are exactly those of one writer over all the roots. Helper threads
/// encode slices a few ahead of the one being written (`InOrderSchedule`), so memory stays
/// bounded; the caller's thread writes each slice once it is done and encodes slices itself
/// while it is not, so writing to the sink overlaps the encoding. The graph is only read
/// while encoding, so the threads share it safely.
struct ParallelTreeOutput {
    /// Fewer roots than this are not worth a thread.
    static let minimumRoots = 256
    /// Roots a slice: a few hundred KB of output.
    static let sliceSize = 2_048

    let writer: RecordWriter
    let style: JSONWriter.Style
    let threads: Int

    /// Writes `[roots…]` and a final newline to `sink`; cycles met go to `statistics`.
    func write(_ roots: [MappedObject], to sink: ByteSink, statistics: RecordWriter.Statistics) throws {
        let size = max(64, min(Self.sliceSize, roots.count / threads))
        let slices = stride(from: 0, to: roots.count, by: size).map { roots[$0..<min($0 + size, roots.count)] }
        let results = slices.map { _ in SliceResult() }
        // A slice per thread in progress and one ready to write: as much output in memory as
        // the threads need to keep busy, and no more.
        let schedule = InOrderSchedule(count: slices.count, window: threads + 1)
        let (writer, style) = (self.writer, self.style)
        let encode = { (k: Int) in
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
            schedule.finish(k)
        }
        // The caller's stack size: records of a deep graph are written recursively. With no
        // thread made, the caller encodes every slice itself.
        let helpers = (1..<min(threads, slices.count)).map { _ in
            WorkerThread(stackSize: 1 << 30) {
                while let k = schedule.claim() { encode(k) }
            }
        }
        defer {
            schedule.cancel()
            for helper in helpers { helper?.join() }
        }
        try sink.write("[")
        var wroteAny = false
        for (k, result) in results.enumerated() {
            schedule.awaitPiece(k, doing: encode)
            if let error = result.error { throw error }
            statistics.references += result.statistics.references
            if !result.inside.isEmpty {
                if wroteAny { try sink.write(",") }
                try result.bytes.write(result.inside, to: sink)
                wroteAny = true
            }
            result.bytes.removeAll()
            schedule.took(k)
        }
        try sink.write(wroteAny && style == .pretty ? "\n]\n" : "]\n")
    }

    /// Where an encoded array's inside lies: `[\n  a,\n  b\n]` has `\n  a,\n  b` (pretty),
    /// `[a,b]` has `a,b`; an empty array has nothing.
    private static func inside(of bytes: ChunkedMemorySink, style: JSONWriter.Style) -> Range<Int> {
        let closing = style == .pretty && bytes.count > 2 ? 2 : 1  // "\n]" or "]"
        return 1..<(bytes.count - closing)
    }

    /// What encoding one slice leaves for the caller, read once the slice is finished.
    private final class SliceResult: @unchecked Sendable {
        let bytes = ChunkedMemorySink()
        var inside: Range<Int> = 0..<0
        var error: (any Error)?
        let statistics = RecordWriter.Statistics()
    }
}
