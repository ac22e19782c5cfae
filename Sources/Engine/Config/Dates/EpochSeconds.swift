/// Seconds since 1970-01-01T00:00:00Z, the second date form SPEC §1.6 tries (RestKit's
/// timeIntervalSince1970 transformer): strings of digits with an optional leading `-` and
/// fraction, and JSON numbers. Fractions are kept to the millisecond and truncated toward
/// zero beyond it. Millisecond epochs are not detected (RestKit does not either): they are
/// out of range or far-future dates.
enum EpochSeconds {
    /// Reads a string; `noMatch` unless it is `-?digits(.digits)?`.
    static func read(_ bytes: ArraySlice<UInt8>) -> DateParseOutcome {
        var i = bytes.startIndex
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let digitsStart = i
        while i < bytes.endIndex, ASCIIBytes.isDigit(bytes[i]) { i += 1 }
        guard i > digitsStart else { return .noMatch }
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < bytes.endIndex, ASCIIBytes.isDigit(bytes[i]) { i += 1 }
            guard i > fractionStart else { return .noMatch }
        }
        guard i == bytes.endIndex, let number = NumericText(bytes: bytes) else { return .noMatch }
        return instant(number)
    }

    /// The instant `number` seconds after 1970, or out of range.
    static func instant(_ number: NumericText) -> DateParseOutcome {
        let outOfRange = DateParseOutcome.invalid("out of range (years 0001–9999)")
        guard let magnitude = number.magnitude(scaledBy: 3), magnitude <= UInt64(Int64.max) else { return outOfRange }
        let milliseconds = number.isNegative ? -Int64(magnitude) : Int64(magnitude)
        guard let instant = UTCInstant(millisecondsSince1970: milliseconds) else { return outOfRange }
        return .parsed(instant)
    }
}
