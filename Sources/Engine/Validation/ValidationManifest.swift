#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a `validate` manifest (SPEC §3.4): a property list (XML or binary) or JSON
/// document whose root is an array of entries
/// `{ file, path?, status?, expect? }`:
/// - `file` (string, required): the sample, relative to the manifest's directory unless
///   absolute; it must lie inside the manifest's directory or the working directory, or in
///   one of `allowedOutside` (`SampleConfinement`);
/// - `path` (string): the request path; without it, `--path` or the config's only path mapping;
/// - `status` (integer 100–599): the HTTP status; 4xx/5xx map with `error_mappings`;
/// - `expect` (`ok`, the default, or `error`): a negative sample passes when it has errors;
/// - `method` (string), `headers` and `response_headers` (dictionaries of strings): the
///   HTTP exchange `@metadata.HTTP.*` key paths read (`--method`, `--header`,
///   `--response-header` for entries without them).
///
/// Every problem is reported, located at the entry or value, before any sample is mapped;
/// any error makes the manifest unusable (`RestmapError.usage`, exit 2). Unknown keys are
/// warnings with a did-you-mean, as in configs.
public struct ValidationManifest {
    /// Manifests are hand-written lists; anything larger is refused before it eats memory.
    static let sizeLimit = InputLimits.manifestBytes
    static let keys = ["file", "path", "status", "expect", "method", "headers", "response_headers"]

    /// Tells whether a sample file can be read; tests replace it.
    var isReadable: (String) -> Bool = { path in FilePath.withCString(path) { access($0, R_OK) } == 0 }

    /// More directories samples may be read from (`--allow-outside DIR`).
    public var allowedOutside: [String] = []

    public init() {}

    /// The samples the manifest at `path` lists, in order.
    /// - Parameter log: receives warnings (unknown keys) and, before the throw, nothing else:
    ///   errors travel in the thrown `RestmapError`.
    /// - Throws: `RestmapError` (usage) when the manifest cannot be read or has errors.
    public func load(path: String, log: DiagnosticLog) throws -> [ValidationSample] {
        let source = try FileByteSource(path: path)
        let bytes: [UInt8]
        do {
            bytes = try source.readAll(limit: Self.sizeLimit)
        } catch let error as RestmapError {
            throw RestmapError(.usage, diagnostics: error.diagnostics)
        }
        return try parse(bytes, file: path, log: log)
    }

    /// The samples a manifest held in memory lists; `file` names it and anchors relative paths.
    func parse(_ bytes: [UInt8], file: String, log: DiagnosticLog) throws -> [ValidationSample] {
        let root = try document(bytes, file: file)
        let directory = Self.directory(of: file)
        let confinement = SampleConfinement(allowing: [directory.isEmpty ? "." : directory, "."] + allowedOutside)
        guard let elements = root.elements else {
            throw RestmapError.usage(
                .manifestNotArray, "a manifest must be an array of {file, path, status?, expect?} entries, found \(PlistShape(log: log).article(root.kindName))",
                at: root.location)
        }
        var errors: [Diagnostic] = []
        var samples: [ValidationSample] = []
        for (index, node) in elements.enumerated() {
            if let sample = entry(node, index: index, directory: directory, confinement: confinement, log: log, errors: &errors) {
                samples.append(sample)
            }
        }
        if elements.isEmpty {
            log.warning(.manifestEmpty, "the manifest lists no samples", at: root.location)
        }
        if !errors.isEmpty { throw RestmapError(.usage, diagnostics: errors) }
        return samples
    }

