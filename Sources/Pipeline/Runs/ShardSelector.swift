import RestmapBase

/// `map --shard I/K`: which representations of the inputs this process maps when K
/// processes share one load (README "Sharding"). Representations are dealt out in turn —
/// the n-th (from 0) goes to shard n mod K + 1 — counting the elements of every streamed
/// collection (a top-level array's elements, an NDJSON input's lines) across all inputs, or
/// whole documents where a payload is mapped whole. Dealing in turn needs no count of the
/// input beforehand, so it works on a stream; the K shards together map every
/// representation exactly once.
public struct ShardSelector: Equatable, Sendable {
    /// 1-based: 1...count.
    public let index: Int
    public let count: Int
    private var position = 0

    public init(index: Int, count: Int) throws {
        guard count >= 1, (1...count).contains(index) else {
            throw RestmapError.usage(.malformedArgument, "--shard \(index)/\(count): write I/K with 1 ≤ I ≤ K (the I-th of K shards)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `I/K`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw RestmapError.usage(.malformedArgument, "--shard '\(text)': write I/K, e.g. 2/4 for the second of four shards")
        }
        try self.init(index: index, count: count)
    }

    /// Whether the next representation is this shard's (and counts it).
    public mutating func takesNext() -> Bool {
        defer { position += 1 }
        return position % count == index - 1
    }
}
