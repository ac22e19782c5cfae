/// Reads ISO 8601 dates, the first format SPEC §1.6 tries: a calendar date, extended
/// (`2013-02-12`) or basic (`20130212`), then optionally `T` (or a space) and a time
/// `hh`, `hh:mm`, `hh:mm:ss` or basic `hhmm`, `hhmmss`, with a fraction of any length on
/// the seconds (`.` or `,`; milliseconds kept, further digits truncated), and a zone `Z`,
/// `±hh`, `±hhmm` or `±hh:mm`. Without a zone the time is UTC.
///
/// Stricter than RestKit's RKISO8601DateFormatter on purpose: the whole string must be the
/// date (no trailing text), and reduced forms (`2013`, `2013-02`, `YYMMDD`, ordinal and
/// week dates) are not dates, so that digit strings fall through to seconds since 1970.
enum ISO8601DateReader {
    static func read(_ bytes: ArraySlice<UInt8>) -> DateParseOutcome {
        var cursor = DateTextCursor(bytes)
        guard let year = cursor.number(digits: 4) else { return .noMatch }
        let extended = cursor.skip(UInt8(ascii: "-"))
        guard let month = cursor.number(digits: 2) else { return .noMatch }
        if extended, !cursor.skip(UInt8(ascii: "-")) { return .noMatch }
        guard let day = cursor.number(digits: 2) else { return .noMatch }
        var fields = DateFields(year: year, month: month, day: day)
        if cursor.isAtEnd { return fields.resolve() }

        guard cursor.skip(anyOf: "T ") else { return .noMatch }
        guard let hour = cursor.number(digits: 2) else { return .noMatch }
        fields.hour = hour
        if cursor.skip(UInt8(ascii: ":")) {
            guard let minute = cursor.number(digits: 2) else { return .noMatch }
            fields.minute = minute
            if cursor.skip(UInt8(ascii: ":")) {
                guard let second = cursor.number(digits: 2) else { return .noMatch }
                fields.second = second
                guard readFraction(&cursor, into: &fields) else { return .noMatch }
            }
        } else if let minute = cursor.number(digits: 2) {
            fields.minute = minute
            if let second = cursor.number(digits: 2) {
                fields.second = second
                guard readFraction(&cursor, into: &fields) else { return .noMatch }
            }
        }

        if cursor.skip(anyOf: "Z") {
            fields.offsetSeconds = 0
        } else if let sign = cursor.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            cursor.index += 1
            guard let hours = cursor.number(digits: 2) else { return .noMatch }
            var minutes = 0
            if cursor.skip(UInt8(ascii: ":")) {
                guard let value = cursor.number(digits: 2) else { return .noMatch }
                minutes = value
            } else if let value = cursor.number(digits: 2) {
                minutes = value
            }
            guard hours <= 23, minutes <= 59 else { return .invalid("zone offset is out of range") }
            let offset = hours * 3600 + minutes * 60
            fields.offsetSeconds = sign == UInt8(ascii: "-") ? -offset : offset
        }
        guard cursor.isAtEnd else { return .noMatch }
        return fields.resolve()
    }

    /// An optional `.fff` or `,fff` after the seconds; false when the separator has no digits.
    private static func readFraction(_ cursor: inout DateTextCursor, into fields: inout DateFields) -> Bool {
        guard cursor.skip(anyOf: ".,") else { return true }
        guard let milliseconds = cursor.milliseconds() else { return false }
        fields.millisecond = milliseconds
        return true
    }
}

extension ISO8601DateReader {
    /// Whether `text` is exactly a valid date and time in the form a converted date takes
    /// (`2013-02-12T22:58:52Z`, or `2013-02-12T22:58:52.250Z` with milliseconds other than
    /// `000`: UTC, upper-case `T` and `Z`), which reading it would give back unchanged. The
    /// ranges are `DateFields.resolve`'s except that `24:00:00`, which it reads as the next
    /// day's midnight, is left to the reader, as is anything else (`.000`, which it writes
    /// without a fraction, and text whose UTF-8 is not stored contiguously).
    static func isCanonicalUTC(_ text: String) -> Bool {
        let valid = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count == 20 || bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                bytes[bytes.count - 1] == UInt8(ascii: "Z")
            else { return false }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for i in start..<start + count {
                    let digit = bytes[i] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                }
                return value
            }
            if bytes.count == 24 {
                guard bytes[19] == UInt8(ascii: "."), let milliseconds = number(20, 3), milliseconds != 0 else { return false }
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
            else { return false }
            return year >= 1 && (1...12).contains(month) && day >= 1 && day <= ProlepticGregorian.daysInMonth(month, year: year)
                && hour <= 23 && minute <= 59 && second <= 59
        }
        return valid ?? false
    }
}
