/// To Double and Float: JSON numbers and numeric strings, kept as their decimal text so
/// that `"0.1"` prints `0.1` (the text is already the shortest exact form; a binary
/// round trip would add nothing but risk). Values beyond the type's finite range (`1e400`
/// for double, `1e39` for float) and non-zero values so small they would become 0 fail;
/// `NaN` and `Infinity` are not numbers. Booleans → 1/0.
enum FloatingPointConversion {
    static func convert(_ value: Value, single: Bool) -> Result<Value, ConversionReason> {
        switch value {
        case .bool(let flag): return .success(.number(flag ? "1" : "0"))
        case .number(let text), .string(let text):
            // A plain JSON number of at most 38 digits before and after its point converts to
            // itself: below 1e38 it is finite even as a float (whose largest is about 3.4e38),
            // and unless zero it is at least 1e-38, above a float's smallest (about 1.4e-45).
            // Kept without reading it.
            if let digits = NumericText.plainLiteralDigits(text), digits.integer <= 38, digits.fraction <= 38 {
                return .success(.number(text))
            }
            return reading(text, single: single)
        default: return .failure("expected a single value")
        }
    }

    /// Numeric text converted by reading it as a number and checking its magnitude.
    static func reading(_ text: String, single: Bool) -> Result<Value, ConversionReason> {
        guard let number = NumericText(text) else { return .failure("not a number") }
        let name = single ? "float" : "double"
        let magnitude: (isFinite: Bool, isZero: Bool)
        if single {
            let parsed = Float(number.json) ?? .infinity
            magnitude = (parsed.isFinite, parsed == 0)
        } else {
            let parsed = Double(number.json) ?? .infinity
            magnitude = (parsed.isFinite, parsed == 0)
        }
        guard magnitude.isFinite else { return .failure("too large for a \(name)") }
        guard number.isZero || !magnitude.isZero else { return .failure("too small for a \(name) (it would be 0)") }
        return .success(.number(number.json))
    }
}
