/// Reads the time zone of a `date_formats` pattern's zone field. Every zone letter
/// (`Z`, `X`, `x`, `z`, any count) accepts every form here, as ICU's lenient parsing does,
/// so that one pattern survives a server switching between `+0000` and `Z`:
/// `Z`; `UTC`, `GMT`, `UT`, optionally followed by an offset (`GMT+1`, `UTC-05:30`);
/// `±h`, `±hh`, `±hhmm`, `±hh:mm`; and the US zone abbreviations HTTP dates use (EST EDT CST
/// CDT MST MDT PST PDT). Long names (`Pacific Standard Time`) and zone identifiers
/// (`America/New_York`) are not supported: they would need the tz database.
enum ZoneText {
    static let abbreviations: [(name: String, hours: Int)] = [
        ("EST", -5), ("EDT", -4), ("CST", -6), ("CDT", -5), ("MST", -7), ("MDT", -6), ("PST", -8), ("PDT", -7),
    ]

    enum Reading {
        /// A zone `offsetSeconds` east of UTC.
        case offset(Int)
        case invalid(ConversionReason)
        case none
    }

    /// Reads a zone at the cursor, advancing past it when there is one.
    static func read(_ cursor: inout DateTextCursor) -> Reading {
        let start = cursor.index
        while let next = cursor.peek, ASCIIBytes.isLetter(next) { cursor.index += 1 }
        let name = cursor.bytes[start..<cursor.index]
        if name.isEmpty {
            return signedOffset(&cursor, required: true)
        }
        if ASCIIBytes.equalsIgnoringCase(name, "Z") { return .offset(0) }
        if ["UTC", "GMT", "UT"].contains(where: { ASCIIBytes.equalsIgnoringCase(name, $0) }) {
            return signedOffset(&cursor, required: false)
        }
        if let zone = abbreviations.first(where: { ASCIIBytes.equalsIgnoringCase(name, $0.name) }) {
            return .offset(zone.hours * 3600)
        }
        cursor.index = start
        return .none
    }

    /// `±h`, `±hh`, `±hhmm` or `±hh:mm`; when not `required`, its absence is offset 0.
    private static func signedOffset(_ cursor: inout DateTextCursor, required: Bool) -> Reading {
        let start = cursor.index
        guard let sign = cursor.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            return required ? .none : .offset(0)
        }
        cursor.index += 1
        guard let (hours, hourDigits) = cursor.number(width: 1...2) else {
            cursor.index = start
            return required ? .none : .offset(0)
        }
        var minutes = 0
        let beforeMinutes = cursor.index
        if cursor.skip(UInt8(ascii: ":")) {
            guard let value = cursor.number(digits: 2) else {
                cursor.index = beforeMinutes
                return .none
            }
            minutes = value
        } else if hourDigits == 2, let value = cursor.number(digits: 2) {
            minutes = value
        }
        guard hours <= 23, minutes <= 59 else { return .invalid("zone offset is out of range") }
        let offset = hours * 3600 + minutes * 60
        return .offset(sign == UInt8(ascii: "-") ? -offset : offset)
    }
}
