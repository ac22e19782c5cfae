import RestmapBase

/// An object key (or a string written in every record, such as an entity name) escaped and
/// quoted once, for `JSONWriter.key(_:)` and `JSONWriter.string(_:)`.
public struct JSONEncodedKey: Sendable, Hashable {
    /// The key as written: quotes and escapes included.
    let quoted: [UInt8]

    /// Encodes `key` as `JSONWriter.key(_: String)` would write it.
    public init(_ key: String) {
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .compact, bufferSize: 0)
        try? writer.string(key)
        try? writer.flush()
        quoted = sink.bytes
    }
}
