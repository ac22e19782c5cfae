import RestmapEngine

/// An OpenAPI 3.0 or 3.1 document, YAML or JSON, with the files its `$ref`s name beside it.
/// `$ref`s are followed on demand (`resolve`): local ones (`#/components/schemas/Pet`),
/// ones into a file in the document's folder or below it (`pets.yaml#/Pet`), never remote
/// ones nor files outside that folder — a document is input from outside, as a manifest is.
public final class OpenAPIDocument {
    public let root: SpecNode
    public let file: String
    /// The document's own version, `3.0.3` or `3.1.0`.
    let version: String
    /// Every file read so far, by path as the document names it.
    private var files: [String: SpecNode]
    private let folder: String

    /// The document's size cap, as a config's.
    static let maxBytes = InputLimits.configBytes
    /// `$ref`s leading to `$ref`s: past this many, a chain is taken as a loop.
    static let maxHops = 64

    /// - Throws: `RestmapError` (usage): `RM1201` for a file that cannot be read or parsed,
    ///   `RM1202` for a document that is not OpenAPI 3.x.
    public convenience init(path: String) throws {
        try self.init(root: Self.read(path), file: path)
    }

    /// A document already read (the fuzz harness reads bytes it never writes to a file).
    convenience init(bytes: [UInt8], file: String) throws {
        try self.init(root: YAMLTreeReader().read(bytes, file: file), file: file)
    }

    private init(root: SpecNode, file path: String) throws {
        file = path
        let slash = path.lastIndex(of: "/")
        folder = slash.map { String(path[...$0]) } ?? ""
        self.root = root
        // Under the name a `$ref` back to the document from a file beside it finds too.
        files = [path: root]
        if let name = Self.normalized(path), files[name] == nil { files[name] = root }
        guard let declared = root["openapi"]?.text else {
            let swagger = root["swagger"]?.text
            throw RestmapError.usage(
                .openAPIVersion,
                swagger.map { "the document is Swagger \($0), not OpenAPI 3: convert it to OpenAPI 3 first" }
                    ?? "the document has no 'openapi' field: it is not an OpenAPI 3 document",
                at: root.location)
        }
        guard declared.hasPrefix("3.0") || declared.hasPrefix("3.1") else {
            throw RestmapError.usage(
                .openAPIVersion, "the document is OpenAPI \(declared); restmap reads OpenAPI 3.0 and 3.1",
                at: root["openapi"]?.location ?? root.location)
        }
        version = declared
    }

    private static func read(_ path: String) throws -> SpecNode {
        let bytes: [UInt8]
        do {
            bytes = try FileByteSource(path: path).readAll(limit: maxBytes)
        } catch let error as RestmapError {
            throw RestmapError.usage(
                .openAPIUnreadable, error.diagnostics.first?.message ?? "the OpenAPI document cannot be read", at: .file(path))
        }
        return try YAMLTreeReader().read(bytes, file: path)
    }

    /// `node` with its `$ref`s followed, and the name of the last component it went
    /// through (`#/components/schemas/Pet` → `Pet`), which names the entity it becomes.
    /// - Throws: `RestmapError` (usage, `RM1203`) for a `$ref` that cannot be followed.
    func resolve(_ node: SpecNode) throws -> (node: SpecNode, name: String?) {
        var current = node
        var name: String?
        var hops = 0
        while let reference = current["$ref"]?.text {
            hops += 1
            guard hops <= Self.maxHops else {
                throw RestmapError.usage(.openAPIReference, "$ref '\(reference)' leads to more than \(Self.maxHops) $refs in a row (a loop)", at: current.location)
            }
            let (target, component) = try follow(reference, from: current)
            current = target
            if let component { name = component }
        }
        return (current, name)
    }

    /// The node `reference` names, read from the file that holds `node`, and its component name.
    func follow(_ reference: String, from node: SpecNode) throws -> (SpecNode, String?) {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let filePart = parts[0]
        let pointer = parts.count > 1 ? parts[1] : ""
        var documentRoot = files[node.file] ?? root
        if !filePart.isEmpty {
            documentRoot = try sibling(filePart, reference: reference, from: node)
        }
        var target = documentRoot
        let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { token in
            PercentEncoding.decode(String(token)).replacing("~1", with: "/").replacing("~0", with: "~")
        }
        for token in tokens {
            if let member = target[token] {
                target = member
            } else if let index = Int(token), target.elements.indices.contains(index) {
                target = target.elements[index]
            } else {
                throw RestmapError.usage(.openAPIReference, "$ref '\(reference)' names nothing: there is no '\(token)' there", at: node.location)
            }
        }
        // A component's name names the entity: `#/components/schemas/Pet`, or any place in a
        // file of schemas beside the document (`pets.yaml#/Pet`, and `#/Dog` inside it).
        let inSchemaFile = !filePart.isEmpty || node.file != file
        let component = tokens.count >= 2 && tokens[tokens.count - 2] == "schemas" || inSchemaFile ? tokens.last : nil
        return (target, component)
    }

    /// The file a `$ref` names, read once: relative to the file holding the `$ref`, and
    /// inside the document's folder once symbolic links are followed (a link beside the
    /// document may point anywhere).
    private func sibling(_ name: String, reference: String, from node: SpecNode) throws -> SpecNode {
        if name.contains("://") || name.hasPrefix("//") {
            throw RestmapError.usage(
                .openAPIReference, "$ref '\(reference)' is remote; restmap follows only files beside the document", at: node.location)
        }
        let base = node.file.lastIndex(of: "/").map { String(node.file[...$0]) } ?? ""
        let path = name.hasPrefix("/") ? nil : Self.normalized(base + name)
        // A file read before has passed the check below already (or is the document itself).
        if let path, let known = files[path] { return known }
        guard let path, SampleConfinement(allowing: [folder.isEmpty ? "." : folder]).allows(path) else {
            throw RestmapError.usage(
                .openAPIReference, "$ref '\(reference)' names a file outside the document's folder", at: node.location)
        }
        let loaded = try Self.read(path)
        files[path] = loaded
        return loaded
    }

    /// `a/b/../c.yaml` → `a/c.yaml`; nil when `..` climbs above the start.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".": continue
            case "..":
                guard let last = parts.last, last != "", last != ".." else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
