import RestmapEngine

/// `StoreValue`s to and from PostgreSQL's text format. Untyped attribute columns are
/// `jsonb` (PostgreSQLDialect): a value there is sent as JSON (a string quoted, a number
/// as its digits, a blob — already JSON text, StoreValueCodec — as it is) and read back into
/// the storage class SQLite would have kept, so the codec above is the same for both engines.
enum PostgreSQLValues {
    // Type OIDs (pg_type.dat) the store reads or binds.
    static let boolean: UInt32 = 16
    static let bytea: UInt32 = 17
    static let int8: UInt32 = 20
    static let int2: UInt32 = 21
    static let int4: UInt32 = 23
    static let float4: UInt32 = 700
    static let float8: UInt32 = 701
    static let jsonb: UInt32 = 3802

    /// The text a parameter is sent as.
    static func text(_ value: StoreValue, jsonb: Bool) -> [UInt8] {
        switch value {
        case .null: return []
        case .integer(let number): return Array(String(number).utf8)
        case .real(let number): return Array(StoreValueCodec.realText(number).utf8)
        case .text(let text): return jsonb ? StoreValueCodec.json(.string(text)) : Array(text.utf8)
        case .blob(let bytes): return bytes
        }
    }

    /// The store value of a column's text.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, type: UInt32) -> StoreValue {
        switch type {
        case int8, int2, int4:
            return Int64(String(decoding: text, as: UTF8.self)).map(StoreValue.integer) ?? .null
        case float4, float8:
            return Double(String(decoding: text, as: UTF8.self)).map(StoreValue.real) ?? .null
        case boolean:
            return .integer(text.first == UInt8(ascii: "t") ? 1 : 0)
        case bytea:
            return .blob(hexBytes(text))
        case jsonb:
            return fromJSON(Array(text))
        default:
            return .text(String(decoding: text, as: UTF8.self))
        }
    }

    /// A jsonb value as the storage class SQLite would hold it in an untyped column.
    static func fromJSON(_ bytes: [UInt8]) -> StoreValue {
        guard let first = bytes.first else { return .blob(bytes) }
        if first == UInt8(ascii: "\""), case .string(let text)? = try? JSONReader.value(from: bytes, file: "<store>") {
            return .text(text)
        }
        if first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            let text = String(decoding: bytes, as: UTF8.self)
            if let number = Int64(text), String(number) == text { return .integer(number) }
            if let number = Double(text), number.isFinite, StoreValueCodec.realText(number) == text { return .real(number) }
        }
        return .blob(bytes)
    }

    /// bytea's hex output (`\x0a1b…`).
    private static func hexBytes(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else { return Array(text) }
        func nibble(_ c: UInt8) -> UInt8 {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            default: return c &- UInt8(ascii: "A") &+ 10
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index + 1 < text.count {
            bytes.append(nibble(text[index]) << 4 | nibble(text[index + 1]))
            index += 2
        }
        return bytes
    }
}
