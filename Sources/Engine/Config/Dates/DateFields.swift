/// A date and time as a string writes them, before validation: the fields every date
/// reader (ISO 8601, epoch aside, and `DatePattern`) fills in and resolves the same way.
struct DateFields {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0
    var millisecond = 0
    /// The zone's offset east of UTC, in seconds (`-05:00` is -18000). UTC when absent.
    var offsetSeconds = 0
    /// A weekday the string named (0 = Sunday), checked against the date.
    var weekday: Int?

    /// The instant, or why these fields name none. Strict: no rolling over of February 30
    /// into March (which lenient date formatters do). Hour 24 is accepted only as
    /// `24:00:00`, the end of the day (ISO 8601); leap seconds (`:60`) are not.
    func resolve() -> DateParseOutcome {
        guard year >= 1, year <= 9999 else { return .invalid("year \(year) is out of range (0001–9999)") }
        guard month >= 1, month <= 12 else { return .invalid("month \(month) does not exist") }
        let monthLength = ProlepticGregorian.daysInMonth(month, year: year)
        guard day >= 1, day <= 31 else { return .invalid("day \(day) does not exist") }
        guard day <= monthLength else {
            return .invalid("\(Self.monthNames[month - 1]) \(year) has only \(monthLength) days")
        }
        guard minute >= 0, minute <= 59 else { return .invalid("minute \(minute) does not exist") }
        guard second >= 0, second <= 59 else {
            return .invalid(second == 60 ? "leap seconds are not supported" : "second \(second) does not exist")
        }
        let endOfDay = hour == 24 && minute == 0 && second == 0 && millisecond == 0
        guard hour >= 0, hour <= 23 || endOfDay else {
            return .invalid(hour == 24 ? "hour 24 is only allowed as 24:00:00" : "hour \(hour) does not exist")
        }
        let days = ProlepticGregorian.daysSince1970(year: year, month: month, day: day)
        if let weekday {
            let actual = ProlepticGregorian.weekday(daysSince1970: days)
            guard actual == weekday else {
                return .invalid("\(Self.isoDate(year, month, day)) is a \(Self.weekdayNames[actual]), not a \(Self.weekdayNames[weekday])")
            }
        }
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        guard let instant = UTCInstant(millisecondsSince1970: seconds * 1000 + Int64(millisecond)) else {
            return .invalid("out of range (years 0001–9999 in UTC)")
        }
        return .parsed(instant)
    }

    private static func isoDate(_ year: Int, _ month: Int, _ day: Int) -> String {
        func pad(_ n: Int, _ width: Int) -> String {
            let text = String(n)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
