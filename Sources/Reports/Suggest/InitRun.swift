import RestmapEngine

/// One `restmap init` run: reads sample payloads (JSON, NDJSON or XML, as `map` reads them)
/// and writes a starter config for them (`StarterConfig`).
public final class InitRun {
    private let payloadReader: PayloadReader
    private var starter = StarterConfig()
    /// The samples' names, for an error about all of them.
    private var sampleNames: [String] = []

    public init(maxDepth: Int = InputLimits.defaultMaxDepth) {
        payloadReader = PayloadReader(format: .auto, maxDepth: maxDepth)
    }

    /// Learns every document of `input`; its request path is the input's own, or `/` and
    /// the file's name without its extension (`employees.json` → `/employees`).
    /// - Throws: `RestmapError` (data) for a malformed sample.
    public func add(_ input: MapInput) throws {
        let path = input.requestPath ?? Self.defaultPath(forFile: input.source.name)
        sampleNames.append(input.source.name)
        let source = PeekableByteSource(input.source)
        let format = try payloadReader.format(of: source)
        if format == .xml {
            starter.add(try payloadReader.xmlReader(diagnostics: nil).read(source), requestPath: path)
            return
        }
        let reader = payloadReader.jsonReader(source)
        try payloadReader.forEachJSONDocument(reader, format: format, badDocument: { throw $0 }) { _ in
            guard let document = try reader.nextValue() else { return false }
            starter.add(document.value, requestPath: path)
            return true
        }
    }

    /// The starter config as an XML plist.
    /// - Throws: `RestmapError` (data) when no sample holds an object to sketch an entity from.
    public func config() throws -> String {
        guard starter.hasEntities else {
            throw RestmapError.data(
                .nothingMapped, "the samples hold no object to sketch an entity from (a starter config needs at least one)",
                at: sampleNames.first.map { .file($0) })
        }
        var document = try ConfigSketchWriter().document(starter.sections())
        for merge in starter.merged.merges {
            document += "<!-- " + DriftSuggestions.commentText(
                "\(merge.merged.joined(separator: ", ")) objects have the keys of \(merge.kept) objects: they are mapped as \(merge.kept)") + " -->\n"
        }
        let leftOut = starter.leftOut
        if !leftOut.isEmpty {
            let keys = leftOut.map { "\($0.entity): '\($0.key)'" }.joined(separator: ", ")
            document += "<!-- " + DriftSuggestions.commentText(
                "left out, since no key path can read them as they are (a dot, a leading @, parentheses or braces, an empty key, a control character): \(keys)") + " -->\n"
        }
        let empty = starter.pathsWithoutObjects
        if !empty.isEmpty {
            document += "<!-- " + DriftSuggestions.commentText(
                "no path mapping for \(empty.joined(separator: ", ")): its sample holds no object") + " -->\n"
        }
        return document
    }

    public static func defaultPath(forFile name: String) -> String {
        var file = name.split(separator: "/").last.map(String.init) ?? name
        if let dot = file.lastIndex(of: "."), dot != file.startIndex { file = String(file[..<dot]) }
        return "/" + file
    }
}
