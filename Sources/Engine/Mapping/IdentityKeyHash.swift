/// The hashes `IdentityTable` places keys by.
enum IdentityKeyHash {
    private static let seed = UInt64.random(in: 1...UInt64.max)

    /// The key's value when it is a plain decimal integer (`-`, then at most 18 digits).
    static func integerValue(_ key: String) -> Int64? {
        IdentityText.readingUTF8(of: key) { IdentityText.decimalInteger($0, canonical: false) }
    }

    /// A 64-bit hash of the key's UTF-8: words of eight bytes folded in with a multiply and
    /// shifts (the finalizer of SplitMix64), a per-process random seed and the length first.
    static func seeded(_ key: String) -> UInt64 {
        IdentityText.readingUTF8(of: key) { utf8 in hash(bytes: UnsafeRawPointer(utf8.baseAddress), count: utf8.count) }
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
