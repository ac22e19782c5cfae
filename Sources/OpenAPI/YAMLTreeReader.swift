import CLibYAML
import RestmapEngine

/// Reads a YAML document — and so a JSON one, which YAML's flow style reads — into a
/// `SpecNode` tree with every node's line and column, through libyaml's document API. The
/// only file that sees libyaml.
///
/// An OpenAPI document comes from outside, so the tree is bounded: aliases are expanded
/// (a document may use them), but never past `maxNodes` nodes in all — a "billion laughs"
/// document stops there — nor deeper than `maxDepth`.
struct YAMLTreeReader {
    var maxNodes = 2_000_000
    var maxDepth = 512

    /// - Throws: `RestmapError` (usage, `RM1201`) located at libyaml's problem, or for a
    ///   document past the bounds or with a key that is not a scalar.
    func read(_ bytes: [UInt8], file: String) throws -> SpecNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw RestmapError.usage(.openAPIUnreadable, "\(file): libyaml could not start a parser", at: .file(file))
        }
        defer { yaml_parser_delete(&parser) }
        var document = yaml_document_t()
        let loaded = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return yaml_parser_load(&parser, &document)
        }
        guard loaded == 1 else { throw Self.parseError(parser, file: file) }
        defer { yaml_document_delete(&document) }
        guard let root = yaml_document_get_root_node(&document) else {
            throw RestmapError.usage(.openAPIUnreadable, "the OpenAPI document is empty", at: .file(file))
        }
        var budget = maxNodes
        return try convert(root, in: &document, file: file, depth: 0, budget: &budget)
    }

    private func convert(
        _ node: UnsafeMutablePointer<yaml_node_t>, in document: inout yaml_document_t, file: String, depth: Int, budget: inout Int
    ) throws -> SpecNode {
        let mark = node.pointee.start_mark
        let location = SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        budget -= 1
        guard budget >= 0 else {
            throw RestmapError.usage(
                .openAPIUnreadable, "the OpenAPI document expands to more than \(maxNodes) nodes (through its aliases)", at: location)
        }
        guard depth < maxDepth else {
            throw RestmapError.usage(.openAPIUnreadable, "the OpenAPI document nests deeper than \(maxDepth) levels", at: location)
        }
        func make(_ content: SpecNode.Content) -> SpecNode {
            SpecNode(content: content, file: file, line: location.line ?? 1, column: location.column ?? 1)
        }
        switch node.pointee.type {
        case YAML_SCALAR_NODE:
            let scalar = node.pointee.data.scalar
            return make(.scalar(Self.text(scalar.value, count: scalar.length), plain: scalar.style == YAML_PLAIN_SCALAR_STYLE))
        case YAML_SEQUENCE_NODE:
            var elements: [SpecNode] = []
            var item = node.pointee.data.sequence.items.start
            while let current = item, current != node.pointee.data.sequence.items.top {
                if let child = yaml_document_get_node(&document, current.pointee) {
                    elements.append(try convert(child, in: &document, file: file, depth: depth + 1, budget: &budget))
                }
                item = current + 1
            }
            return make(.sequence(elements))
        case YAML_MAPPING_NODE:
            var members: [(key: String, value: SpecNode)] = []
            // A key written twice keeps its last value, as JSON readers (and restmap's config
            // loader) do; the document stays one mapping with unique keys for what reads it.
            var positions: [String: Int] = [:]
            var pair = node.pointee.data.mapping.pairs.start
            while let current = pair, current != node.pointee.data.mapping.pairs.top {
                guard let keyNode = yaml_document_get_node(&document, current.pointee.key),
                    let valueNode = yaml_document_get_node(&document, current.pointee.value)
                else { break }
                guard keyNode.pointee.type == YAML_SCALAR_NODE else {
                    let keyMark = keyNode.pointee.start_mark
                    throw RestmapError.usage(
                        .openAPIUnreadable, "a key of the OpenAPI document is not a scalar",
                        at: SourceLocation(file: file, line: Int(keyMark.line) + 1, column: Int(keyMark.column) + 1))
                }
                let key = Self.text(keyNode.pointee.data.scalar.value, count: keyNode.pointee.data.scalar.length)
                let value = try convert(valueNode, in: &document, file: file, depth: depth + 1, budget: &budget)
                if let position = positions[key] {
                    members[position].value = value
                } else {
                    positions[key] = members.count
                    members.append((key, value))
                }
                pair = current + 1
            }
            return make(.mapping(members))
        default:
            return make(.scalar("", plain: true))
        }
    }

    private static func text(_ bytes: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
        guard let bytes else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// libyaml's complaint, at the place it names: `problem` (and its `context`).
    private static func parseError(_ parser: yaml_parser_t, file: String) -> RestmapError {
        let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        let context = parser.context.map { String(cString: $0) }
        let mark = parser.problem_mark
        let message = "the OpenAPI document is not valid YAML or JSON: " + (context.map { "\($0): " } ?? "") + problem
        return RestmapError.usage(
            .openAPIUnreadable, message, at: SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }
}
