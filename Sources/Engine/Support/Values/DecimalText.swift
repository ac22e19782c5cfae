/// An exact decimal number read from a JSON number literal or a numeric string:
/// `digits × 10^exponent`, with no precision lost. Used where numbers must compare or
/// combine without going through `Double` (`12345678901234567890` ≠ `12345678901234567891`):
/// identity keys, matcher equality, collection operators.
struct DecimalText: Sendable, Hashable, Comparable {
    let negative: Bool
    /// Significant digits without leading or trailing zeros (empty for zero).
    let digits: [UInt8]
    let exponent: Int

    static let zero = DecimalText(negative: false, digits: [], exponent: 0)

    init(negative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits
        var exponent = exponent
        while let first = digits.first, first == 0 { digits.removeFirst() }
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.negative = digits.isEmpty ? false : negative
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// Reads a number: JSON numbers, and strings that follow JSON's number grammar (a
    /// leading `+` and surrounding blanks are not accepted; `1.`, `.5` and `0012` are not
    /// numbers). Booleans and everything else: nil.
    init?(_ value: Value) {
        switch value {
        case .number(let text), .string(let text): self.init(text: text)
        default: return nil
        }
    }

    init?(text: String) {
        var bytes = Array(text.utf8)[...]
        guard !bytes.isEmpty else { return nil }
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var exponent = 0
        guard let first = bytes.first, ASCIIBytes.isDigit(first) else { return nil }
        if first == 48 {
            bytes = bytes.dropFirst()
            if let next = bytes.first, ASCIIBytes.isDigit(next) { return nil }
        } else {
            while let b = bytes.first, ASCIIBytes.isDigit(b) {
                digits.append(b - 48)
                bytes = bytes.dropFirst()
            }
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard let b = bytes.first, ASCIIBytes.isDigit(b) else { return nil }
            while let b = bytes.first, ASCIIBytes.isDigit(b) {
                digits.append(b - 48)
                exponent -= 1
                bytes = bytes.dropFirst()
            }
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard let b = bytes.first, ASCIIBytes.isDigit(b) else { return nil }
            var value = 0
            while let b = bytes.first, ASCIIBytes.isDigit(b) {
                if value < 100_000_000 { value = value * 10 + Int(b - 48) }
                bytes = bytes.dropFirst()
            }
            exponent += exponentNegative ? -value : value
        }
        guard bytes.isEmpty else { return nil }
        self.init(negative: negative, digits: digits, exponent: exponent)
    }

    var isZero: Bool { digits.isEmpty }

    /// True when the value has no fractional part.
    var isInteger: Bool { exponent >= 0 }

    /// The canonical text: plain notation when it stays short (`1000`, `0.25`, `-3`),
    /// scientific otherwise (`1.5e40`).
    var text: String {
        if digits.isEmpty { return "0" }
        let sign = negative ? "-" : ""
        let body = String(decoding: digits.map { $0 + 48 }, as: UTF8.self)
        if exponent >= 0 {
            if digits.count + exponent <= 40 { return sign + body + String(repeating: "0", count: exponent) }
        } else if -exponent < digits.count {
            let split = body.index(body.startIndex, offsetBy: digits.count + exponent)
            return sign + body[..<split] + "." + body[split...]
        } else if -exponent - digits.count <= 20 {
            return sign + "0." + String(repeating: "0", count: -exponent - digits.count) + body
        }
        let scientificExponent = exponent + digits.count - 1
        let mantissa = digits.count > 1 ? String(body.prefix(1)) + "." + body.dropFirst() : body
        return sign + mantissa + "e" + String(scientificExponent)
    }

    var doubleValue: Double { Double(text) ?? .nan }

    static func < (lhs: DecimalText, rhs: DecimalText) -> Bool {
        if lhs.negative != rhs.negative { return lhs.negative }
        let magnitudeLess = lessMagnitude(lhs, rhs)
        if lhs.negative { return lessMagnitude(rhs, lhs) }
        return magnitudeLess
    }

    private static func lessMagnitude(_ a: DecimalText, _ b: DecimalText) -> Bool {
        if a.digits.isEmpty { return !b.digits.isEmpty }
        if b.digits.isEmpty { return false }
        let aMagnitude = a.digits.count + a.exponent
        let bMagnitude = b.digits.count + b.exponent
        if aMagnitude != bMagnitude { return aMagnitude < bMagnitude }
        return a.digits.lexicographicallyPrecedes(b.digits)
    }

    /// Exact addition (falls back to `Double` when the exponents are absurdly far apart).
    static func + (lhs: DecimalText, rhs: DecimalText) -> DecimalText {
        if lhs.isZero { return rhs }
        if rhs.isZero { return lhs }
        let low = min(lhs.exponent, rhs.exponent)
        let high = max(lhs.exponent + lhs.digits.count, rhs.exponent + rhs.digits.count)
        guard high - low <= 4000 else {
            return DecimalText(text: "\(lhs.doubleValue + rhs.doubleValue)") ?? .zero
        }
        func aligned(_ d: DecimalText) -> [Int] {
            // Least significant digit first.
            var result = [Int](repeating: 0, count: d.exponent - low)
            result.append(contentsOf: d.digits.reversed().map(Int.init))
            return result
        }
        let a = aligned(lhs), b = aligned(rhs)
        let width = max(a.count, b.count) + 1
        var result = [Int](repeating: 0, count: width)
        if lhs.negative == rhs.negative {
            var carry = 0
            for i in 0..<width {
                let sum = (i < a.count ? a[i] : 0) + (i < b.count ? b[i] : 0) + carry
                result[i] = sum % 10
                carry = sum / 10
            }
            return DecimalText(negative: lhs.negative, digits: result.reversed().map(UInt8.init), exponent: low)
        }
        // Different signs: subtract the smaller magnitude from the larger.
        let lhsLarger = !lessMagnitude(lhs, rhs)
        let (big, small) = lhsLarger ? (a, b) : (b, a)
        var borrow = 0
        for i in 0..<width {
            var difference = (i < big.count ? big[i] : 0) - (i < small.count ? small[i] : 0) - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 10 }
            result[i] = difference
        }
        return DecimalText(
            negative: lhsLarger ? lhs.negative : rhs.negative, digits: result.reversed().map(UInt8.init), exponent: low)
    }

    /// Division by a count, for `@avg`: exact when the quotient terminates within 40
    /// significant digits, else the nearest double (what KVC's `@avg` gives).
    func divided(by count: Int) -> DecimalText {
        let exact = longDivision(by: count)
        if exact.digits.count < 40 { return exact }
        return DecimalText(text: "\(doubleValue / Double(count))") ?? exact
    }

    private func longDivision(by count: Int) -> DecimalText {
        guard count > 1, !isZero else { return self }
        var quotient: [UInt8] = []
        var remainder = 0
        var exponent = self.exponent
        var index = 0
        while quotient.count < 40 {
            let digit: Int
            if index < digits.count {
                digit = Int(digits[index])
            } else {
                if remainder == 0 { break }
                digit = 0
                exponent -= 1
            }
            index += 1
            let current = remainder * 10 + digit
            quotient.append(UInt8(current / count))
            remainder = current % count
        }
        return DecimalText(negative: negative, digits: quotient, exponent: exponent + max(0, digits.count - index))
    }
}
