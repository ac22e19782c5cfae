/// Strings of up to 15 UTF-8 bytes made, and read, as their two words.
///
/// A `String` of at most 15 bytes is stored inline ("small"): on 64-bit platforms its two
/// words hold the bytes in order, and the last byte says the count and whether all of them
/// are ASCII (`0xE0 | count` when they are, `0xA0 | count` when not). Most JSON values are
/// that short (ids, names, codes), and the standard library makes each through a general
/// path that sizes and copies it; here the bytes are loaded in at most two overlapping reads
/// and the count set, and a writer copies the two words whole.
///
/// That layout is the standard library's and not an API, so it is checked once at run time
/// against strings the standard library made (`isUsable`); where it does not hold (another
/// platform, another runtime) callers make and read strings the standard way.
enum SmallStringBits {
    /// The longest string stored inline.
    static let capacity = 15

    /// Whether strings made and read here are the standard library's, checked once per
    /// process (callers keep it in a property: reading a lazy static costs a call).
    static let isUsable: Bool = {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        // Strings stored elsewhere are not taken for inline ones: one made long and cut
        // short, a literal, a long one.
        var shortened = String(repeating: "x", count: 40)
        shortened.removeLast(35)
        let elsewhere = [shortened, "a literal string longer than fifteen bytes", String(repeating: "y", count: 16)]
        guard elsewhere.allSatisfy({ inlineWords(of: $0) == nil }) else { return false }
        let samples = ["", "a", "id", "abc", "1000000", "12345678", "Ahmed Ivanov", "123456789012345", "Tesorería", "Ümit"]
        return samples.allSatisfy(isMadeAsTheStandardLibraryMakesIt)
        #else
        return false
        #endif
    }()

    /// Whether `sample`, made here from its bytes both ways, has the standard library's two
    /// words, and reads back as its bytes.
    private static func isMadeAsTheStandardLibraryMakesIt(_ sample: String) -> Bool {
        guard let words = inlineWords(of: sample), words.count == sample.utf8.count else { return false }
        let bytes = Array(sample.utf8) + [UInt8](repeating: 0, count: 16)
        return bytes.withUnsafeBytes { raw in
            let isASCII = sample.utf8.allSatisfy { $0 < 0x80 }
            let made = make(raw.baseAddress!, count: words.count, isASCII: isASCII)
            let key = ShortStringCache.key(raw.baseAddress!, count: words.count, readable: 16)
            let packed = string(packedLow: key.low, high: key.high)
            return [made, packed].allSatisfy { string in
                unsafeBitCast(string, to: (UInt64, UInt64).self) == (words.low, words.high) && string == sample
            }
        }
    }

    /// The string of the `count` (at most 15) bytes at `bytes`, which must be valid UTF-8;
    /// `isASCII` must say exactly whether every byte is below 0x80. Reads only those bytes.
    @inline(__always)
    static func make(_ bytes: UnsafeRawPointer, count: Int, isASCII: Bool) -> String {
        assert(count <= capacity, "too long for an inline string")
        var low: UInt64 = 0
        var high: UInt64 = 0
        if count >= 8 {
            low = bytes.loadUnaligned(as: UInt64.self)
            if count > 8 {
                // The last eight bytes, shifted so that byte 8 comes first.
                high = bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &>> UInt64((16 &- count) &* 8)
            }
        } else if count >= 4 {
            let first = UInt64(bytes.loadUnaligned(as: UInt32.self))
            let last = UInt64(bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            low = first | last &<< UInt64((count &- 4) &* 8)
        } else if count > 0 {
            let middle = count &>> 1
            low = UInt64(bytes.load(as: UInt8.self))
                | UInt64(bytes.load(fromByteOffset: middle, as: UInt8.self)) &<< UInt64(middle &* 8)
                | UInt64(bytes.load(fromByteOffset: count &- 1, as: UInt8.self)) &<< UInt64((count &- 1) &* 8)
        }
        high |= (isASCII ? 0xE0 : 0xA0 as UInt64) &<< 56 | UInt64(count) &<< 56
        return taking(low, high)
    }

    /// The string whose two words are `low` and `high` (an inline string's, with its top
    /// byte, as `inlineWords` gives them). Moved out of memory holding them, not cast: a cast
    /// yields a borrowed string that the caller retains, a call (which does nothing for an
    /// inline string) for every string.
    @inline(__always)
    static func taking(_ low: UInt64, _ high: UInt64) -> String {
        assert(high & (1 << 61) != 0, "not an inline string's words")  // the "small" flag
        var words = (low, high)
        return withUnsafeMutablePointer(to: &words) {
            $0.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
        }
    }

    /// The bytes of `text` when it is stored inline: its two words (the bytes in order, then
    /// padding and, in the top byte, the count and flags) and the count; nil for a string
    /// stored elsewhere (longer, or made so). Writers copy the words whole. Only where
    /// `isUsable` (callers keep it in a property: reading a lazy static costs a call).
    @inline(__always)
    static func inlineWords(of text: String) -> (low: UInt64, high: UInt64, count: Int)? {
        let (low, high) = unsafeBitCast(text, to: (UInt64, UInt64).self)
        let top = high &>> 56
        guard top & 0x20 != 0 else { return nil }  // the "small" flag
        return (low, high, Int(truncatingIfNeeded: top & 0x0F))
    }

    /// The string of the bytes packed in `low` and `high` as `ShortStringCache.key` packs them
    /// (in order, zeros after the last, the count in the top byte), which must be valid UTF-8.
    @inline(__always)
    static func string(packedLow low: UInt64, high: UInt64) -> String {
        // (The count, at most 15, leaves the top bit of every byte clear.)
        let isASCII = (low | high) & 0x8080_8080_8080_8080 == 0
        return taking(low, high | (isASCII ? 0xE0 : 0xA0 as UInt64) &<< 56)
    }
}
