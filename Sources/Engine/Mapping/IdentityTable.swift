/// One entity's identity map: identity-key text (`1000001`, `17,en`) → the object mapped with
/// it. Every mapped representation with a primary key looks itself up here at least once, so
/// this is on the hot path of `map`: a `[String: MappedObject]` spent some 400 instructions a
/// lookup hashing the key with SipHash through `Hasher` and 900 an insert; this table probes
/// linearly from a cheap hash (`IdentityKeyHash`), about a tenth of that.
///
/// Where the keys go: a key that is a plain integer (most ids) starts at its own value, so
/// that ids in sequence fill slots in sequence and a run's lookups walk memory in order
/// instead of missing the cache once per object (a tenth of a 100 MB XML run's mapping
/// thread); any other key at a seeded hash of its UTF-8. Ids are the payload's to choose, so
/// a probe longer than `longestProbe` (ids spaced by a power of two, say) turns the table to
/// seeded hashes for every key, which a hostile payload cannot aim.
///
/// Iteration order is never used: the graph keeps objects in creation order itself. A class:
/// the graph reads its tables out of an array, and a struct of four arrays would be copied
/// (four retains and releases) on every lookup.
final class IdentityTable {
    /// The registered keys, their hashes and objects, in registration order.
    private var keys: [String] = []
    private var hashes: [UInt64] = []
    private var objects: [MappedObject] = []
    /// Open addressing over the entries: 0 is an empty slot, `n` the entry at `n - 1`. Growing
    /// rebuilds only this table of integers from the stored hashes.
    private var slots: [Int32] = []

    /// Integer keys at their value (false once a probe ran long: every key seeded then).
    private(set) var placesIntegersInOrder = true
    static let longestProbe = 64

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// The object registered under `key`, if any.
    func object(for key: IdentityKey) -> MappedObject? {
        guard !keys.isEmpty else { return nil }
        let hash = hash(key)
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        var probes = 0
        while true {
            let entry = Int(slots[position]) - 1
            if entry < 0 { return nil }
            if hashes[entry] == hash && keys[entry] == key.text { return objects[entry] }
            position = (position + 1) & mask
            probes += 1
            if probes > Self.longestProbe && placesIntegersInOrder {
                seedEveryKey()
                return object(for: key)
            }
        }
    }

    /// Registers `object` under `key`, which the caller knows is not registered yet.
    func insert(_ object: MappedObject, for key: IdentityKey) {
        if (keys.count + 1) * 2 > slots.count { grow() }
        let hash = hash(key)
        keys.append(key.text)
        hashes.append(hash)
        objects.append(object)
        if place(entry: keys.count - 1, hash: hash) > Self.longestProbe && placesIntegersInOrder { seedEveryKey() }
    }

    /// Forgets every key but keeps the storage.
    func removeAll() {
        guard !keys.isEmpty else { return }
        keys.removeAllKeepingStorage()
        hashes.removeAllKeepingStorage()
        objects.removeAllKeepingStorage()
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Where `key` starts its probe.
    private func hash(_ key: IdentityKey) -> UInt64 {
        if placesIntegersInOrder, let value = key.integer { return UInt64(bitPattern: value) }
        return IdentityKeyHash.seeded(key.text)
    }

    /// Puts the entry in the first free slot from its hash; how many slots were passed.
    @discardableResult
    private func place(entry: Int, hash: UInt64) -> Int {
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var position = Int(truncatingIfNeeded: hash) & mask
            var probes = 0
            while slots[position] != 0 {
                position = (position + 1) & mask
                probes += 1
            }
            slots[position] = Int32(truncatingIfNeeded: entry + 1)
            return probes
        }
    }

    /// Doubles the slot table (16 slots at first), keeping it at most half full.
    private func grow() {
        rebuildSlots(size: max(16, slots.count * 2))
    }

    private func rebuildSlots(size: Int) {
        slots = [Int32](unsafeUninitializedCapacity: size) { buffer, initialized in
            buffer.initialize(repeating: 0)
            initialized = size
        }
        var longest = 0
        for entry in hashes.indices { longest = max(longest, place(entry: entry, hash: hashes[entry])) }
        if longest > Self.longestProbe && placesIntegersInOrder { seedEveryKey() }
    }

    /// A probe ran long: every key goes to its seeded hash from now on.
    private func seedEveryKey() {
        placesIntegersInOrder = false
        for entry in keys.indices { hashes[entry] = IdentityKeyHash.seeded(keys[entry]) }
        rebuildSlots(size: slots.count)
    }
}
