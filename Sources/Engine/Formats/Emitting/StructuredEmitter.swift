/// A streaming writer of nested objects, arrays and scalars. Records and request bodies are
/// written through it, so one record-writing routine serves JSON, NDJSON and plist output.
protocol StructuredEmitter: AnyObject {
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
    /// Starts a value whose bytes may be kept and written again (an object nested in many
    /// records): writes what goes before it and marks where it begins. Nil when the emitter
    /// cannot replay values; then nothing was written.
    func beginReplayableValue() throws -> ReplayMark?
    /// The bytes of the one value written since `mark`, nil when they are no longer at hand.
    func valueBytes(since mark: ReplayMark) -> [UInt8]?
    /// Writes, after `beginReplayableValue()`, a value as bytes `valueBytes(since:)` gave for
    /// a value begun at the same depth.
    func replayValue(_ bytes: [UInt8]) throws
}

/// Where a replayable value begins in an emitter's output. Its bytes depend on the depth it is
/// written at (indentation), so they are replayed only at the same depth.
struct ReplayMark: Sendable {
    let depth: Int
    let offset: Int
    /// The emitter's flush count when the value began.
    let generation: Int
}

extension StructuredEmitter {
    func key(_ name: String, encoded: JSONEncodedKey) throws {
        try key(name)
    }

    func string(_ text: String, encoded: JSONEncodedKey) throws {
        try scalar(.string(text))
    }

    func beginReplayableValue() throws -> ReplayMark? { nil }

    func valueBytes(since mark: ReplayMark) -> [UInt8]? { nil }

    func replayValue(_ bytes: [UInt8]) throws {
        preconditionFailure("replayValue(_:) without a mark: this emitter does not replay values")
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
