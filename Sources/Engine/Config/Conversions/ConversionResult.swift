/// The outcome of converting one value to an attribute type: the converted value, or why
/// not. Not `Result<Value, ConversionFailure>` only so that call sites read as the domain
/// does (`.converted`, `.failed`).
enum ConversionResult: Sendable, Equatable {
    case converted(Value)
    case failed(ConversionFailure)

    /// The converted value; nil on failure.
    var value: Value? {
        if case .converted(let value) = self { return value }
        return nil
    }

    /// The failure; nil on success.
    var failure: ConversionFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }
}
