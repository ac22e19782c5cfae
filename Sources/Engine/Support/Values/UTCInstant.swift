/// A point in time with millisecond precision, as restmap keeps dates: RestKit maps dates
/// into `NSDate`, and restmap prints them as ISO 8601 UTC text. Limited to the years
/// 0001–9999 so that every instant prints as a four-digit ISO year.
struct UTCInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 0001-01-01T00:00:00.000Z.
    static let minimumMilliseconds: Int64 = -62_135_596_800_000
    /// 9999-12-31T23:59:59.999Z.
    static let maximumMilliseconds: Int64 = 253_402_300_799_999

    let millisecondsSince1970: Int64

    /// Nil outside the years 0001–9999.
    init?(millisecondsSince1970 milliseconds: Int64) {
        guard milliseconds >= Self.minimumMilliseconds, milliseconds <= Self.maximumMilliseconds else {
            return nil
        }
        self.millisecondsSince1970 = milliseconds
    }

    /// `2013-02-12T22:58:52Z`, or `2013-02-12T22:58:52.250Z` when there are milliseconds
    /// (SPEC §1.6: three digits, only when not zero).
    var iso8601String: String {
        var days = Int(millisecondsSince1970 / 86_400_000)
        var rest = Int(millisecondsSince1970 % 86_400_000)
        if rest < 0 {
            rest += 86_400_000
            days -= 1
        }
        let (year, month, day) = ProlepticGregorian.date(daysSince1970: days)
        let milliseconds = rest % 1000
        let seconds = rest / 1000
        var out = [UInt8]()
        out.reserveCapacity(24)
        func append(_ number: Int, width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var n = number
            while divisor > 0 {
                out.append(UInt8(ascii: "0") + UInt8(n / divisor))
                n %= divisor
                divisor /= 10
            }
        }
        append(year, width: 4)
        out.append(UInt8(ascii: "-"))
        append(month, width: 2)
        out.append(UInt8(ascii: "-"))
        append(day, width: 2)
        out.append(UInt8(ascii: "T"))
        append(seconds / 3600, width: 2)
        out.append(UInt8(ascii: ":"))
        append(seconds / 60 % 60, width: 2)
        out.append(UInt8(ascii: ":"))
        append(seconds % 60, width: 2)
        if milliseconds != 0 {
            out.append(UInt8(ascii: "."))
            append(milliseconds, width: 3)
        }
        out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }

    var description: String { iso8601String }

    static func < (lhs: UTCInstant, rhs: UTCInstant) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }
}
