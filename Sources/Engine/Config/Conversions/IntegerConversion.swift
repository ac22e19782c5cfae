/// To Integer 16/32/64: JSON numbers and numeric strings whose value is a whole number in
/// the width's range, in any notation (`"1.0e3"` → 1000, `" 42 "` → 42, `"007"` → 7);
/// booleans → 1/0. Fractions fail rather than truncate (RestKit's `longLongValue` would
/// turn `"1.5"` into 1 and `"12abc"` into 12), and so do boolean strings such as `"yes"`.
/// Output is canonical decimal text (`1000`, `-5`).
enum IntegerConversion {
    static func convert(_ value: Value, bits: Int) -> Result<Value, ConversionReason> {
        switch value {
        case .bool(let flag): return .success(.number(flag ? "1" : "0"))
        case .number(let text), .string(let text):
            // Already canonical and in range, as a number or as text (as XML ids usually are):
            // the common case of ids, whose digits are the number.
            if bits == 64 && IdentityText.canonicalInteger(text) != nil { return .success(.number(text)) }
            guard let number = NumericText(text) else { return .failure("not a number") }
            return number.integerText(bits: bits).map { .number($0) }
        default: return .failure("expected a single value")
        }
    }
}
