/// Byte-level helpers for the ASCII grammars of numbers, dates, UUIDs and URLs. Conversions
/// run once per typed attribute of every record, so they work on UTF-8 bytes rather than
/// `Character`s (grapheme breaking is slow and these grammars are ASCII anyway).
enum ASCIIBytes {
    /// Always inlined: the JSON scanner calls it for every digit of every number.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    /// Space, tab, CR and LF: the whitespace JSON and XML put around values.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// ASCII letters lowered; every other byte as it is.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// The bytes of `text` without surrounding whitespace.
    static func trimmedBytes(_ text: String) -> ArraySlice<UInt8> {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return bytes[start..<end]
    }

    /// True when `bytes` equals the ASCII `word`, ignoring the case of letters.
    static func equalsIgnoringCase<C: Collection<UInt8>>(_ bytes: C, _ word: String) -> Bool {
        guard bytes.count == word.utf8.count else { return false }
        return zip(bytes, word.utf8).allSatisfy { lowercased($0) == lowercased($1) }
    }

    /// The value of a run of ASCII digits; nil when it would overflow `Int`.
    static func integer<C: Collection<UInt8>>(_ digits: C) -> Int? {
        var value = 0
        for byte in digits {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte &- UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }
}
