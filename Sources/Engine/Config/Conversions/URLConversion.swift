/// To URL: a string that is an RFC 3986 URI reference, absolute (`https://x.org/a?b#c`) or
/// relative (`/avatars/1.png`, `img.png`), kept as written. Non-ASCII characters are
/// allowed (IRIs, RFC 3987); spaces, control characters, characters a URL must
/// percent-encode (the double quote, `<`, `>`, `\`, `^`, the backquote, `{`, `|`, `}`), malformed `%` escapes, a second `#`, brackets
/// outside the host and a colon before any `/` that does not end a valid scheme are not
/// (RestKit's `NSURL` parse would fail too). Numbers and booleans are not URLs.
enum URLConversion {
    static func convert(_ value: Value) -> Result<Value, ConversionReason> {
        guard case .string(let text) = value else { return .failure("expected a string") }
        if let problem = problem(in: Array(text.utf8)) { return .failure(problem) }
        return .success(value)
    }

    /// What makes `bytes` not a URI reference, or nil when it is one.
    static func problem(in bytes: [UInt8]) -> ConversionReason? {
        // Scheme: everything before a ':' that comes before any '/', '?' or '#'.
        var schemeEnd: Int?
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: ":") {
                schemeEnd = i
                break
            }
        }
        if let schemeEnd {
            let scheme = bytes[..<schemeEnd]
            guard let first = scheme.first, ASCIIBytes.isLetter(first),
                scheme.allSatisfy({
                    ASCIIBytes.isLetter($0) || ASCIIBytes.isDigit($0) || $0 == UInt8(ascii: "+")
                        || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                })
            else { return "not a valid URL scheme before \":\"" }
        }
        // Authority: after "//", up to the next '/', '?' or '#'; the only place for [ ].
        let afterScheme = schemeEnd.map { $0 + 1 } ?? 0
        var authority = afterScheme..<afterScheme
        if bytes.count >= afterScheme + 2, bytes[afterScheme] == UInt8(ascii: "/"), bytes[afterScheme + 1] == UInt8(ascii: "/") {
            var end = afterScheme + 2
            while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
                end += 1
            }
            authority = afterScheme + 2..<end
        }
        var fragments = 0
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x20: return "contains a space"
            case 0..<0x20, 0x7F: return "contains a control character"
            case UInt8(ascii: "%"):
                guard i + 2 < bytes.count, ASCIIBytes.isHexDigit(bytes[i + 1]), ASCIIBytes.isHexDigit(bytes[i + 2]) else {
                    return "has a \"%\" that is not a percent escape"
                }
                i += 2
            case UInt8(ascii: "#"):
                fragments += 1
                guard fragments == 1 else { return "has more than one \"#\"" }
            case UInt8(ascii: "["), UInt8(ascii: "]"):
                guard authority.contains(i) else { return "has \"\(Character(Unicode.Scalar(byte)))\" outside the host" }
            case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
                UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
                return "contains \"\(Character(Unicode.Scalar(byte)))\", which a URL must percent-encode"
            default: break
            }
            i += 1
        }
        return nil
    }
}
