/// Rows in COPY's text format: tab-separated fields, `\N` for NULL, backslash escapes for
/// backslash, tab, newline and carriage return. Each field is written as its column's type
/// reads it (a jsonb column's value as JSON, a bytea column's as `\x` hex).
struct PostgreSQLCopyRows {
    enum Kind {
        case plain, jsonb, bytea
    }

    private(set) var bytes: [UInt8] = []
    private var fieldsInRow = 0

    /// Hands the rows so far to `send` once they pass 1 MiB, and starts over.
    mutating func flush(ifLargerThan limit: Int = 1 << 20, _ send: ([UInt8]) throws -> Void) rethrows {
        guard bytes.count >= limit else { return }
        try send(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    static func kind(ofColumnType type: String) -> Kind {
        switch type {
        case "JSONB": return .jsonb
        case "BYTEA": return .bytea
        default: return .plain
        }
    }

    mutating func append(_ value: StoreValue, _ kind: Kind) {
        separate()
        switch (value, kind) {
        case (.null, _):
            bytes += [UInt8(ascii: "\\"), UInt8(ascii: "N")]
        case (.blob(let blob), .bytea):
            bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")]
            let digits = Array("0123456789abcdef".utf8)
            for byte in blob {
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xf)])
            }
        case (.integer(let number), _):
            appendDigits(number)
        case (.text(let text), .jsonb):
            // A JSON string, escaped for JSON and then for COPY, without intermediate copies.
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0..<0x20:
                    let digits = Array("0123456789abcdef".utf8)
                    bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                              digits[Int(byte >> 4)], digits[Int(byte & 0xf)]]
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        case (.text(let text), _):
            escape(text.utf8)
        default:
            escape(PostgreSQLValues.text(value, jsonb: kind == .jsonb))
        }
    }

    /// An integer's decimal digits.
    private mutating func appendDigits(_ number: Int64) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    mutating func append(_ number: Int64?) {
        append(number.map(StoreValue.integer) ?? .null, .plain)
    }

    mutating func append(_ flag: Bool) {
        separate()
        bytes.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
    }

    mutating func endRow() {
        bytes.append(UInt8(ascii: "\n"))
        fieldsInRow = 0
    }

    var isEmpty: Bool { bytes.isEmpty }

    private mutating func separate() {
        if fieldsInRow > 0 { bytes.append(UInt8(ascii: "\t")) }
        fieldsInRow += 1
    }

    private mutating func escape<Bytes: Sequence>(_ text: Bytes) where Bytes.Element == UInt8 {
        for byte in text {
            switch byte {
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            default: bytes.append(byte)
            }
        }
    }
}
