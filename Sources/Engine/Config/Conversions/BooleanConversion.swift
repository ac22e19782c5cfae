/// To Boolean: JSON booleans; the strings `true false yes no t f y n` in any case
/// (RestKit's boolean strings); and numbers, or numeric strings, whose value is 0 or 1 in
/// any notation (`1`, `"1"`, `1.0`, `"0e3"`). Anything else fails, where RestKit would read
/// `2` as true and `"abc"` as false.
enum BooleanConversion {
    static let trueWords = ["true", "yes", "t", "y"]
    static let falseWords = ["false", "no", "f", "n"]

    static func convert(_ value: Value) -> Result<Value, ConversionReason> {
        switch value {
        case .bool: return .success(value)
        case .string(let text):
            let bytes = ASCIIBytes.trimmedBytes(text)
            if trueWords.contains(where: { ASCIIBytes.equalsIgnoringCase(bytes, $0) }) { return .success(.bool(true)) }
            if falseWords.contains(where: { ASCIIBytes.equalsIgnoringCase(bytes, $0) }) { return .success(.bool(false)) }
            guard let number = NumericText(bytes: bytes) else {
                return .failure("not a boolean (true/false, yes/no, t/f, y/n or 1/0)")
            }
            return fromNumber(number)
        case .number(let text):
            guard let number = NumericText(text) else { return .failure("not a number") }
            return fromNumber(number)
        default: return .failure("expected a single value")
        }
    }

    private static func fromNumber(_ number: NumericText) -> Result<Value, ConversionReason> {
        if number.isZero { return .success(.bool(false)) }
        if !number.isNegative, number.significand == [UInt8(ascii: "1")], number.exponent == 0 {
            return .success(.bool(true))
        }
        return .failure("only 0 and 1 are booleans")
    }
}
