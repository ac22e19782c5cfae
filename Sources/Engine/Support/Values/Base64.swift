#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64 as plists and RestKit's `NSData` transformer write it, through Foundation's codec.
/// Decoding is the lenient reading those sources need on top of Foundation's strict one:
/// ASCII whitespace is ignored (plist `<data>` wraps lines), the URL-safe alphabet (`-`, `_`)
/// is accepted, and missing `=` padding is restored. Anything else that is not base64 fails.
public enum Base64 {
    public static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }

    /// The decoded bytes, or nil when the text is not base64.
    public static func decode(_ text: String) -> [UInt8]? {
        var normalized = [UInt8]()
        normalized.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            case UInt8(ascii: "-"): normalized.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): normalized.append(UInt8(ascii: "/"))
            default: normalized.append(byte)
            }
        }
        let padding = normalized.reversed().prefix(while: { $0 == UInt8(ascii: "=") }).count
        if padding == 0 {
            guard normalized.count % 4 != 1 else { return nil }
            normalized.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - normalized.count % 4) % 4))
        }
        guard let data = Data(base64Encoded: Data(normalized)) else { return nil }
        return [UInt8](data)
    }
}
