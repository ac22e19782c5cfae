/// To Decimal: JSON numbers and numeric strings, exact at any size and precision, never
/// through `Double`. The text is kept as written when it is a JSON number (`131.30` stays
/// `131.30`: trailing zeros are part of a decimal's written precision), else rewritten as
/// one (`"+.5"` → `0.5`). Booleans → 1/0.
enum DecimalConversion {
    static func convert(_ value: Value) -> Result<Value, ConversionReason> {
        switch value {
        case .bool(let flag): return .success(.number(flag ? "1" : "0"))
        case .number(let text), .string(let text):
            // Already a plain JSON number (most decimals): reading it would keep its text as
            // written (see `NumericText.json`), so it is kept without reading it.
            if NumericText.plainLiteralDigits(text) != nil { return .success(.number(text)) }
            return reading(text)
        default: return .failure("expected a single value")
        }
    }

    /// Numeric text converted by reading it as a number.
    static func reading(_ text: String) -> Result<Value, ConversionReason> {
        guard let number = NumericText(text) else { return .failure("not a number") }
        return .success(.number(number.json))
    }
}
