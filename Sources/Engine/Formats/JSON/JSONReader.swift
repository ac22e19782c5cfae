/// Reads a whole JSON document (RFC 8259) from bytes in memory: payloads for `map` (`Value`),
/// payloads for `validate` (`Value` plus where each value is), and JSON configs (`PlistNode`).
///
/// - Numbers keep their exact text (`12345678901234567890`, `0.1`, `-0`, `1E+2`).
/// - A duplicate key in an object: the last one wins (in a `Value`; a `PlistNode` keeps all).
/// - A UTF-8 byte-order mark is skipped; invalid UTF-8 is an error.
/// - Top-level scalars are documents too.
/// - Errors are `RestmapError.data` located at the offending byte: 1-based line, and column
///   counted in Unicode code points (`JSONInput`).
/// - Nesting deeper than `maxDepth` containers is an error, whatever the thread's stack.
///
/// Streams (NDJSON, elements at a key path, files larger than memory) go through
/// `JSONStreamReader`; this type is for input already in memory.
public enum JSONReader {
    /// SPEC §2: `--max-depth` defaults to 10,000.
    public static let defaultMaxDepth = InputLimits.defaultMaxDepth

    /// The document in `bytes` as a `Value`; `file` names it in errors.
    public static func value(from bytes: [UInt8], file: String, maxDepth: Int = defaultMaxDepth) throws -> Value {
        let builder = JSONValueBuilder()
        var driver = builder
        try parse(bytes, file: file, maxDepth: maxDepth, into: &driver)
        return builder.takeValue()
    }

    /// The document as a `Value`, with the location of every value's first byte keyed by its
    /// JSON Pointer (the root is `""`).
    static func valueWithLocations(
        from bytes: [UInt8], file: String, maxDepth: Int = defaultMaxDepth
    ) throws -> (value: Value, locations: PayloadLocations) {
        let builder = JSONLocatingBuilder(file: file)
        var driver = builder
        try parse(bytes, file: file, maxDepth: maxDepth, into: &driver)
        return builder.take()
    }

    /// A JSON config as a located property-list tree, keys included (see `JSONPlistBuilder`).
    static func plist(from bytes: [UInt8], file: String, maxDepth: Int = defaultMaxDepth) throws -> PlistNode {
        var builder = JSONPlistBuilder(file: file)
        try parse(bytes, file: file, maxDepth: maxDepth, into: &builder)
        return builder.result!
    }

    /// Reads `source` as one document. It goes through `JSONStreamReader` chunk by chunk, so the
    /// input's bytes are never all in memory at once, only the tree built from them.
    static func value(from source: ByteSource, maxDepth: Int = defaultMaxDepth) throws -> Value {
        try document(from: source, maxDepth: maxDepth, withLocations: false).value
    }

    /// Reads `source` as one located document (see `value(from:maxDepth:)`).
    static func valueWithLocations(
        from source: ByteSource, maxDepth: Int = defaultMaxDepth
    ) throws -> (value: Value, locations: PayloadLocations) {
        let document = try document(from: source, maxDepth: maxDepth, withLocations: true)
        return (document.value, document.locations)
    }

    private static func document(from source: ByteSource, maxDepth: Int, withLocations: Bool) throws -> JSONDocument {
        let reader = JSONStreamReader(source: source, maxDepth: maxDepth)
        guard let document = try reader.nextValue(withLocations: withLocations) else {
            throw reader.failHere(.jsonUnexpectedEnd, "unexpected end of input, expected a JSON value")
        }
        try reader.expectEnd()
        return document
    }

    /// Runs the grammar over one whole document, then insists that only whitespace follows.
    static func parse<Builder: JSONBuilder>(
        _ bytes: [UInt8], file: String, maxDepth: Int, into builder: inout Builder
    ) throws {
        guard !bytes.isEmpty else {
            throw RestmapError.data(
                .jsonUnexpectedEnd, "unexpected end of input, expected a JSON value", at: SourceLocation(file: file, line: 1, column: 1))
        }
        try bytes.withUnsafeBufferPointer { buffer in
            var input = JSONInput(file: file, base: buffer.baseAddress!, count: buffer.count, isFinal: true)
            input.skipByteOrderMark()
            var machine = JSONMachine(maxDepth: maxDepth)
            _ = try machine.run(&input, &builder)
            input.skipWhitespace()
            if input.pos < input.end {
                throw input.fail(.jsonSyntax, "trailing characters after the JSON value", at: input.pos)
            }
        }
    }
}
