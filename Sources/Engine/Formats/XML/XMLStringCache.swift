/// Strings of an XML input, made once per distinct short byte sequence (see
/// `ShortStringCache`). libxml2 has checked the UTF-8 already, so a string made once from some
/// bytes is the string of those bytes.
final class XMLStringCache {
    private let cache = ShortStringCache(slotBits: 10)
    /// Whether short ASCII strings are made from their two words (`SmallStringBits`), for less
    /// than a lookup costs: ASCII is valid UTF-8 whatever the input, so nothing is assumed.
    private let makesInline: Bool

    init(makesInline: Bool = SmallStringBits.isUsable) {
        self.makesInline = makesInline
    }

    /// The string of `bytes`.
    @inline(__always)
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        guard count <= 15, count > 0 else { return XMLText.string(bytes) }
        let (low, high) = ShortStringCache.key(UnsafeRawPointer(bytes.baseAddress!), count: count, readable: count)
        if makesInline && (low | high) & WordMask.highs == 0 {
            return SmallStringBits.string(packedLow: low, high: high)
        }
        let hash = ShortStringCache.hash(low: low, high: high)
        return cache.string(low: low, high: high, hash: hash) { XMLText.string(bytes) }
    }
}
