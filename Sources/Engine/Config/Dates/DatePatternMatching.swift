extension DatePattern {
    /// English month names; `MMM` and `MMMM` each accept the full name or its first three
    /// letters, as lenient date formatters do.
    static let monthWords: [String] = DateFields.monthNames + DateFields.monthNames.map { String($0.prefix(3)) }
    /// English weekday names, full or three letters, for `E`…`EEEE`.
    static let weekdayWords: [String] = DateFields.weekdayNames + DateFields.weekdayNames.map { String($0.prefix(3)) }

    /// Matches the whole of `text` (surrounding whitespace ignored). Times are UTC unless
    /// the pattern reads a zone.
    func match(_ text: String) -> DateParseOutcome {
        match(bytes: ASCIIBytes.trimmedBytes(text))
    }

    /// The instant `text` names in this pattern, or nil.
    func date(from text: String) -> UTCInstant? {
        if case .parsed(let instant) = match(text) { return instant }
        return nil
    }

    func match(bytes: ArraySlice<UInt8>) -> DateParseOutcome {
        var cursor = DateTextCursor(bytes)
        var fields = DateFields(year: 0, month: 0, day: 0)
        var twoDigitYear = false
        var hour = 0
        var hourField = Field.hour0To23
        var afternoon: Bool?

        for element in elements {
            switch element {
            case .literal(let expected):
                let end = cursor.index + expected.count
                guard end <= bytes.endIndex,
                    zip(bytes[cursor.index..<end], expected).allSatisfy({
                        ASCIIBytes.lowercased($0) == ASCIIBytes.lowercased($1)
                    })
                else { return .noMatch }
                cursor.index = end
            case .whitespace:
                guard cursor.skipWhitespace() else { return .noMatch }
            case .field(let field, let count, let width):
                switch field {
                case .year:
                    guard let (value, digits) = cursor.number(width: width) else { return .noMatch }
                    fields.year = value
                    twoDigitYear = count == 2 && digits == 2
                case .month:
                    guard let value = cursor.number(width: width)?.value else { return .noMatch }
                    fields.month = value
                case .monthName:
                    guard let position = cursor.word(in: Self.monthWords) else { return .noMatch }
                    fields.month = position % 12 + 1
                case .day:
                    guard let value = cursor.number(width: width)?.value else { return .noMatch }
                    fields.day = value
                case .hour0To23, .hour1To24, .hour1To12, .hour0To11:
                    guard let value = cursor.number(width: width)?.value else { return .noMatch }
                    hour = value
                    hourField = field
                case .minute:
                    guard let value = cursor.number(width: width)?.value else { return .noMatch }
                    fields.minute = value
                case .second:
                    guard let value = cursor.number(width: width)?.value else { return .noMatch }
                    fields.second = value
                case .fraction:
                    guard let value = cursor.milliseconds(width: width) else { return .noMatch }
                    fields.millisecond = value
                case .weekday:
                    guard let position = cursor.word(in: Self.weekdayWords) else { return .noMatch }
                    fields.weekday = position % 7
                case .dayPeriod:
                    guard let position = cursor.word(in: ["AM", "PM"]) else { return .noMatch }
                    afternoon = position == 1
                case .zone:
                    switch ZoneText.read(&cursor) {
                    case .offset(let seconds): fields.offsetSeconds = seconds
                    case .invalid(let reason): return .invalid(reason)
                    case .none: return .noMatch
                    }
                }
            }
        }
        guard cursor.isAtEnd else { return .noMatch }

        if twoDigitYear { fields.year += fields.year >= 69 ? 1900 : 2000 }
        switch hourField {
        case .hour1To12:
            guard hour >= 1, hour <= 12 else { return .invalid("hour \(hour) is not on a 12-hour clock (1–12)") }
            fields.hour = hour % 12 + (afternoon == true ? 12 : 0)
        case .hour0To11:
            guard hour <= 11 else { return .invalid("hour \(hour) is not on a 0–11 clock") }
            fields.hour = hour + (afternoon == true ? 12 : 0)
        case .hour1To24:
            guard hour >= 1, hour <= 24 else { return .invalid("hour \(hour) is not on a 1–24 clock") }
            fields.hour = hour % 24
        default:
            fields.hour = hour
        }
        return fields.resolve()
    }
}
