/// `map --shard I/K`: which root representations this process maps when K processes share
/// one load (docs/stores.md, "Sharding"). A representation whose object has a primary key goes to the
/// shard its entity and key hash to, so every representation of one object — a list entry
/// and the detail payload that updates it — is mapped by one shard, in payload order, and
/// the last still wins as in one run. Representations without a key (no primary key, or its
/// values missing) are dealt out in turn. Neither needs a count of the input beforehand, so
/// it works on a stream; the K shards together map every representation exactly once.
public struct ShardSelector: Equatable, Sendable {
    /// 1-based: 1...count.
    let index: Int
    let count: Int
    /// Representations without a key dealt so far.
    private var position = 0

    init(index: Int, count: Int) throws {
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

    /// Whether this shard maps a representation of `entity` whose identity (its primary-key
    /// values as the identity map compares them) is `identity`; nil for one without.
    mutating func takes(entity: String, identity: String?) -> Bool {
        guard let identity else {
            defer { position += 1 }
            return position % count == index - 1
        }
        return Int(Self.stableHash(entity, identity) % UInt64(count)) == index - 1
    }

    /// FNV-1a over the entity's name and the key, then a final mix (so that the low bits a
    /// small K reads depend on every byte): the same in every process and on every machine
    /// (Swift's `Hasher` is seeded per process).
    static func stableHash(_ entity: String, _ identity: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in entity.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01B3
        for byte in identity.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 31)
    }
}
