/// Tests on eight bytes at once (SWAR: a `UInt64` loaded from the input): each returns the
/// high bit of every byte that passes. Borrows can mark bytes above a passing one too, so
/// only the lowest set bit is exact — which is all a search for the first such byte needs.
/// The JSON scanner and writer and the XML pre-scan share these.
public enum WordMask {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Bytes equal to `byte`.
    @inline(__always)
    public static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highs
    }

    /// Bytes below `limit` (at most 0x80).
    @inline(__always)
    public static func bytes(_ word: UInt64, below limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Bytes a JSON string cannot hold as they are: `"`, `\` and control characters.
    @inline(__always)
    public static func jsonEscapes(_ word: UInt64) -> UInt64 {
        bytes(word, equalTo: 0x22) | bytes(word, equalTo: 0x5C) | bytes(word, below: 0x20)
    }

    /// Whether the first `count` (at most 15) bytes of a short string's two words hold a
    /// byte JSON must escape. The padding after them (zeros, which count as control
    /// characters) is masked off: a borrow marks only bytes above a marked one, so neither
    /// can the padding mark the string's own bytes, nor is the lowest real escape left
    /// unmarked.
    @inline(__always)
    public static func hasJSONEscapes(low: UInt64, high: UInt64, count: Int) -> Bool {
        let lowBytes: UInt64 = count >= 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1
        let highBytes: UInt64 = count <= 8 ? 0 : (1 &<< UInt64((count &- 8) &* 8)) &- 1
        return jsonEscapes(low) & lowBytes | jsonEscapes(high) & highBytes != 0
    }
}
