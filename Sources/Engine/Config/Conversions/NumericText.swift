/// A number read from text without going through `Double`, so that no digit is lost:
/// `12345678901234567890` and `12345678901234567891` stay different and `1.0e3` is seen to
/// be the integer 1000. It reads JSON numbers and the looser forms people put in strings.
///
/// Accepted: optional surrounding whitespace, an optional `+` or `-`, digits with an optional
/// `.` and fraction (`.5` and `5.` too), an optional exponent `e`/`E` with optional sign.
/// Not numbers: `""`, `abc`, `12abc`, `0x1F`, `1_000`, `1,5`, `NaN`, `Infinity`.
struct NumericText: Sendable, Hashable {
    /// Exponents are clamped to this magnitude; a number that large or small is out of every
    /// range restmap converts to, and clamping keeps the arithmetic from overflowing.
    static let exponentLimit = 1 << 40

    /// True for a negative non-zero number (`-0` is zero and not negative).
    let isNegative: Bool
    /// The significant digits as ASCII, without leading or trailing zeros; empty for zero.
    let significand: [UInt8]
    /// The value is `significand × 10^exponent`. Zero has exponent 0.
    let exponent: Int
    /// The number as a JSON number literal: the text itself when it already was one,
    /// else the same digits rewritten (`+1.50` → `1.50`, `.5` → `0.5`, `007` → `7`).
    let json: String

    var isZero: Bool { significand.isEmpty }

    /// True when the number has no fractional part.
    var isIntegral: Bool { isZero || exponent >= 0 }

    /// The numbers of digits before and after the point when `text` is a JSON number literal
    /// without an exponent and with nothing around it (`0`, `-7`, `131.30`): the form the
    /// decimal and floating-point conversions give such text, so they can keep it without
    /// reading it. Nil for every other text (`+1`, `007`, `.5`, `5.`, `1e3`, ` 42`, `abc`), and
    /// for text whose UTF-8 is not stored contiguously (the conversions then read it).
    static func plainLiteralDigits(_ text: String) -> (integer: Int, fraction: Int)? {
        let digits = text.utf8.withContiguousStorageIfAvailable { bytes -> (integer: Int, fraction: Int)? in
            let n = bytes.count
            var i = 0
            if i < n && bytes[i] == UInt8(ascii: "-") { i += 1 }
            let integerStart = i
            while i < n && ASCIIBytes.isDigit(bytes[i]) { i += 1 }
            let integer = i - integerStart
            guard integer == 1 || (integer > 1 && bytes[integerStart] != UInt8(ascii: "0")) else { return nil }
            if i == n { return (integer, 0) }
            guard bytes[i] == UInt8(ascii: ".") else { return nil }
            i += 1
            let fractionStart = i
            while i < n && ASCIIBytes.isDigit(bytes[i]) { i += 1 }
            guard i == n, i > fractionStart else { return nil }
            return (integer, i - fractionStart)
        }
        return digits ?? nil
    }

    /// Reads `text`; nil when it is not a number.
    init?(_ text: String) {
        self.init(bytes: ASCIIBytes.trimmedBytes(text), original: text)
    }

    /// Reads a run of bytes; `original` is the text the bytes came from, kept as the JSON
    /// form when the bytes are exactly it and already are valid JSON.
    init?(bytes: ArraySlice<UInt8>, original: String? = nil) {
        var i = bytes.startIndex
        let end = bytes.endIndex
        var negative = false
        var signed = false
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            signed = true
            i += 1
        }
        let integerStart = i
        while i < end, ASCIIBytes.isDigit(bytes[i]) { i += 1 }
        let integerDigits = bytes[integerStart..<i]
        var fractionDigits = bytes[i..<i]
        var hasPoint = false
        if i < end, bytes[i] == UInt8(ascii: ".") {
            hasPoint = true
            i += 1
            let fractionStart = i
            while i < end, ASCIIBytes.isDigit(bytes[i]) { i += 1 }
            fractionDigits = bytes[fractionStart..<i]
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { return nil }
        var exponentValue = 0
        var exponentText = bytes[i..<i]
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            let exponentStart = i
            i += 1
            var exponentNegative = false
            if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            let digitsStart = i
            while i < end, ASCIIBytes.isDigit(bytes[i]) {
                if exponentValue < Self.exponentLimit {
                    exponentValue = exponentValue * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                }
                i += 1
            }
            guard i > digitsStart else { return nil }
            exponentValue = min(exponentValue, Self.exponentLimit)
            if exponentNegative { exponentValue = -exponentValue }
            exponentText = bytes[exponentStart..<i]
        }
        guard i == end else { return nil }

