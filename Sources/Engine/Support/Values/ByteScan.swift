internal import CByteScan

/// Searches for the first byte of a kind, sixteen bytes at a time where the processor has
/// SSE2 (every x86-64 one), eight at a time (`WordMask`) elsewhere and for the last bytes.
/// The JSON scanner and writer spend most of a long string's cost here, the XML pre-scan
/// most of its own.
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

    /// The offset from `p` of the first `byte` in the `count` bytes from `p`, or `count`.
    @inline(__always)
    static func first(of byte: UInt8, _ p: UnsafePointer<UInt8>, count: Int) -> Int {
        var i = 0
        if RESTMAP_BYTE_SCAN_16 != 0 {
            while i &+ 16 <= count {
                let mask = restmap_bytes_equal16(p + i, byte)
                if mask != 0 { return i &+ mask.trailingZeroBitCount }
                i &+= 16
            }
        }
        while i &+ 8 <= count {
            let mask = WordMask.bytes(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self), equalTo: byte)
            if mask != 0 { return i &+ mask.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        while i < count {
            if p[i] == byte { return i }
            i &+= 1
        }
        return count
    }

    /// The offset from `p` of the first byte an XML start tag's attribute count turns on (`>`,
    /// `=` or a quote) in the `count` bytes from `p`, or `count`.
    @inline(__always)
    static func firstXMLTagByte(_ p: UnsafePointer<UInt8>, count: Int) -> Int {
        var i = 0
        if RESTMAP_BYTE_SCAN_16 != 0 {
            while i &+ 16 <= count {
                let mask = restmap_xml_tag_bytes16(p + i)
                if mask != 0 { return i &+ mask.trailingZeroBitCount }
                i &+= 16
            }
        }
        while i &+ 8 <= count {
            let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            let mask = WordMask.bytes(word, equalTo: 0x3E) | WordMask.bytes(word, equalTo: 0x3D)
                | WordMask.bytes(word, equalTo: 0x22) | WordMask.bytes(word, equalTo: 0x27)
            if mask != 0 { return i &+ mask.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        while i < count {
            let byte = p[i]
            if byte == 0x3E || byte == 0x3D || byte == 0x22 || byte == 0x27 { return i }
            i &+= 1
        }
        return count
    }
}
