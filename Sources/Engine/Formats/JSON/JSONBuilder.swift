#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the one JSON grammar (`JSONMachine`) tells the code that builds something from a
/// document: a `Value` tree, a `Value` tree with locations, a `PlistNode` config tree, or only
/// the elements at a key path. Builders are specialized generics, so the plain `Value` builder
/// pays nothing for the hooks the others need.
///
/// Events arrive in document order; every `begin` has its `end`; a key is always followed by
/// its value. Tokens point into the reader's buffer and are valid only during the call.
protocol JSONBuilder {
    /// Whether the next events need positions (computing columns costs a pass over the bytes,
    /// which the fast path skips). When false, the `at` arguments are `.none`.
    var wantsLocations: Bool { get }
    mutating func beginObject(at position: JSONPosition) throws
    mutating func endObject() throws
    mutating func beginArray(at position: JSONPosition) throws
    mutating func endArray() throws
    mutating func key(_ key: JSONStringToken, at position: JSONPosition) throws
    mutating func string(_ string: JSONStringToken, at position: JSONPosition) throws
    mutating func number(_ number: JSONNumberToken, at position: JSONPosition) throws
    mutating func bool(_ value: Bool, at position: JSONPosition) throws
    mutating func null(at position: JSONPosition) throws
}

/// Where a token starts: 1-based line and column (`JSONInput` says how columns count). A plain
/// pair of integers, so that passing it to a builder that ignores it costs nothing.
struct JSONPosition {
    var line: Int
    var column: Int

    static let none = JSONPosition(line: 0, column: 0)

    func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}

/// A string as written between its quotes, already checked (escapes, UTF-8).
struct JSONStringToken {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the text holds backslash escapes; without them the bytes are the string.
    let hasEscapes: Bool
    /// How many bytes from the start of `bytes` may be read (the rest of the window), for
    /// word-sized loads past the closing quote.
    var readable = 0

    /// The decoded string.
    var string: String {
        if !hasEscapes { return CheckedUTF8.string(bytes) }
        // Every escape is at least as long as what it stands for, so the decoded text fits.
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            JSONStringToken.unescape(bytes, into: out.baseAddress!)
        }
    }

    /// Whether the decoded string equals `utf8` (path keys: no String made when there are no
    /// escapes).
    func equals(_ utf8: [UInt8]) -> Bool {
        if hasEscapes { return Array(string.utf8) == utf8 }
        guard bytes.count == utf8.count else { return false }
        return utf8.withUnsafeBufferPointer { other in
            for i in 0..<other.count where other[i] != bytes[i] { return false }
            return true
        }
    }

    /// Decodes escapes of text that the scanner has validated; returns the byte count written.
    static func unescape(_ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let count = text.count
        guard let source = text.baseAddress else { return 0 }
        var i = 0
        var n = 0
        while i < count {
            // The run up to the next backslash, copied whole (descriptions run a hundred bytes
            // between escapes; byte by byte they cost ten instructions each).
            let run = memchr(source + i, 0x5C, count - i).map { UnsafeRawPointer($0) - UnsafeRawPointer(source + i) } ?? count - i
            (out + n).update(from: source + i, count: run)
            n += run
            i += run
            guard i < count else { break }
            let e = text[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out[n] = 0x08
            case UInt8(ascii: "f"): out[n] = 0x0C
            case UInt8(ascii: "n"): out[n] = 0x0A
            case UInt8(ascii: "r"): out[n] = 0x0D
            case UInt8(ascii: "t"): out[n] = 0x09
            case UInt8(ascii: "u"):
                var scalar = hex4(text, i)
                i += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = hex4(text, i + 2)
                    i += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                n += encodeUTF8(scalar, into: out + n)
                continue
            default: out[n] = e  // " \ /
            }
            n += 1
        }
        return n
    }

    private static func hex4(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 { value = value << 4 | UInt32(hexDigitValue(text[i + k])) }
        return value
    }

    private static func encodeUTF8(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if scalar < 0x80 {
            out[0] = UInt8(scalar)
            return 1
        } else if scalar < 0x800 {
            out[0] = UInt8(0xC0 | scalar >> 6)
            out[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        } else if scalar < 0x10000 {
            out[0] = UInt8(0xE0 | scalar >> 12)
            out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        } else {
            out[0] = UInt8(0xF0 | scalar >> 18)
            out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}

/// A number as written, already checked against RFC 8259's grammar.
struct JSONNumberToken {
    let bytes: UnsafeBufferPointer<UInt8>
    /// No fraction and no exponent (`-0` and `12345678901234567890` are integers).
    let isInteger: Bool

    var text: String { CheckedUTF8.asciiString(bytes) }
}

/// The value of a hexadecimal digit, or 0xFF for any other byte.
@inline(__always)
func hexDigitValue(_ c: UInt8) -> UInt8 {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c &- UInt8(ascii: "A") &+ 10
    default: return 0xFF
    }
}
