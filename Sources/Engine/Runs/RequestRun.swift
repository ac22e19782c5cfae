/// How `restmap request` builds and writes a body.
public struct RequestOptions: Sendable {
    public var format: RequestBodyFormat = .json
    /// One-line JSON or XML (form is always one line; plist has one layout).
    public var compact = false
    /// Leave out keys absent from the client object instead of writing null.
    public var omitMissing = false
    /// Input nesting deeper than this is an error.
    public var maxDepth = JSONReader.defaultMaxDepth

    public init() {}
}

/// One `restmap request` run (SPEC §3.2): reads the client objects (JSON), builds the body
/// with one request mapping and encodes it. The whole output is built before any of it is
/// written, so a failed run prints nothing.
///
/// Failures are `RestmapError`s with SPEC §3.6's exit codes: input that is malformed, not an
/// object or array of objects, with values their declared types refuse, or with keys XML
/// cannot name — data (1); body keys that conflict, a root or body key XML cannot name, an
/// array body for a form — usage/config (2).
public struct RequestRun: Sendable {
    let mapping: RequestMapping
    let options: RequestOptions
    let builder: RequestBodyBuilder

    /// - Throws: `RestmapError` (usage) when the mapping cannot serve the format whatever
    ///   the input: conflicting body keys, names XML cannot carry.
    public init(definitions: MappingDefinitions, mapping: RequestMapping, options: RequestOptions) throws {
        self.mapping = mapping
        self.options = options
        self.builder = try RequestBodyBuilder(mapping: mapping, definitions: definitions, omitMissing: options.omitMissing)
        if options.format == .xml { try Self.checkXMLNames(of: mapping, className: builder.className) }
    }

    /// The encoded body for the JSON document `source` holds. It is read through the JSON
    /// stream reader under `InputLimits.requestBytes`, so that malformed input (`/dev/zero`)
    /// stops at its first bad byte and endless input at the cap, in bounded memory.
    public func render(_ source: ByteSource) throws -> [UInt8] {
        let capped = CappedByteSource(source, limit: InputLimits.requestBytes, keepsCopy: true)
        let input = try JSONReader.value(from: capped, maxDepth: options.maxDepth)
        return try body(for: input, bytes: capped.copy, file: source.name)
    }

    /// The encoded body for the JSON document in `bytes`.
    /// - Parameter file: the input's name in diagnostics.
    func render(_ bytes: [UInt8], file: String) throws -> [UInt8] {
        let input = try JSONReader.value(from: bytes, file: file, maxDepth: options.maxDepth)
        return try body(for: input, bytes: bytes, file: file)
    }

    /// Builds and encodes the body for `input`, read from `bytes`.
    private func body(for input: Value, bytes: [UInt8], file: String) throws -> [UInt8] {
        let body: RequestBody
        do {
            body = try builder.body(for: input)
        } catch let error as RequestInputError {
            throw located(error, in: bytes, file: file)
        }
        return try encode(body, file: file)
    }

    /// The body in the run's format.
    func encode(_ body: RequestBody, file: String) throws -> [UInt8] {
        switch options.format {
        case .json:
            let sink = MemorySink()
            let writer = JSONWriter(sink: sink, style: options.compact ? .compact : .pretty)
            try writer.write(body.value)
            try writer.newline()
            try writer.flush()
            return sink.bytes
        case .plist:
            let sink = MemorySink()
            let emitter = PlistEmitter(sink: sink)
            try emitter.beginDocument()
            try emitter.emit(body.value)
            try emitter.endDocument()
            return sink.bytes
        case .form:
            do {
                return Array(try FormURLEncoder().encode(body.value).utf8)
            } catch is FormURLEncoder.TopLevelError {
                throw RestmapError.usage(
                    .requestFormNeedsRoot, "request_mappings.\(mapping.index) has no root_keypath, so an array of client objects gives an array body, which a form cannot carry (its pairs need names); add a root_keypath, or use --format json, xml or plist",
                    at: mapping.location)
            }
        case .xml:
            do {
                return Array(try XMLBodyEncoder(style: options.compact ? .compact : .pretty).encode(element: body.elementName, content: body.content).utf8)
            } catch let error as XMLBodyEncoder.InvalidNameError {
                throw RestmapError.data(
                    .requestInvalidXMLName, "\(error.message); keys inside client values become element names in XML: use --format json, form or plist for this input",
                    at: .file(file))
            }
        }
    }

    /// Turns input problems into diagnostics at their line and column. The input is parsed
    /// again, with locations, only now: the run that succeeds does not pay for them.
    private func located(_ error: RequestInputError, in bytes: [UInt8], file: String) -> RestmapError {
        let locations = (try? JSONReader.valueWithLocations(from: bytes, file: file, maxDepth: options.maxDepth))?.locations
        let diagnostics = error.problems.map { problem in
            Diagnostic.error(.requestInputInvalid, problem.message, at: locations?[problem.pointer] ?? .file(file))
        }
        return RestmapError(.data, diagnostics: diagnostics)
    }

    /// The element names the config gives an XML body: the root (root key path or class
    /// name) and every segment of every body key.
    static func checkXMLNames(of mapping: RequestMapping, className: String) throws {
        var diagnostics: [Diagnostic] = []
        let entry = mapping.label
        if let root = mapping.rootKeyPath {
            if !XMLBodyEncoder.isValidName(root) {
                diagnostics.append(
                    .error(.requestInvalidXMLName, "\(entry): the root_keypath '\(root)' is not a valid XML element name", at: mapping.location))
            }
        } else if !XMLBodyEncoder.isValidName(className) {
            diagnostics.append(
                .error(
                    .requestInvalidXMLName, "\(entry) has no root_keypath and its class_name '\(className)' is not a valid XML element name",
                    at: mapping.className?.location ?? mapping.location))
        }
        for key in mapping.allBodyKeys {
            // `(name)` segments are named by the client object's value, checked when written.
            let placeholders = key.keyAttribute.map(KeyedRepresentation.placeholders(for:)) ?? []
            if let bad = RequestBodyKeys.path(key.bodyKey).first(where: { !placeholders.contains($0) && !XMLBodyEncoder.isValidName($0) }) {
                diagnostics.append(
                    .error(
                        .requestInvalidXMLName, "\(key.label) writes the body key '\(key.bodyKey)': '\(bad)' is not a valid XML element name",
                        at: key.location))
            }
        }
        guard diagnostics.isEmpty else { throw RestmapError(.usage, diagnostics: diagnostics) }
    }
}
