/// Percent-encoding as URLs write it: what form bodies, request paths and JSON pointers in
/// `$ref`s share.
public enum PercentEncoding {
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// `text` with every UTF-8 byte outside `A-Z a-z 0-9 - . _ ~` written as `%XX`.
    public static func encode(_ text: String) -> String {
        guard !text.utf8.allSatisfy(isUnreserved) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `SB%2014` → `SB 14`; malformed escapes are kept as written.
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var i = 0
        while i < source.count {
            if source[i] == UInt8(ascii: "%"), i + 2 < source.count,
                let high = hexValue(source[i + 1]), let low = hexValue(source[i + 2])
            {
                bytes.append(high << 4 | low)
                i += 3
            } else {
                bytes.append(source[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
