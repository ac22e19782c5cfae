import RestmapEngine

/// How a mapped `Value` is held in a column, and read back, without loss (docs/stores.md, "Store
/// schema"):
/// - typed columns hold the type's natural storage: integers as INTEGER, doubles as REAL,
///   booleans as 0/1, binary data as BLOB, and decimals, dates, strings, URLs and UUIDs as
///   their exact text (a decimal keeps `1.50`, a date its ISO 8601 text);
/// - untyped columns hold strings as TEXT, numbers whose text is an exact integer or double
///   as INTEGER or REAL, and anything else (booleans, other number literals, arrays,
///   objects, or a typed column's value of an unexpected kind) as a BLOB of its JSON text.
enum StoreValueCodec {
    static func encode(_ value: Value, as type: AttributeType?) -> StoreValue {
        if case .null = value { return .null }
        switch (type, value) {
        case (.integer16?, .number(let text)), (.integer32?, .number(let text)), (.integer64?, .number(let text)):
            if let number = Int64(text) { return .integer(number) }
        case (.double?, .number(let text)), (.float?, .number(let text)):
            if let number = Double(text) { return .real(number) }
        case (.boolean?, .bool(let flag)):
            return .integer(flag ? 1 : 0)
        case (.decimal?, .number(let text)):
            return .text(text)
        case (.binary?, .string(let text)):
            if let bytes = Base64.decode(text) { return .blob(bytes) }
        case (.date?, .string(let text)), (.string?, .string(let text)), (.url?, .string(let text)), (.uuid?, .string(let text)):
            return .text(text)
        default:
            break
        }
        return encodeUntyped(value)
    }

    static func decode(_ stored: StoreValue, as type: AttributeType?) -> Value {
        switch (type, stored) {
        case (_, .null): return .null
        case (.boolean?, .integer(let number)): return .bool(number != 0)
        case (.decimal?, .text(let text)): return .number(text)
        case (.binary?, .blob(let bytes)): return .string(Base64.encode(bytes))
        default: return decodeUntyped(stored)
        }
    }

    private static func encodeUntyped(_ value: Value) -> StoreValue {
        switch value {
        case .null: return .null
        case .string(let text): return .text(text)
        case .number(let text):
            if let number = Int64(text), String(number) == text { return .integer(number) }
            if let number = Double(text), number.isFinite, realText(number) == text { return .real(number) }
            return .blob(json(value))
        case .bool, .array, .object:
            return .blob(json(value))
        }
    }

    private static func decodeUntyped(_ stored: StoreValue) -> Value {
        switch stored {
        case .null: return .null
        case .integer(let number): return .number(String(number))
        case .real(let number): return .number(realText(number))
        case .text(let text): return .string(text)
        case .blob(let bytes):
            // Written by encodeUntyped; a blob some other tool put there reads as base64.
            return (try? JSONReader.value(from: bytes, file: "<store>")) ?? .string(Base64.encode(bytes))
        }
    }

    /// The shortest text that reads back as `number` (`1.5`, `100.0`, `1e+20`).
    static func realText(_ number: Double) -> String {
        number.description
    }

    static func json(_ value: Value) -> [UInt8] {
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .compact, bufferSize: 256)
        try? writer.write(value)
        try? writer.flush()
        return sink.bytes
    }
}
