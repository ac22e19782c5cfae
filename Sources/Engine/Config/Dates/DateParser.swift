/// Turns strings into dates in SPEC §1.6's order: ISO 8601, seconds since 1970,
/// `MM/dd/yyyy`, `yyyy-MM-dd`, the three HTTP date formats (RFC 1123, RFC 850, asctime),
/// then the config's `date_formats` in their order. The first reader that takes the string
/// wins. All UTC unless the string carries a zone.
public struct DateParser: Sendable {
    /// RestKit's default date formatters after its ISO 8601 and epoch transformers
    /// (restkit-semantics §6.1, entries 18–22).
    static let builtInPatterns: [DatePattern] = [
        "MM/dd/yyyy",
        "yyyy-MM-dd",
        "EEE, dd MMM yyyy HH:mm:ss zzz",
        "EEEE, dd-MMM-yy HH:mm:ss zzz",
        "EEE MMM d HH:mm:ss yyyy",
    ].map { try! DatePattern(parsing: $0) }

    /// The config's `date_formats`, tried after every built-in format.
    let formats: [DatePattern]

    init(formats: [DatePattern] = []) {
        self.formats = formats
    }

    /// Whether `text` is an ISO 8601 date that names a real instant, as the `date` type
    /// reads it first (`restmap init` guesses types with it: `2013-02-30` is not a date).
    public static func isISO8601Date(_ text: String) -> Bool {
        if case .parsed = ISO8601DateReader.read(ArraySlice(text.utf8)) { return true }
        return false
    }

    /// The date `text` names; `.success(nil)` for a blank string (RestKit maps `""` to nil);
    /// a failure says why no format took it, naming the first calendar problem found
    /// ("February 2023 has only 28 days") when a format had the right shape.
    func parse(_ text: String) -> Result<UTCInstant?, ConversionReason> {
        let bytes = ASCIIBytes.trimmedBytes(text)
        if bytes.isEmpty { return .success(nil) }
        var firstProblem: ConversionReason?
        func consider(_ outcome: DateParseOutcome) -> UTCInstant? {
            switch outcome {
            case .parsed(let instant): return instant
            case .invalid(let reason):
                if firstProblem == nil { firstProblem = reason }
                return nil
            case .noMatch: return nil
            }
        }
        if let instant = consider(ISO8601DateReader.read(bytes)) { return .success(instant) }
        if let instant = consider(EpochSeconds.read(bytes)) { return .success(instant) }
        for pattern in Self.builtInPatterns {
            if let instant = consider(pattern.match(bytes: bytes)) { return .success(instant) }
        }
        for pattern in formats {
            if let instant = consider(pattern.match(bytes: bytes)) { return .success(instant) }
        }
        return .failure(firstProblem ?? "not a date in any accepted format")
    }
}
