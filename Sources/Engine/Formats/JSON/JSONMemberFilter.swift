/// The member names an element filter keeps (`JSONPathBuilder`'s `members`). Most keys of a
/// payload are turned down by their length alone (a bit per length held by some name), then
/// compared with the few names of their length, by their first eight bytes before any
/// byte-by-byte comparison. A key that matches comes back as its member's index, and the
/// member's `String` and duplicate-check tag were made once, so that the value builder need
/// not make or look them up again for every element.
struct JSONMemberFilter {
    private let names: [JSONMemberName]
    /// Bit n set: some name is n bytes long (names of 64 bytes or more set bit 63).
    private let lengths: UInt64
    /// Per length below 64, where the names of that length sit in `names` (sorted by length);
    /// index 63 covers every name of 63 bytes or more.
    private let byLength: [Range<Int>]

    init(_ names: Set<String>) {
        let sorted = names.map(JSONMemberName.init).sorted {
            ($0.lengthClass, $0.string) < ($1.lengthClass, $1.string)
        }
        self.names = sorted
        lengths = sorted.reduce(0) { $0 | Self.lengthBit($1.bytes.count) }
        var ranges = [Range<Int>](repeating: 0..<0, count: 64)
        var start = 0
        while start < sorted.count {
            let length = sorted[start].lengthClass
            var end = start + 1
            while end < sorted.count && sorted[end].lengthClass == length { end += 1 }
            ranges[length] = start..<end
            start = end
        }
        byLength = ranges
    }

    @inline(__always)
    private static func lengthBit(_ count: Int) -> UInt64 {
        1 &<< UInt64(min(count, 63))
    }

    /// The index of the member `key` names, if it is one (for `string(at:)` and `tag(at:)`).
    @inline(__always)
    func match(_ key: JSONStringToken) -> Int? {
        // An escaped key's length is not its text's: it is compared with every name.
        if key.hasEscapes {
            return names.firstIndex { key.equals($0.bytes) }
        }
        let count = key.bytes.count
        if lengths & Self.lengthBit(count) == 0 { return nil }
        return names.withUnsafeBufferPointer { names in
            for index in byLength[min(count, 63)] where names[index].matches(key) { return index }
            return nil
        }
    }

    /// The text of the member at `index`: a short one made from its two words, as a copy of
    /// the stored `String` would be retained (a call for every key kept of every element).
    @inline(__always)
    func string(at index: Int) -> String {
        names.withUnsafeBufferPointer {
            if $0[index].isInline { return SmallStringBits.taking($0[index].inlineLow, $0[index].inlineHigh) }
            return $0[index].string
        }
    }

    /// The duplicate-check tag of the member at `index`.
    @inline(__always)
    func tag(at index: Int) -> UInt64 {
        names.withUnsafeBufferPointer { $0[index].tag }
    }
}

/// A member name of the element filter, with its length and first bytes at hand, so that most
/// keys are turned down without a byte-by-byte comparison, and with what the value builder
/// pushes for it: its `String` and its duplicate-check tag (`JSONStringCache`'s).
struct JSONMemberName {
    let bytes: [UInt8]
    let prefix: UInt64
    let string: String
    let tag: UInt64
    /// Whether `string` is stored inline, as the words `inlineLow` and `inlineHigh`.
    let isInline: Bool
    let inlineLow: UInt64
    let inlineHigh: UInt64

    init(_ name: String) {
        string = name
        let words = SmallStringBits.isUsable ? SmallStringBits.inlineWords(of: name) : nil
        isInline = words != nil
        inlineLow = words?.low ?? 0
        inlineHigh = words?.high ?? 0
        bytes = Array(name.utf8)
        var word: UInt64 = 0
        for (i, byte) in bytes.prefix(8).enumerated() { word |= UInt64(byte) << (8 * UInt64(i)) }
        prefix = word
        tag = JSONStringCache.tag(of: bytes)
    }

    /// The length, with every length from 63 on as one.
    var lengthClass: Int { min(bytes.count, 63) }

    /// Whether the unescaped key `key`, of a length class this name shares, is this name.
    @inline(__always)
    func matches(_ key: JSONStringToken) -> Bool {
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
