/// Standard base64 (RFC 4648, with padding), used for plist `<data>` and Core Data Binary
/// attributes. Written here rather than through Foundation so that the engine's value
/// handling needs no bridging.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(alphabet[Int(n & 63)])
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes base64, ignoring ASCII whitespace (plist `<data>` wraps lines). Nil when the
    /// text holds anything else that is not base64, or its length does not add up.
    public static func decode(_ text: String) -> [UInt8]? {
        var sextets = [UInt8]()
        sextets.reserveCapacity(text.utf8.count)
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                guard padding == 0 else { return nil }
                sextets.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                guard padding == 0 else { return nil }
                sextets.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard padding == 0 else { return nil }
                sextets.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard padding == 0 else { return nil }
                sextets.append(62)
            case UInt8(ascii: "/"), UInt8(ascii: "_"):
                guard padding == 0 else { return nil }
                sextets.append(63)
            case UInt8(ascii: "="):
                padding += 1
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                continue
            default:
                return nil
            }
        }
        guard padding <= 2, (sextets.count + padding) % 4 == 0 || padding == 0 else { return nil }
        guard sextets.count % 4 != 1 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(sextets.count * 3 / 4)
        var i = 0
        while i + 3 < sextets.count {
            let n = UInt32(sextets[i]) << 18 | UInt32(sextets[i + 1]) << 12 | UInt32(sextets[i + 2]) << 6
                | UInt32(sextets[i + 3])
            out.append(UInt8(n >> 16 & 0xFF))
            out.append(UInt8(n >> 8 & 0xFF))
            out.append(UInt8(n & 0xFF))
            i += 4
        }
        let rest = sextets.count - i
        if rest == 2 {
            let n = UInt32(sextets[i]) << 18 | UInt32(sextets[i + 1]) << 12
            out.append(UInt8(n >> 16 & 0xFF))
        } else if rest == 3 {
            let n = UInt32(sextets[i]) << 18 | UInt32(sextets[i + 1]) << 12 | UInt32(sextets[i + 2]) << 6
            out.append(UInt8(n >> 16 & 0xFF))
            out.append(UInt8(n >> 8 & 0xFF))
        }
        return out
    }
}
