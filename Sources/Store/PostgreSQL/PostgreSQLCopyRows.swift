import RestmapEngine

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
            appendEscaped(text, jsonString: true)
            bytes.append(UInt8(ascii: "\""))
        case (.text(let text), _):
            appendEscaped(text, jsonString: false)
        default:
            PostgreSQLValues.text(value, jsonb: kind == .jsonb).withUnsafeBufferPointer { appendEscaped($0, jsonString: false) }
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

    private mutating func appendEscaped(_ text: String, jsonString: Bool) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, jsonString: jsonString) }) {
            return done
        }
        Array(text.utf8).withUnsafeBufferPointer { appendEscaped($0, jsonString: jsonString) }
    }

    /// `source` escaped for COPY's text format — and first for a JSON string when
    /// `jsonString` — with the runs between special bytes copied whole: the bytes are
    /// searched eight at a time (WordMask), as most text holds nothing to escape.
    private mutating func appendEscaped(_ source: UnsafeBufferPointer<UInt8>, jsonString: Bool) {
        guard let base = source.baseAddress else { return }
        let n = source.count
        var i = 0
        var runStart = 0
        while i < n {
            if i &+ 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let mask = jsonString
                    ? WordMask.jsonEscapes(word)
                    : WordMask.bytes(word, equalTo: UInt8(ascii: "\\")) | WordMask.bytes(word, below: 0x0E)
                if mask == 0 {
                    i &+= 8
                    continue
                }
                i &+= mask.trailingZeroBitCount &>> 3
            } else if !Self.mayNeedEscape(base[i], jsonString: jsonString) {
                i &+= 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart))
            appendEscape(of: base[i], jsonString: jsonString)
            i &+= 1
            runStart = i
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: n - runStart))
    }

    /// The bytes the word test above flags.
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8, jsonString: Bool) -> Bool {
        jsonString ? byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 : byte == UInt8(ascii: "\\") || byte < 0x0E
    }

    /// One flagged byte, escaped as it needs (some flagged bytes need nothing).
    private mutating func appendEscape(of byte: UInt8, jsonString: Bool) {
        let backslash = UInt8(ascii: "\\")
        if jsonString {
            switch byte {
            case UInt8(ascii: "\""): bytes += [backslash, backslash, byte]
            case backslash: bytes += [backslash, backslash, backslash, backslash]
            default:
                let digits = Self.hexDigits
                bytes += [backslash, backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                          digits[Int(byte >> 4)], digits[Int(byte & 0xf)]]
            }
            return
        }
        switch byte {
        case backslash: bytes += [backslash, backslash]
        case UInt8(ascii: "\t"): bytes += [backslash, UInt8(ascii: "t")]
        case UInt8(ascii: "\n"): bytes += [backslash, UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): bytes += [backslash, UInt8(ascii: "r")]
        default: bytes.append(byte)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
