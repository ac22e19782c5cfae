/// To Date: strings through `DateParser` (SPEC §1.6's order), numbers as seconds since
/// 1970 (fractions kept to the millisecond). The result is an ISO 8601 UTC string,
/// `2013-02-12T22:58:52Z` or with `.250` milliseconds when there are any.
enum DateConversion {
    static func convert(_ value: Value, parser: DateParser) -> Result<Value, ConversionReason> {
        switch value {
        case .string(let text):
            // Already the result's form (most API timestamps): kept without being parsed.
            if ISO8601DateReader.isCanonicalUTC(text) { return .success(value) }
            return reading(text, parser: parser)
        case .number(let text):
            guard let number = NumericText(text) else { return .failure("not a number") }
            switch EpochSeconds.instant(number) {
            case .parsed(let instant): return .success(.string(instant.iso8601String))
            case .invalid(let reason): return .failure(reason)
            case .noMatch: return .failure("not a date")
            }
        case .bool: return .failure("a boolean is not a date")
        default: return .failure("expected a single value")
        }
    }

    /// A string converted by parsing it.
    static func reading(_ text: String, parser: DateParser) -> Result<Value, ConversionReason> {
        parser.parse(text).map { instant in instant.map { .string($0.iso8601String) } ?? .null }
    }
}