    private func entry(
        _ node: PlistNode, index: Int, directory: String, confinement: SampleConfinement, log: DiagnosticLog,
        errors: inout [Diagnostic]
    ) -> ValidationSample? {
        let name = "manifest entry \(index)"
        guard let fields = node.entries else {
            errors.append(.error(.manifestInvalidEntry, "\(name) must be a dictionary {file, path, status?, expect?}, found \(PlistShape(log: log).article(node.kindName))", at: node.location))
            return nil
        }
        for field in fields where !Self.keys.contains(field.key) {
            log.warning(
                .configUnknownKey, "unknown key '\(field.key)' in \(name)\(Suggestions.hint(for: field.key, among: Self.keys)); it is ignored",
                at: field.keyLocation)
        }
        let errorCount = errors.count
        var file: String?
        if let fileNode = node["file"] {
            if let text = fileNode.stringValue, text.unicodeScalars.contains("\0") {
                errors.append(.error(.manifestInvalidEntry, "\(name).file holds the NUL character, which no file name can hold", at: fileNode.location))
            } else if let text = fileNode.stringValue, !text.isEmpty {
                let resolved = Self.resolve(text, in: directory)
                if !confinement.allows(resolved) {
                    // Said before anything is opened: the file's bytes never reach a message.
                    errors.append(.error(
                        .manifestSampleOutside, "\(name): sample file '\(text)' is outside the manifest's directory and the working directory; pass --allow-outside DIR to read samples from DIR",
                        at: fileNode.location))
                } else if isReadable(resolved) {
                    file = resolved
                } else {
                    errors.append(.error(.manifestSampleUnreadable, "\(name): sample file '\(text)' cannot be read (looked for '\(resolved)')", at: fileNode.location))
                }
            } else {
                errors.append(.error(.manifestInvalidEntry, "\(name).file must be a non-empty string (the sample's path)", at: fileNode.location))
            }
        } else {
            errors.append(.error(.manifestInvalidEntry, "\(name) has no 'file' (the sample's path, relative to the manifest)", at: node.location))
        }
        var path: String?
        if let pathNode = node["path"] {
            if let text = pathNode.stringValue, !text.isEmpty {
                path = text
            } else {
                errors.append(.error(.manifestInvalidEntry, "\(name).path must be a non-empty string (the request path, e.g. /employees)", at: pathNode.location))
            }
        }
        var status: Int?
        if let statusNode = node["status"] {
            if case .integer(let text) = statusNode.content, let code = Int(text), (100...599).contains(code) {
                status = code
            } else {
                errors.append(.error(.manifestInvalidEntry, "\(name).status must be an HTTP status code, an integer from 100 to 599", at: statusNode.location))
            }
        }
        var expectation = ValidationSample.Expectation.ok
        if let expectNode = node["expect"] {
            let names = ValidationSample.Expectation.allCases.map(\.rawValue)
            if let text = expectNode.stringValue, let value = ValidationSample.Expectation(rawValue: text) {
                expectation = value
            } else {
                let hint = expectNode.stringValue.map { Suggestions.hint(for: $0, among: names) } ?? ""
                errors.append(.error(.manifestInvalidEntry, "\(name).expect must be 'ok' or 'error'\(hint)", at: expectNode.location))
            }
        }
        var method: String?
        if let methodNode = node["method"] {
            if let text = methodNode.stringValue, !text.isEmpty, !text.contains(" ") {
                method = text.uppercased()
            } else {
                errors.append(.error(.manifestInvalidEntry, "\(name).method must be an HTTP method, such as GET or POST", at: methodNode.location))
            }
        }
        let requestHeaders = headers(node["headers"], field: "\(name).headers", errors: &errors)
        let responseHeaders = headers(node["response_headers"], field: "\(name).response_headers", errors: &errors)
        guard errors.count == errorCount, let file else { return nil }
        var sample = ValidationSample(
            input: .file(file), name: file, requestPath: path, status: status, expectation: expectation,
            declaredAt: node.location)
        sample.method = method
        sample.requestHeaders = requestHeaders
        sample.responseHeaders = responseHeaders
        return sample
    }

    /// A `headers` field: a dictionary of header names to string values.
    private func headers(_ node: PlistNode?, field: String, errors: inout [Diagnostic]) -> [(name: String, value: String)]? {
        guard let node else { return nil }
        guard let fields = node.entries else {
            errors.append(.error(.manifestInvalidEntry, "\(field) must be a dictionary of header names to values", at: node.location))
            return nil
        }
        var pairs: [(name: String, value: String)] = []
        for field in fields {
            guard let value = field.value.stringValue else {
                errors.append(.error(.manifestInvalidEntry, "header '\(field.key)' must have a string value", at: field.value.location))
                continue
            }
            pairs.append((field.key, value))
        }
        return pairs
    }

    /// The manifest as a located tree: binary plist, XML plist or JSON by its first bytes.
    private func document(_ bytes: [UInt8], file: String) throws -> PlistNode {
        try ConfigDocumentReader().parse(bytes, file: file, document: "manifest")
    }

    /// The directory part of `path` (`Samples/manifest.json` → `Samples`), empty for a bare name.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `file` relative to `directory`, unless absolute: `Samples` + `employees/a.json`.
    static func resolve(_ file: String, in directory: String) -> String {
        if file.hasPrefix("/") || directory.isEmpty || directory == "." { return file }
        var file = file
        while file.hasPrefix("./") { file.removeFirst(2) }
        return directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }
}
