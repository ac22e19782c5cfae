/// The JSON writer serves record and body writing like any other emitter.
extension JSONWriter: StructuredEmitter {
    func key(_ name: String, encoded: JSONEncodedKey) throws {
        try key(encoded)
    }

    func string(_ text: String, encoded: JSONEncodedKey) throws {
        try string(encoded)
    }

    func scalar(_ value: Value) throws {
        switch value {
        case .null: try null()
        case .bool(let flag): try bool(flag)
        case .number(let text): try number(text)
        case .string(let text): try string(text)
        case .array, .object: try write(value)
        }
    }
}