        // Significant digits and exponent.
        var digits = [UInt8]()
        digits.reserveCapacity(integerDigits.count + fractionDigits.count)
        for byte in integerDigits where !(digits.isEmpty && byte == UInt8(ascii: "0")) {
            digits.append(byte)
        }
        for byte in fractionDigits where !(digits.isEmpty && byte == UInt8(ascii: "0")) {
            digits.append(byte)
        }
        var exponent = exponentValue - fractionDigits.count
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty {
            negative = false
            exponent = 0
        }
        self.isNegative = negative
        self.significand = digits
        self.exponent = max(-Self.exponentLimit, min(Self.exponentLimit, exponent))

        // The JSON literal.
        let isJSON = !signed || bytes[bytes.startIndex] == UInt8(ascii: "-")
        let integerIsJSON = integerDigits.count == 1 || integerDigits.first.map { $0 != UInt8(ascii: "0") } ?? false
        let pointIsJSON = !hasPoint || !fractionDigits.isEmpty
        if let original, original.utf8.count == bytes.count, isJSON, integerIsJSON, pointIsJSON {
            self.json = original
        } else {
            var out = [UInt8]()
            out.reserveCapacity(bytes.count + 1)
            if signed && bytes[bytes.startIndex] == UInt8(ascii: "-") { out.append(UInt8(ascii: "-")) }
            var integer = integerDigits
            while integer.count > 1, integer.first == UInt8(ascii: "0") { integer = integer.dropFirst() }
            if integer.isEmpty { out.append(UInt8(ascii: "0")) } else { out.append(contentsOf: integer) }
            if !fractionDigits.isEmpty {
                out.append(UInt8(ascii: "."))
                out.append(contentsOf: fractionDigits)
            }
            out.append(contentsOf: exponentText)
            self.json = String(decoding: out, as: UTF8.self)
        }
    }

    /// The number as a signed integer of `bits` bits (16, 32 or 64), in decimal text, or
    /// why not: it has a fraction, or it does not fit.
    func integerText(bits: Int) -> Result<String, ConversionReason> {
        guard isIntegral else { return .failure("not a whole number") }
        if isZero { return .success("0") }
        let limit: UInt64 = bits >= 64 ? UInt64(Int64.max) : (UInt64(1) << UInt64(bits - 1)) - 1
        // Built only on failure: conversions run for every value of a large payload.
        func outOfRange() -> ConversionReason {
            ConversionReason("out of range (\(bits == 64 ? String(Int64.min) : "-" + String(limit + 1))...\(limit))")
        }
        guard significand.count + exponent <= 19, let magnitude = magnitude(scaledBy: 0) else {
            return .failure(outOfRange())
        }
        guard magnitude <= limit || isNegative && magnitude == limit + 1 else { return .failure(outOfRange()) }
        return .success(isNegative ? "-" + String(magnitude) : String(magnitude))
    }

    /// `|value| × 10^power`, truncated toward zero, when it fits in a `UInt64`.
    func magnitude(scaledBy power: Int) -> UInt64? {
        let scale = exponent + power
        var kept = significand[...]
        if scale < 0 {
            guard kept.count > -scale else { return 0 }
            kept = kept.dropLast(-scale)
        }
        guard kept.count + max(scale, 0) <= 20 else { return nil }
        var value: UInt64 = 0
        for byte in kept {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            if o1 || o2 { return nil }
            value = sum
        }
        if scale > 0 {
            for _ in 0..<scale {
                let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                value = times10
            }
        }
        return value
    }
}
