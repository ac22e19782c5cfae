/// To UUID: the canonical 8-4-4-4-12 hexadecimal form in either case, printed in lower
/// case (RFC 4122 §3: read any case, write lower case) so that equal UUIDs compare equal as
/// primary keys. Braces, `urn:uuid:` and unhyphenated forms are not accepted.
enum UUIDConversion {
    static func convert(_ value: Value) -> Result<Value, ConversionReason> {
        guard case .string(let text) = value else { return .failure("expected a string") }
        let bytes = Array(text.utf8)
        let hyphens: Set<Int> = [8, 13, 18, 23]
        guard bytes.count == 36,
            bytes.indices.allSatisfy({ hyphens.contains($0) ? bytes[$0] == UInt8(ascii: "-") : ASCIIBytes.isHexDigit(bytes[$0]) })
        else { return .failure("not a UUID (8-4-4-4-12 hexadecimal digits)") }
        return .success(.string(String(decoding: bytes.map(ASCIIBytes.lowercased), as: UTF8.self)))
    }
}
