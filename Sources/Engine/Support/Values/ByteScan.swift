internal import CByteScan

/// Searches for the first byte of a kind, sixteen bytes at a time where the processor has
/// SSE2 (every x86-64 one), eight at a time (`WordMask`) elsewhere and for the last bytes.
/// The JSON scanner and writer spend most of a long string's cost here.
enum ByteScan {
    /// The offset from `p` of the first byte a JSON string scan stops at (`"`, `\`, a control
    /// character or a byte of a multi-byte character) in the `count` bytes from `p`; when
    /// there is none, the offset past the whole words it looked at (fewer than eight bytes
    /// are left after it, for the caller to look at one by one).
    @inline(__always)
    static func jsonStringStop(_ p: UnsafePointer<UInt8>, count: Int) -> Int {
        var i = 0
        if RESTMAP_BYTE_SCAN_16 != 0 {
            while i &+ 16 <= count {
                let mask = restmap_json_string_stops16(p + i)
                if mask != 0 { return i &+ mask.trailingZeroBitCount }
                i &+= 16
            }
        }
        while i &+ 8 <= count {
            let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            let mask = WordMask.jsonEscapes(word) | (word & WordMask.highs)
            if mask != 0 { return i &+ mask.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        return i
    }

    /// The offset from `p` of the first byte a JSON writer must escape (`"`, `\` or a control
    /// character) in the `count` bytes from `p`, or `count` when there is none.
    @inline(__always)
    static func jsonEscape(_ p: UnsafePointer<UInt8>, count: Int) -> Int {
        var i = 0
        if RESTMAP_BYTE_SCAN_16 != 0 {
            while i &+ 16 <= count {
                let mask = restmap_json_escapes16(p + i)
                if mask != 0 { return i &+ mask.trailingZeroBitCount }
                i &+= 16
            }
        }
        while i &+ 8 <= count {
            let mask = WordMask.jsonEscapes(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            if mask != 0 { return i &+ mask.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        while i < count {
            let c = p[i]
            if c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") { return i }
            i &+= 1
        }
        return count
    }
}
