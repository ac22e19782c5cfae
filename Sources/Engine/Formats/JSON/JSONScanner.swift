// Token scanners of the JSON grammar: strings, numbers, literals and the UTF-8 checks they
// share. Each works on the window of `JSONInput` and either returns the token's extent, or nil
// when the window ends inside the token while a stream may still deliver the rest (the caller
// then refills and scans the token again from its first byte), or throws a located error.

extension JSONInput {
    /// Scans the string whose opening quote is at `start`; returns the index of its closing
    /// quote and whether it holds escapes.
    @inline(__always)
    mutating func scanString(from start: Int) throws -> (close: Int, escaped: Bool)? {
        let p = base
        let end = self.end
        var i = start &+ 1
        var escaped = false
        while true {
            // By blocks while no byte is a quote, a backslash, a control character or part of a
            // multi-byte character.
            i &+= ByteScan.first(JSONStringStops(), in: p + i, count: end &- i)
            guard i < end else {
                if isFinal { throw fail(.jsonUnexpectedEnd, "unexpected end of input in a string", at: end) }
                return nil
            }
            let c = p[i]
            if c == UInt8(ascii: "\"") {
                return (i, escaped)
            } else if c == UInt8(ascii: "\\") {
                let length = try escapeLength(at: i)
                if length == 0 { return nil }
                escaped = true
                i &+= length
            } else if c < 0x20 {
                throw fail(.jsonInvalidString, "unescaped control character \(codePointName(UInt32(c))) in a string", at: i)
            } else if c >= 0x80 {
                // Two-byte characters (accented Latin, Greek, Cyrillic, Hebrew, Arabic), one
                // after another, inline: a lead byte C2–DF and a continuation byte, whole in
                // the window. Anything else (longer characters, overlong C0/C1, a pair cut short
                // by a byte or by the window) stops the run and goes to `utf8SequenceLength`,
                // which accepts it or names the fault.
                while i &+ 1 < end, p[i] &- 0xC2 <= 0xDF - 0xC2, p[i &+ 1] & 0xC0 == 0x80 { i &+= 2 }
                guard i < end, p[i] >= 0x80 else { continue }
                let length = try utf8SequenceLength(at: i)
                if length == 0 { return nil }
                i &+= length
            } else {
                i &+= 1
            }
        }
    }

    /// The length of the escape at `i` (a backslash), 0 when the window ends inside it.
    mutating func escapeLength(at i: Int) throws -> Int {
        guard i + 1 < end else {
            if isFinal { throw fail(.jsonUnexpectedEnd, "unexpected end of input in a string", at: end) }
            return 0
        }
        switch base[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return 2
        case UInt8(ascii: "u"):
            guard let first = try hexEscape(at: i) else { return 0 }
            if first < 0xD800 || first > 0xDFFF { return 6 }
            if first >= 0xDC00 { throw unpairedSurrogate(at: i) }
            // A high surrogate must be followed by an escaped low surrogate.
            if i + 6 < end && base[i + 6] != UInt8(ascii: "\\") { throw unpairedSurrogate(at: i) }
            if i + 7 < end && base[i + 7] != UInt8(ascii: "u") { throw unpairedSurrogate(at: i) }
            if i + 8 > end {
                if isFinal { throw fail(.jsonUnexpectedEnd, "unexpected end of input in a string", at: end) }
                return 0
            }
            guard let second = try hexEscape(at: i + 6) else { return 0 }
            guard second >= 0xDC00 && second <= 0xDFFF else { throw unpairedSurrogate(at: i) }
            return 12
        default:
            let c = base[i + 1]
            if c > 0x20 && c < 0x7F {
                throw fail(.jsonInvalidString, "invalid escape '\\\(Character(Unicode.Scalar(c)))' in a string", at: i)
            }
            throw fail(.jsonInvalidString, "invalid escape in a string", at: i)
        }
    }

