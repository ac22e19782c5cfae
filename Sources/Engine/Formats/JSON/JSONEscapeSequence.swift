/// What JSON output writes for a byte a string cannot hold raw (a quote, a backslash or a
/// control character, `JSONEscapes`): `\"` and `\\`, the short forms of line feed, tab,
/// carriage return, backspace and form feed, and `\u00XX` for the other control characters.
enum JSONEscapeSequence {
    /// The longest sequence (`\u001f`).
    static let maximumCount = 6
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes the sequence for `byte` at `target`, which has room for `maximumCount` bytes;
    /// returns its length.
    static func write(_ byte: UInt8, to target: UnsafeMutablePointer<UInt8>) -> Int {
        target[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): target[1] = byte
        case 0x0A: target[1] = UInt8(ascii: "n")
        case 0x09: target[1] = UInt8(ascii: "t")
        case 0x0D: target[1] = UInt8(ascii: "r")
        case 0x08: target[1] = UInt8(ascii: "b")
        case 0x0C: target[1] = UInt8(ascii: "f")
        default:
            target[1] = UInt8(ascii: "u")
            target[2] = UInt8(ascii: "0")
            target[3] = UInt8(ascii: "0")
            target[4] = hexDigits[Int(byte >> 4)]
            target[5] = hexDigits[Int(byte & 0xF)]
            return maximumCount
        }
        return 2
    }
}
