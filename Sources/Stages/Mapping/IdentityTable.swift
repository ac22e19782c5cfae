/// One entity's identity map: identity-key text (`1000001`, `17,en`) → the object mapped with
/// it. Every mapped representation with a primary key looks itself up here at least once, so
/// this is on the hot path of `map`: a `[String: MappedObject]` spent some 400 instructions a
/// lookup hashing the key with SipHash through `Hasher` and 900 an insert; this table hashes
/// the key's UTF-8 eight bytes at a time and probes linearly, about a tenth of that.
///
/// The hash is seeded once per process from the system's random source, so that a hostile
/// payload cannot be written to put every key in one chain (ids are the payload's to choose).
/// Iteration order is never used: the graph keeps objects in creation order itself. A class:
/// the graph reads its tables out of an array, and a struct of four arrays would be copied
/// (four retains and releases) on every lookup.
final class IdentityTable {
    private static let seed = UInt64.random(in: 1...UInt64.max)

    /// The registered keys, their hashes and objects, in registration order.
    private var keys: [String] = []
    private var hashes: [UInt64] = []
    private var objects: [MappedObject] = []
    /// Open addressing over the entries: 0 is an empty slot, `n` the entry at `n - 1`. Growing
    /// rebuilds only this table of integers from the stored hashes.
    private var slots: [Int32] = []

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// The object registered under `key`, if any.
    func object(for key: String) -> MappedObject? {
        guard !keys.isEmpty else { return nil }
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[position]) - 1
            if entry < 0 { return nil }
            if hashes[entry] == hash && keys[entry] == key { return objects[entry] }
            position = (position + 1) & mask
        }
    }

    /// Registers `object` under `key`, which the caller knows is not registered yet.
    func insert(_ object: MappedObject, for key: String) {
        if (keys.count + 1) * 2 > slots.count { grow() }
        let hash = Self.hash(key)
        keys.append(key)
        hashes.append(hash)
        objects.append(object)
        place(entry: keys.count - 1, hash: hash)
    }

    /// Forgets every key but keeps the storage.
    func removeAll() {
        guard !keys.isEmpty else { return }
        keys.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        objects.removeAll(keepingCapacity: true)
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    private func place(entry: Int, hash: UInt64) {
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var position = Int(truncatingIfNeeded: hash) & mask
            while slots[position] != 0 { position = (position + 1) & mask }
            slots[position] = Int32(truncatingIfNeeded: entry + 1)
        }
    }

    /// Doubles the slot table (16 slots at first), keeping it at most half full.
    private func grow() {
        let size = max(16, slots.count * 2)
        slots = [Int32](unsafeUninitializedCapacity: size) { buffer, initialized in
            buffer.initialize(repeating: 0)
            initialized = size
        }
        for entry in hashes.indices { place(entry: entry, hash: hashes[entry]) }
    }

    /// A 64-bit hash of the key's UTF-8, never 0: words of eight bytes folded in with a
    /// multiply and shifts (the finalizer of SplitMix64), the seed and the length first.
    static func hash(_ key: String) -> UInt64 {
        var key = key  // a small string (most ids) is copied without touching memory
        let hash = key.withUTF8 { utf8 in
            Self.hash(bytes: UnsafeRawPointer(utf8.baseAddress), count: utf8.count)
        }
        return hash == 0 ? 1 : hash
    }

    @inline(__always)
    private static func hash(bytes: UnsafeRawPointer?, count: Int) -> UInt64 {
        var state = seed ^ UInt64(truncatingIfNeeded: count)
        guard let bytes else { return mix(state) }
        if count < 8 {
            var tail: UInt64 = 0
            for index in 0..<count { tail |= UInt64(bytes.load(fromByteOffset: index, as: UInt8.self)) << (8 * UInt64(index)) }
            return mix(state ^ tail)
        }
        var offset = 0
        while offset + 8 <= count {
            state = mix(state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {  // the last eight bytes, overlapping the word before
            state = mix(state ^ bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        return state
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
