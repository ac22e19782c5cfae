/// Strings made from bytes a reader has already checked to be valid UTF-8 (the JSON scanner
/// rejects every ill-formed sequence before a token exists), without the standard library's
/// second validation pass. Never for bytes nothing has checked: a `String` holding ill-formed
/// UTF-8 breaks the standard library's assumptions.
enum CheckedUTF8 {
    /// The string of `bytes`, which must be valid UTF-8.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return "" }
        // Whether every byte is ASCII: the flag a validated string would carry, which keeps
        // comparisons and indexing on their fast paths.
        let raw = UnsafeRawPointer(source)
        var bits: UInt64 = 0
        var i = 0
        while i &+ 8 <= bytes.count {
            bits |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i &+= 8
        }
        while i < bytes.count {
            bits |= UInt64(source[i])
            i &+= 1
        }
        return make(bytes, isASCII: bits & WordMask.highs == 0)
    }

    /// The string of `bytes`, which must all be ASCII (a JSON number's, by its grammar): no
    /// pass over them to find out.
    @inline(__always)
    static func asciiString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        assert(bytes.allSatisfy { $0 < 0x80 }, "non-ASCII bytes made into an ASCII String")
        return make(bytes, isASCII: true)
    }

    @inline(__always)
    private static func make(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        guard bytes.count > 0 else { return "" }
        if #available(macOS 26.0, *) {
            assert(String(validating: bytes, as: UTF8.self) != nil, "unchecked bytes made into a String")
            return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
