import RestmapBase

/// The outcome of converting one value to an attribute type: the converted value, or why
/// not. Not `Result<Value, ConversionFailure>` only so that call sites read as the domain
/// does (`.converted`, `.failed`).
public enum ConversionResult: Sendable, Equatable {
    case converted(Value)
    case failed(ConversionFailure)

    /// The converted value; nil on failure.
    public var value: Value? {
        if case .converted(let value) = self { return value }
        return nil
    }

    /// The failure; nil on success.
    public var failure: ConversionFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }
}
