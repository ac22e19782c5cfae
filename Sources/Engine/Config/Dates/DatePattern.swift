/// A Unicode date pattern from the config's `date_formats` (`dd.MM.yyyy HH:mm`,
/// `yyyy-MM-dd'T'HH:mm:ssZZZZZ`, `EEE, d MMM yyyy`), compiled once and matched against
/// payload strings. Written here rather than with `DateFormatter` so that parsing does not
/// depend on the machine's locale, time zone or ICU version, and so that a pattern is
/// checked when the config is loaded.
///
/// Supported fields: `y yyyy` (year), `yy` (two-digit year: 69–99 → 19xx, 00–68 → 20xx, as
/// POSIX `strptime` does, instead of ICU's window around today), `M MM` / `L LL` (month),
/// `MMM MMMM` (English month name, abbreviated or full, either accepted), `d dd`,
/// `H HH` (0–23), `k kk` (1–24), `h hh` (1–12) and `K KK` (0–11) with `a` (AM/PM),
/// `m mm`, `s ss`, `S…` (fraction of a second), `E EEE EEEE` (English weekday, which must be
/// the date's), and zones `Z…`, `X…`, `x…`, `z…` (see `ZoneText`). Text in single quotes
/// is literal, `''` is a quote; other non-letters are literal; a space matches one or more
/// whitespace characters. Matching ignores the case of letters. A pattern must contain a
/// year, a month and a day: restmap does not guess missing date parts.
struct DatePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    let pattern: String
    let elements: [Element]

    enum Element: Sendable, Hashable {
        /// Bytes that must appear as written (ASCII letters in either case).
        case literal([UInt8])
        /// One or more whitespace characters.
        case whitespace
        /// A field; `width` is how many digits a numeric field reads.
        case field(Field, count: Int, width: ClosedRange<Int>)
    }

    enum Field: Sendable, Hashable {
        case year, month, monthName, day, hour0To23, hour1To24, hour1To12, hour0To11
        case dayPeriod, minute, second, fraction, weekday, zone

        var isNumeric: Bool {
            switch self {
            case .year, .month, .day, .hour0To23, .hour1To24, .hour1To12, .hour0To11, .minute, .second, .fraction:
                return true
            case .monthName, .dayPeriod, .weekday, .zone:
                return false
            }
        }

        /// Fields that fill the same part of the date: a pattern may hold each once.
        var part: String {
            switch self {
            case .month, .monthName: return "month"
            case .hour0To23, .hour1To24, .hour1To12, .hour0To11: return "hour"
            case .year: return "year"
            case .day: return "day"
            case .dayPeriod: return "AM/PM marker"
            case .minute: return "minute"
            case .second: return "second"
            case .fraction: return "fraction of a second"
            case .weekday: return "weekday"
            case .zone: return "time zone"
            }
        }
    }

    /// Compiles `pattern`; throws `DatePatternError` when it is empty, has an unterminated
    /// quote, a letter or letter count restmap does not support, a part of the date twice,
    /// or lacks the year, month or day.
    init(parsing pattern: String) throws {
        self.pattern = pattern
        func fail(_ message: String) -> DatePatternError { DatePatternError(pattern: pattern, message: message) }

        var elements = [Element]()
        var literal = [UInt8]()
        func flushLiteral() {
            if !literal.isEmpty { elements.append(.literal(literal)) }
            literal = []
        }
        let scalars = Array(pattern.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "'" {
                if i + 1 < scalars.count, scalars[i + 1] == "'" {
                    literal.append(UInt8(ascii: "'"))
                    i += 2
                    continue
                }
                i += 1
                var closed = false
                while i < scalars.count {
                    if scalars[i] == "'" {
                        if i + 1 < scalars.count, scalars[i + 1] == "'" {
                            literal.append(UInt8(ascii: "'"))
                            i += 2
                            continue
                        }
                        closed = true
                        i += 1
                        break
                    }
                    literal.append(contentsOf: String(scalars[i]).utf8)
                    i += 1
                }
                guard closed else { throw fail("unterminated quote (a literal ' is written '')") }
            } else if scalar.isASCII, ASCIIBytes.isLetter(UInt8(scalar.value)) {
                var count = 1
                while i + count < scalars.count, scalars[i + count] == scalar { count += 1 }
                flushLiteral()
                let letter = Character(scalar)
                guard let field = try Self.field(letter, count: count, fail: fail) else {
                    throw fail("unsupported pattern letter '\(letter)' (quote text meant literally: '\(letter)')")
                }
                elements.append(.field(field, count: count, width: 0...0))
                i += count
            } else if scalar == " " {
                flushLiteral()
                if elements.last != .whitespace { elements.append(.whitespace) }
                i += 1
            } else {
                literal.append(contentsOf: String(scalar).utf8)
                i += 1
            }
        }
        flushLiteral()
        guard !elements.isEmpty else { throw fail("the pattern is empty") }

        var parts = Set<String>()
        for case .field(let field, _, _) in elements {
            guard parts.insert(field.part).inserted else { throw fail("the \(field.part) appears twice") }
        }
        let missing = [("year", "y"), ("month", "M"), ("day", "d")].filter { !parts.contains($0.0) }
        guard missing.isEmpty else {
            let names = missing.map { "\($0.0) (\($0.1))" }
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
            throw fail("a date pattern needs a year, a month and a day; this one has no \(list)")
        }
        self.elements = Self.assignWidths(elements)
    }

    /// The field a letter repeated `count` times stands for; nil for letters restmap does
    /// not support at all, a thrown error for unsupported counts.
    private static func field(
        _ letter: Character, count: Int, fail: (String) -> DatePatternError
    ) throws -> Field? {
        func allow(_ counts: ClosedRange<Int>, _ field: Field, _ forms: String) throws -> Field {
            guard counts.contains(count) else {
                throw fail("'\(String(repeating: letter, count: count))' is not supported (use \(forms))")
            }
            return field
        }
        switch letter {
        case "y": return try allow(1...4, .year, "y, yy or yyyy")
        case "M", "L":
            return try allow(1...4, count >= 3 ? .monthName : .month, "\(letter), \(letter)\(letter), \(letter)\(letter)\(letter) or \(letter)\(letter)\(letter)\(letter)")
        case "d": return try allow(1...2, .day, "d or dd")
        case "H": return try allow(1...2, .hour0To23, "H or HH")
        case "k": return try allow(1...2, .hour1To24, "k or kk")
        case "h": return try allow(1...2, .hour1To12, "h or hh")
        case "K": return try allow(1...2, .hour0To11, "K or KK")
        case "a": return try allow(1...3, .dayPeriod, "a")
        case "m": return try allow(1...2, .minute, "m or mm")
        case "s": return try allow(1...2, .second, "s or ss")
        case "S": return try allow(1...9, .fraction, "S to SSSSSSSSS")
        case "E": return try allow(1...4, .weekday, "E, EEE or EEEE")
        case "Z", "X", "x": return try allow(1...5, .zone, "\(letter) to \(String(repeating: letter, count: 5))")
        case "z": return try allow(1...4, .zone, "z to zzzz")
        default: return nil
        }
    }

    /// Digits each numeric field reads. A field directly followed by another numeric field
    /// (`yyyyMMdd`, `HHmmss`) reads exactly its letter count, as ICU does for abutting
    /// fields; otherwise 1–2 digits (1–4 for years, any number for fractions), so `d.M.yyyy`
    /// reads `5.3.2013` and `dd.MM.yyyy` reads it too.
    private static func assignWidths(_ elements: [Element]) -> [Element] {
        var result = elements
        for index in result.indices {
            guard case .field(let field, let count, _) = result[index], field.isNumeric else { continue }
            var abutting = false
            if index + 1 < result.count, case .field(let next, _, _) = result[index + 1], next.isNumeric {
                abutting = true
            }
            let width: ClosedRange<Int>
            switch field {
            case .year: width = abutting ? (count == 2 ? 2...2 : 4...4) : 1...4
            case .fraction: width = abutting ? count...count : 1...Int.max
            default: width = abutting ? count...count : 1...2
            }
            result[index] = .field(field, count: count, width: width)
        }
        return result
    }

    var description: String { pattern }

    static func == (lhs: DatePattern, rhs: DatePattern) -> Bool { lhs.pattern == rhs.pattern }
    func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}
