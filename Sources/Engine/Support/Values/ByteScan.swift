internal import CByteScan

/// A kind of byte a search stops at, tested sixteen bytes at once (SSE2), eight (a word) and
/// one at a time, so that one search loop serves every kind.
protocol ByteClass {
    /// Bit k set when the byte at `p + k` is of the kind; sixteen bytes from `p` are readable.
    /// Called only where `RESTMAP_BYTE_SCAN_16` is 1.
    func block(_ p: UnsafePointer<UInt8>) -> UInt32
    /// The high bit of each byte of the kind in `word` (exact for the lowest, as `WordMask`).
    func word(_ word: UInt64) -> UInt64
    func contains(_ byte: UInt8) -> Bool
}

/// Searches for the first byte of a kind, sixteen bytes at a time where the processor has
/// SSE2 (every x86-64 one), eight at a time (`WordMask`) elsewhere and for the last bytes.
/// The JSON scanner and writer spend most of a long string's cost here, the XML pre-scan
/// most of its own.
enum ByteScan {
    /// The offset from `p` of the first byte of `kind` in the `count` bytes from `p`, or
    /// `count` when there is none.
    @inline(__always)
    static func first<Kind: ByteClass>(_ kind: Kind, in p: UnsafePointer<UInt8>, count: Int) -> Int {
        var i = 0
        if RESTMAP_BYTE_SCAN_16 != 0 {
            while i &+ 16 <= count {
                let mask = kind.block(p + i)
                if mask != 0 { return i &+ mask.trailingZeroBitCount }
                i &+= 16
            }
        }
        while i &+ 8 <= count {
            let mask = kind.word(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            if mask != 0 { return i &+ mask.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        while i < count {
            if kind.contains(p[i]) { return i }
            i &+= 1
        }
        return count
    }
}

/// Where a JSON string scan stops: `"`, `\`, a control character, or a byte of a multi-byte
/// character (checked there).
struct JSONStringStops: ByteClass {
    @inline(__always) func block(_ p: UnsafePointer<UInt8>) -> UInt32 { restmap_json_string_stops16(p) }
    @inline(__always) func word(_ word: UInt64) -> UInt64 { WordMask.jsonEscapes(word) | (word & WordMask.highs) }
    @inline(__always) func contains(_ byte: UInt8) -> Bool { byte < 0x20 || byte >= 0x80 || byte == 0x22 || byte == 0x5C }
}

/// What a JSON writer must escape: `"`, `\` and control characters.
struct JSONEscapes: ByteClass {
    @inline(__always) func block(_ p: UnsafePointer<UInt8>) -> UInt32 { restmap_json_escapes16(p) }
    @inline(__always) func word(_ word: UInt64) -> UInt64 { WordMask.jsonEscapes(word) }
    @inline(__always) func contains(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }
}

/// One byte value (the XML pre-scan's `<`, `>` and quotes).
struct ByteValue: ByteClass {
    let value: UInt8
    @inline(__always) func block(_ p: UnsafePointer<UInt8>) -> UInt32 { restmap_bytes_equal16(p, value) }
    @inline(__always) func word(_ word: UInt64) -> UInt64 { WordMask.bytes(word, equalTo: value) }
    @inline(__always) func contains(_ byte: UInt8) -> Bool { byte == value }
}

/// What an XML start tag's attribute count turns on: `>`, `=` and the quotes.
struct XMLTagBytes: ByteClass {
    @inline(__always) func block(_ p: UnsafePointer<UInt8>) -> UInt32 { restmap_xml_tag_bytes16(p) }
    @inline(__always) func word(_ word: UInt64) -> UInt64 {
        WordMask.bytes(word, equalTo: 0x3E) | WordMask.bytes(word, equalTo: 0x3D)
            | WordMask.bytes(word, equalTo: 0x22) | WordMask.bytes(word, equalTo: 0x27)
    }
    @inline(__always) func contains(_ byte: UInt8) -> Bool { byte == 0x3E || byte == 0x3D || byte == 0x22 || byte == 0x27 }
}
