/// To Binary (Data): a base64 string, the sensible JSON form of bytes (Core Data model
/// notes §2), printed as canonical base64: standard alphabet, padded, no line breaks. The
/// URL-safe alphabet, missing padding and embedded whitespace are read too. `""` is zero
/// bytes. Numbers and booleans are not data.
enum BinaryConversion {
    static func convert(_ value: Value) -> Result<Value, ConversionReason> {
        guard case .string(let text) = value else { return .failure("expected a base64 string") }
        guard let bytes = Base64.decode(text) else { return .failure("not valid base64") }
        return .success(.string(Base64.encode(bytes)))
    }
}
