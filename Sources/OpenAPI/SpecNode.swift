import RestmapEngine

/// One node of an OpenAPI document with where it sits (line and column, 1-based), whether
/// the document was YAML or JSON: what a finding about the document points at.
public struct SpecNode: Sendable {
    indirect enum Content: Sendable {
        /// A scalar's text, and whether it was written plain (unquoted): only a plain scalar
        /// can be a number, a boolean or null.
        case scalar(String, plain: Bool)
        /// Keys in document order.
        case mapping([(key: String, value: SpecNode)])
        case sequence([SpecNode])
    }

    var content: Content
    /// The file the node was read from.
    public var file: String
    var line: Int
    var column: Int

    public var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    /// The member `key` of a mapping; nil for a missing key or a node that is not a mapping.
    public subscript(key: String) -> SpecNode? {
        guard case .mapping(let members) = content else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members of a mapping in document order; empty for any other node.
    var members: [(key: String, value: SpecNode)] {
        if case .mapping(let members) = content { return members }
        return []
    }

    /// The elements of a sequence; empty for any other node.
    var elements: [SpecNode] {
        if case .sequence(let elements) = content { return elements }
        return []
    }

    /// A scalar's text; nil for a mapping or a sequence.
    var text: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// `true`/`false` as YAML and JSON write them.
    var bool: Bool? {
        guard case .scalar(let text, let plain) = content, plain else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }
}
