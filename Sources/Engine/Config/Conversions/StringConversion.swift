/// To string: strings unchanged, numbers as their exact text (`1.50` stays `1.50`, where
/// RestKit's `stringValue` would print `1.5`), booleans as `true`/`false` (RestKit's rule
/// for JSON booleans).
enum StringConversion {
    static func convert(_ value: Value) -> Result<Value, ConversionReason> {
        switch value {
        case .string: return .success(value)
        case .number(let text): return .success(.string(text))
        case .bool(let flag): return .success(.string(flag ? "true" : "false"))
        default: return .failure("expected a single value")
        }
    }
}
