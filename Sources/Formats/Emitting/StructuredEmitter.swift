import RestmapBase

/// A streaming writer of nested objects, arrays and scalars. Records and request bodies are
/// written through it, so one record-writing routine serves JSON, NDJSON and plist output.
public protocol StructuredEmitter: AnyObject {
    func beginObject() throws
    /// The key of the next member of the innermost object.
    func key(_ name: String) throws
    /// The same, with the key's JSON encoding computed once beforehand (record fields are
    /// written millions of times); emitters that are not JSON use `name`.
    func key(_ name: String, encoded: JSONEncodedKey) throws
    func endObject() throws
    func beginArray() throws
    func endArray() throws
    /// A scalar (null, boolean, number, string); containers go through `emit(_:)`.
    func scalar(_ value: Value) throws
    /// A string scalar with its JSON encoding computed once beforehand (entity names);
    /// emitters that are not JSON use `text`.
    func string(_ text: String, encoded: JSONEncodedKey) throws
}

extension StructuredEmitter {
    public func key(_ name: String, encoded: JSONEncodedKey) throws {
        try key(name)
    }

    public func string(_ text: String, encoded: JSONEncodedKey) throws {
        try scalar(.string(text))
    }

    /// Writes a whole value.
    public func emit(_ value: Value) throws {
        switch value {
        case .object(let object):
            try beginObject()
            for entry in object.entries {
                try key(entry.key)
                try emit(entry.value)
            }
            try endObject()
        case .array(let elements):
            try beginArray()
            for element in elements { try emit(element) }
            try endArray()
        default:
            try scalar(value)
        }
    }
}
