/// Rows in COPY's text format: tab-separated fields, `\N` for NULL, backslash escapes for
/// backslash, tab, newline and carriage return. Each field is written as its column's type
/// reads it (a jsonb column's value as JSON, a bytea column's as `\x` hex).
struct PostgreSQLCopyRows {
    enum Kind {
        case plain, jsonb, bytea
    }

    private(set) var bytes: [UInt8] = []
    private var fieldsInRow = 0

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
        default:
            escape(PostgreSQLValues.text(value, jsonb: kind == .jsonb))
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

    private mutating func escape(_ text: [UInt8]) {
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
