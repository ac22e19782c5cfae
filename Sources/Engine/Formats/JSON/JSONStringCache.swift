/// The strings of a JSON input's tokens. A short one (at most 15 bytes, no escapes) is made
/// from its two words (`SmallStringBits`) where that layout holds, else found again by its
/// bytes in a table of the ones made before (`ShortStringCache`, built only then); longer
/// strings and strings with escapes are decoded afresh. Also gives each short key the tag the
/// value builder checks duplicates with.
final class JSONStringCache {
    /// Whether short strings and numbers are made from their two words.
    private let makesInline: Bool
    private lazy var cache = ShortStringCache(slotBits: 9)

    init(makesInline: Bool = SmallStringBits.isUsable) {
        self.makesInline = makesInline
    }

    /// The decoded string of `token`.
    @inline(__always)
    func string(_ token: JSONStringToken) -> String {
        var tag: UInt64 = 0
        return string(token, tag: &tag)
    }

    /// The decoded string of `token`, and in `tag` a hash of its bytes when it is short plain
    /// ASCII (0 otherwise), which the `Value` builder uses to check keys for duplicates.
    @inline(__always)
    func string(_ token: JSONStringToken, tag: inout UInt64) -> String {
        let count = token.bytes.count
        guard count <= SmallStringBits.capacity, !token.hasEscapes else { return token.string }
        let (low, high) = ShortStringCache.key(
            UnsafeRawPointer(token.bytes.baseAddress!), count: count, readable: token.readable)
        let hash = ShortStringCache.hash(low: low, high: high)
        tag = Self.tag(low: low, high: high, hash: hash)
        // The scanner has checked the bytes, and a short string is made from its two words
        // for less than a lookup costs; the table serves where that is not available.
        if makesInline {
            assert(String(validating: token.bytes, as: UTF8.self) != nil, "unchecked bytes made into a String")
            return SmallStringBits.string(packedLow: low, high: high)
        }
        return cache.string(low: low, high: high, hash: hash) { token.string }
    }

    /// The text of a number token (ASCII by the grammar), short ones from their two words.
    @inline(__always)
    func text(_ number: JSONNumberToken) -> String {
        let bytes = number.bytes
        guard makesInline, bytes.count <= SmallStringBits.capacity, let start = bytes.baseAddress else { return number.text }
        assert(bytes.allSatisfy { $0 < 0x80 }, "a number's text is ASCII")
        return SmallStringBits.make(UnsafeRawPointer(start), count: bytes.count, isASCII: true)
    }

    /// The tag of a short key: its hash when every byte is ASCII, else 0.
    @inline(__always)
    private static func tag(low: UInt64, high: UInt64, hash: UInt64) -> UInt64 {
        (low | high) & 0x8080_8080_8080_8080 == 0 ? hash | 1 : 0
    }

    /// The tag `string(_:tag:)` gives the unescaped text `bytes` (for names known in advance).
    static func tag(of bytes: [UInt8]) -> UInt64 {
        guard bytes.count <= 15 else { return 0 }
        let padded = bytes + [UInt8](repeating: 0, count: 16 - bytes.count)
        let (low, high) = padded.withUnsafeBytes {
            ShortStringCache.key($0.baseAddress!, count: bytes.count, readable: 16)
        }
        return tag(low: low, high: high, hash: ShortStringCache.hash(low: low, high: high))
    }
}
