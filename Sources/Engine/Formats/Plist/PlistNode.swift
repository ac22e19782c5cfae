/// A property-list value that remembers where it was written. The config loader works on
/// these trees so that every diagnostic can point at the line and column (XML plists, JSON
/// configs) or key path (binary plists) of the entry it is about. Dictionaries keep the
/// order in which the file lists their keys: output follows that order.
struct PlistNode: Sendable, Equatable {
    enum Content: Sendable, Equatable {
        case dictionary([Entry])
        case array([PlistNode])
        case string(String)
        /// An integer, as its literal text.
        case integer(String)
        /// A real, as its literal text.
        case real(String)
        case boolean(Bool)
        /// A `<date>`, as its ISO 8601 text.
        case date(String)
        case data([UInt8])
        /// JSON's null: plists have none, so the loader reports it where a value is expected.
        case null
    }

    /// One key of a dictionary, with where the key itself was written.
    struct Entry: Sendable, Equatable {
        var key: String
        var keyLocation: SourceLocation
        var value: PlistNode

        init(key: String, keyLocation: SourceLocation, value: PlistNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    var content: Content
    var location: SourceLocation

    init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
    }

    /// The plist type name used in messages ("expected a dictionary, found an array").
    var kindName: String {
        switch content {
        case .dictionary: return "dictionary"
        case .array: return "array"
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .boolean: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .null: return "null"
        }
    }

    /// The entries when this is a dictionary.
    var entries: [Entry]? {
        if case .dictionary(let entries) = content { return entries }
        return nil
    }

    /// The elements when this is an array.
    var elements: [PlistNode]? {
        if case .array(let elements) = content { return elements }
        return nil
    }

    /// The text when this is a string.
    var stringValue: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    /// The value of `key` when this is a dictionary (the last one, if the file repeats it).
    subscript(key: String) -> PlistNode? {
        entries?.last(where: { $0.key == key })?.value
    }

    /// The node as a payload value: numbers keep their text, dates become ISO text,
    /// data becomes base64 text.
    var value: Value {
        switch content {
        case .dictionary(let entries):
            var object = ValueObject(minimumCapacity: entries.count)
            for entry in entries { object[entry.key] = entry.value.value }
            return .object(object)
        case .array(let elements): return .array(elements.map(\.value))
        case .string(let text): return .string(text)
        case .integer(let text), .real(let text): return .number(text)
        case .boolean(let flag): return .bool(flag)
        case .date(let text): return .string(text)
        case .data(let bytes): return .string(Base64.encode(bytes))
        case .null: return .null
        }
    }
}
