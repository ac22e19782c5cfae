/// Collects bytes in memory as the chunks they came in, for output that is encoded ahead and
/// written later (the tree output's slices, `ParallelTreeOutput`). Each byte is copied once;
/// a `MemorySink`'s array, grown by appending, copies what it holds again at every doubling.
final class ChunkedMemorySink: ByteSink {
    private var chunks: [[UInt8]] = []
    /// Bytes collected so far.
    private(set) var count = 0

    init() {}

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        chunks.append(Array(bytes))
        count += bytes.count
    }

    /// Drops the bytes collected (once written).
    func removeAll() {
        chunks = []
        count = 0
    }

    /// Writes the collected bytes in `range` (offsets into all of them, in order) to `sink`.
    func write(_ range: Range<Int>, to sink: ByteSink) throws {
        var offset = 0
        for chunk in chunks {
            let lower = max(range.lowerBound, offset)
            let upper = min(range.upperBound, offset + chunk.count)
            if lower < upper {
                try chunk.withUnsafeBytes { try sink.write(UnsafeRawBufferPointer(rebasing: $0[(lower - offset)..<(upper - offset)])) }
            }
            offset += chunk.count
            if offset >= range.upperBound { break }
        }
    }
}
