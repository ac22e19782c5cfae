/// The member names an element filter keeps (`JSONPathBuilder`'s `members`). Most keys of a
/// payload are turned down by their length alone (a bit per length held by some name), then
/// by their first eight bytes, before any byte-by-byte comparison.
struct JSONMemberFilter {
    private let names: [JSONMemberName]
    /// Bit n set: some name is n bytes long (names of 64 bytes or more set bit 63).
    private let lengths: UInt64

    init(_ names: Set<String>) {
        self.names = names.sorted().map(JSONMemberName.init)
        lengths = self.names.reduce(0) { $0 | Self.lengthBit($1.bytes.count) }
    }

    @inline(__always)
    private static func lengthBit(_ count: Int) -> UInt64 {
        1 &<< UInt64(min(count, 63))
    }

    /// Whether `key` is one of the names.
    @inline(__always)
    func contains(_ key: JSONStringToken) -> Bool {
        // An escaped key's length is not its text's; it skips the length check.
        if !key.hasEscapes && lengths & Self.lengthBit(key.bytes.count) == 0 { return false }
        return names.withUnsafeBufferPointer { names in
            for name in names where name.matches(key) { return true }
            return false
        }
    }
}

/// A member name of the element filter, with its length and first bytes at hand, so that most
/// keys are turned down without a byte-by-byte comparison.
struct JSONMemberName {
    let bytes: [UInt8]
    let prefix: UInt64

    init(_ name: String) {
        bytes = Array(name.utf8)
        var word: UInt64 = 0
        for (i, byte) in bytes.prefix(8).enumerated() { word |= UInt64(byte) << (8 * UInt64(i)) }
        prefix = word
    }

    @inline(__always)
    func matches(_ key: JSONStringToken) -> Bool {
        if key.hasEscapes { return key.equals(bytes) }
        let count = bytes.count
        guard key.bytes.count == count else { return false }
        if key.readable >= 8 {
            let word = UnsafeRawPointer(key.bytes.baseAddress!).loadUnaligned(as: UInt64.self)
            let mask: UInt64 = count >= 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1
            if word & mask != prefix { return false }
            if count <= 8 { return true }
        }
        return key.equals(bytes)
    }
}