    /// The value of the `\uXXXX` escape at `i`, nil when the window ends inside it.
    private mutating func hexEscape(at i: Int) throws -> UInt32? {
        var value: UInt32 = 0
        for k in 2..<6 {
            guard i + k < end else {
                if isFinal { throw fail(.jsonUnexpectedEnd, "unexpected end of input in a string", at: end) }
                return nil
            }
            let digit = hexDigitValue(base[i + k])
            if digit == 0xFF { throw fail(.jsonInvalidString, "invalid \\u escape in a string: expected 4 hex digits", at: i) }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func unpairedSurrogate(at i: Int) -> RestmapError {
        let text = String(decoding: UnsafeBufferPointer(start: base + i, count: 6), as: UTF8.self)
        return fail(.jsonInvalidString, "unpaired surrogate escape '\(text)' in a string", at: i)
    }

    /// The length of the valid UTF-8 sequence whose lead byte (at least 0x80) is at `i`, 0 when
    /// the window ends inside it. Rejects what RFC 3629 forbids: stray continuation bytes,
    /// overlong encodings, encoded surrogates, code points above U+10FFFF, truncated sequences.
    mutating func utf8SequenceLength(at i: Int) throws -> Int {
        let lead = base[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw fail(.jsonInvalidUTF8, "invalid UTF-8 byte \(hexByte(lead))", at: i)
        }
        for k in 1..<length {
            guard i + k < end else {
                if !isFinal { return 0 }
                throw fail(.jsonInvalidUTF8, "invalid UTF-8 sequence \(hexBytes(i, k)) (truncated)", at: i)
            }
            let byte = base[i + k]
            guard byte & 0xC0 == 0x80 else {
                throw fail(.jsonInvalidUTF8, "invalid UTF-8 sequence \(hexBytes(i, k)) (truncated)", at: i)
            }
            if k == 1 && (byte < low || byte > high) {
                let reason: String
                switch lead {
                case 0xED: reason = "encoded surrogate"
                case 0xF4: reason = "above U+10FFFF"
                default: reason = "overlong encoding"
                }
                throw fail(.jsonInvalidUTF8, "invalid UTF-8 sequence \(hexBytes(i, 2)) (\(reason))", at: i)
            }
        }
        return length
    }

    /// Scans the number starting at `start` (a `-` or a digit); returns the index after it.
    @inline(__always)
    mutating func scanNumber(from start: Int) throws -> (end: Int, isInteger: Bool)? {
        let p = base
        let end = self.end
        var i = start
        var isInteger = true
        if p[i] == UInt8(ascii: "-") {
            i &+= 1
            guard i < end else { return try truncatedNumber() }
            guard ASCIIBytes.isDigit(p[i]) else { throw fail(.jsonInvalidNumber, "invalid number: expected a digit after '-'", at: i) }
        }
        if p[i] == UInt8(ascii: "0") {
            i &+= 1
            if i < end && ASCIIBytes.isDigit(p[i]) { throw fail(.jsonInvalidNumber, "invalid number: leading zeros are not allowed", at: start) }
        } else {
            i &+= 1
            while i < end && ASCIIBytes.isDigit(p[i]) { i &+= 1 }
        }
        if i < end && p[i] == UInt8(ascii: ".") {
            isInteger = false
            i &+= 1
            guard i < end else { return try truncatedNumber() }
            guard ASCIIBytes.isDigit(p[i]) else { throw fail(.jsonInvalidNumber, "invalid number: expected a digit after '.'", at: i) }
            while i < end && ASCIIBytes.isDigit(p[i]) { i &+= 1 }
        }
        if i < end && p[i] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            i &+= 1
            guard i < end else { return try truncatedNumber() }
            if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                i &+= 1
                guard i < end else { return try truncatedNumber() }
            }
            guard ASCIIBytes.isDigit(p[i]) else { throw fail(.jsonInvalidNumber, "invalid number: expected a digit in the exponent", at: i) }
            while i < end && ASCIIBytes.isDigit(p[i]) { i &+= 1 }
        }
        // A number at the end of the window may go on in the next chunk.
        if i == end && !isFinal { return nil }
        return (i, isInteger)
    }

    private mutating func truncatedNumber() throws -> (end: Int, isInteger: Bool)? {
        if isFinal { throw fail(.jsonUnexpectedEnd, "unexpected end of input in a number", at: end) }
        return nil
    }

    /// Checks the literal `true`, `false` or `null` at `i`; false when the window ends inside it.
    @inline(__always)
    mutating func scanLiteral(_ literal: JSONLiteral, at i: Int) throws -> Bool {
        if i &+ literal.length <= end {
            let word = UInt32(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self))
            if word == literal.firstFour && (literal.length == 4 || base[i &+ 4] == UInt8(ascii: "e")) {
                return true
            }
        }
        let text = literal.text
        for (k, expected) in text.utf8.enumerated() {
            guard i + k < end else {
                if isFinal { throw fail(.jsonUnexpectedEnd, "unexpected end of input in '\(text)'", at: end) }
                return false
            }
            if base[i + k] != expected { throw fail(.jsonInvalidLiteral, "invalid literal, expected '\(text)'", at: i) }
        }
        return true
    }

    /// How a message names the character at `i`: `'x'`, `'é'`, or `U+0007` for invisible ones.
    mutating func characterName(at i: Int) throws -> String {
        let c = base[i]
        if c < 0x80 {
            if c > 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
            return codePointName(UInt32(c))
        }
        let length = try utf8SequenceLength(at: i)
        if length == 0 { return hexByte(c) }
        let text = String(decoding: UnsafeBufferPointer(start: base + i, count: length), as: UTF8.self)
        return "'\(text)'"
    }

    private func hexBytes(_ i: Int, _ count: Int) -> String {
        (0..<count).map { hexByte(base[i + $0]) }.joined(separator: " ")
    }
}

/// The three literals, with their first four bytes as a little-endian word for a one-load match.
enum JSONLiteral {
    case `true`, `false`, null

    var text: String {
        switch self {
        case .true: return "true"
        case .false: return "false"
        case .null: return "null"
        }
    }

    var length: Int { self == .false ? 5 : 4 }

    var firstFour: UInt32 {
        switch self {
        case .true: return 0x6575_7274  // "true"
        case .false: return 0x736C_6166  // "fals"
        case .null: return 0x6C6C_756E  // "null"
        }
    }
}

/// `U+000A`: how messages name a code point that would not show.
func codePointName(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// `0xff`.
func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return byte < 16 ? "0x0" + digits : "0x" + digits
}
