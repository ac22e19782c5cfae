/// The text under which a value counts as an identity (primary keys, connection matching):
/// numbers and numeric strings by their canonical number text, so `123`, `"123"` and
/// `123.0` are one identity; other strings as they are; booleans as `true`/`false`.
/// Null, arrays and objects identify nothing.
enum IdentityText {
    static func key(for value: Value) -> String? {
        switch value {
        case .number(let text):
            return isPlainInteger(text) ? text : DecimalText(text: text)?.text ?? text
        case .string(let text):
            guard let first = text.utf8.first, first == UInt8(ascii: "-") || (first >= 48 && first <= 57) else {
                return text
            }
            if isPlainInteger(text) { return text }
            return DecimalText(text: text)?.text ?? text
        case .bool(let flag):
            return flag ? "true" : "false"
        case .null, .array, .object:
            return nil
        }
    }

    /// `0`, `42`, `-7`: already canonical, the common case of ids, at any length (a key's
    /// text keeps every digit; `canonicalInteger` is the same rule for the ids that fit 18
    /// digits, read as their value).
    static func isPlainInteger(_ text: String) -> Bool {
        readingUTF8(of: text, isPlainInteger)
    }

    /// Calls `body` with the UTF-8 of `text`: the UTF-8 view's storage where it has one (always,
    /// for native strings) rather than `withUTF8`, which needs a mutable copy of the string:
    /// a retain and a release for every id read.
    @inline(__always)
    static func readingUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return text.withUTF8(body)
    }

    private static func isPlainInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if bytes.first == UInt8(ascii: "-") { index = 1 }
        let digits = bytes.count - index
        guard digits > 0 else { return false }
        if bytes[index] == UInt8(ascii: "0") { return digits == 1 && index == 0 }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 48 && byte <= 57 else { return false }
            index += 1
        }
        return true
    }

    /// The value of text that is a canonical decimal integer (`0`, `42`, `-7`: no sign but
    /// `-`, no leading zero, no `-0`, at most 18 digits), nil otherwise: such text is its own
    /// identity key and its own Integer 64 conversion, so both read ids by this one rule.
    static func canonicalInteger(_ text: String) -> Int64? {
        readingUTF8(of: text) { decimalInteger($0, canonical: true) }
    }

    /// `-`, then 1 to 18 digits (with `canonical`, no leading zero and no `-0`).
    @inline(__always)
    static func decimalInteger(_ utf8: UnsafeBufferPointer<UInt8>, canonical: Bool) -> Int64? {
        let count = utf8.count
        guard count > 0, count <= 19 else { return nil }
        let negative = utf8[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        let digits = count - index
        guard digits > 0, digits <= 18 else { return nil }
        if canonical && utf8[index] == UInt8(ascii: "0") { return digits == 1 && !negative ? 0 : nil }
        var value: Int64 = 0
        while index < count {
            let digit = utf8[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }
}
