/// What one date reader made of a string. `invalid` (the string has the reader's shape but
/// names no real instant: February 30, hour 25) is kept apart from `noMatch` so that, when
/// every reader fails, the message can say what was wrong instead of "not a date".
enum DateParseOutcome: Sendable, Equatable {
    case parsed(UTCInstant)
    case invalid(ConversionReason)
    case noMatch
}
