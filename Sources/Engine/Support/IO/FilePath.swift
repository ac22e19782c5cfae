#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File names are bytes (SPEC §5): a name that is not UTF-8 must open like any other. Swift
/// keeps paths in `String`s, which hold only Unicode, so the bytes of such a name that are not
/// part of valid UTF-8 are carried losslessly as the code points U+10FF80...U+10FFFF (in the
/// last private-use plane, unassigned), one per byte 0x80...0xFF — the idea of Python's
/// "surrogateescape", with code points a Swift `String` can hold. A name that really holds one
/// of those code points has each of its UTF-8 bytes escaped too, so the mapping is one-to-one.
///
/// Every system call that takes a path goes through `withCString` (or `bytes`); diagnostics
/// print names through `display`, which shows the raw bytes as `\xFF`.
public enum FilePath {
    /// The code point standing for raw byte `b` is `escapeBase + b` (b >= 0x80).
    static let escapeBase: UInt32 = 0x10FF00
    static let escaped: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

    /// The command line's arguments (without the program name), decoded with raw bytes kept:
    /// `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD, losing the name.
    public static var arguments: [String] {
        (1..<max(1, Int(CommandLine.argc))).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            let length = strlen(argument)
            return argument.withMemoryRebound(to: UInt8.self, capacity: length) {
                string(fromBytes: UnsafeBufferPointer(start: $0, count: length))
            }
        }
    }

    /// The name made of `bytes`; bytes that are not valid UTF-8 become escape code points.
    static func string<Bytes: Collection>(fromBytes bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self), !needsDecoding(text) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
                continue
            }
            let scalar = decode(bytes, at: index, length: length)
            if escaped.contains(scalar) {
                for byte in bytes[index..<index + length] {
                    scalars.append(Unicode.Scalar(escapeBase + UInt32(byte))!)
                }
            } else {
                scalars.append(Unicode.Scalar(scalar)!)
            }
            index += length
        }
        return String(scalars)
    }

    /// The bytes the file system sees for `path` (no terminating NUL).
    public static func bytes(of path: String) -> [UInt8] {
        guard needsDecoding(path) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if escaped.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the C string the system calls take.
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard needsDecoding(path) else { return try path.withCString(body) }
        let bytes = self.bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `path` as diagnostics print it: raw bytes as `\xFF`, control characters escaped, so a
    /// file name can neither garble nor forge the line it is printed on.
    public static func display(_ path: String) -> String {
        UntrustedText.escaped(path)
    }

    /// `text` with only the raw-byte code points shown as `\xFF` (messages keep their own
    /// line breaks).
    static func displayRawBytes(_ text: String) -> String {
        guard needsDecoding(text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if escaped.contains(scalar.value) {
                result += "\\x" + hex(UInt8(scalar.value - escapeBase))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True when `path` may hold escape code points (their UTF-8 starts with 0xF4).
    private static func needsDecoding(_ path: String) -> Bool {
        path.utf8.contains(0xF4) && path.unicodeScalars.contains(where: { escaped.contains($0.value) })
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629), or 0.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xE1...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    private static func decode(_ bytes: [UInt8], at index: Int, length: Int) -> UInt32 {
        let first = UInt32(bytes[index])
        switch length {
        case 1: return first
        case 2: return (first & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        case 3: return (first & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        default:
            return (first & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
        }
    }
}
