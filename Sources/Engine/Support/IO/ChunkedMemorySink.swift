/// Collects bytes in memory as the chunks they came in, for output that is encoded ahead and
/// written later (the tree output's slices, `ParallelTreeOutput`). A `JSONWriter` hands over
/// its full buffer itself (`BufferAdoptingSink`), so its bytes are never copied on the way;
/// other writers' bytes are copied once. A `MemorySink`'s array, grown by appending, copies
/// what it holds again at every doubling.
final class ChunkedMemorySink: BufferAdoptingSink {
    /// A block of memory the sink owns, `count` bytes of it written.
    private struct Chunk {
        let start: UnsafeMutablePointer<UInt8>
        let count: Int
    }

    private var chunks: [Chunk] = []
    /// Bytes collected so far.
    private(set) var count = 0

    init() {}

    deinit { removeAll() }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        copy.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        adopt(copy, count: bytes.count)
    }

    func adopt(_ buffer: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else {
            buffer.deallocate()
            return
        }
        chunks.append(Chunk(start: buffer, count: count))
        self.count += count
    }

    /// Drops the bytes collected (once written).
    func removeAll() {
        for chunk in chunks { chunk.start.deallocate() }
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
                try sink.write(UnsafeRawBufferPointer(start: chunk.start + (lower - offset), count: upper - lower))
            }
            offset += chunk.count
            if offset >= range.upperBound { break }
        }
    }
}

/// A sink that keeps a writer's full buffer instead of copying its bytes: the writer hands
/// it over and allocates a new one, which costs less than the copy.
protocol BufferAdoptingSink: ByteSink {
    /// Takes ownership of `buffer` (from `UnsafeMutablePointer<UInt8>.allocate`), whose first
    /// `count` bytes were written; the sink deallocates it.
    func adopt(_ buffer: UnsafeMutablePointer<UInt8>, count: Int)
}
