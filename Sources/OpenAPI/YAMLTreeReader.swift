import CLibYAML
import RestmapEngine

/// Reads a YAML document — and so a JSON one, which YAML's flow style reads — into a
/// `SpecNode` tree with every node's line and column, from libyaml's event stream. The only
/// file that sees libyaml.
///
/// An OpenAPI document comes from outside, so the tree is bounded as it is built: no deeper
/// than `maxDepth` (checked at each opening event, so that libyaml's own cost, which grows
/// with the square of the nesting, stops early), and aliases expanded (a document may use
/// them) but never past `maxNodes` nodes in all — a "billion laughs" document stops there.
struct YAMLTreeReader {
    var maxNodes = 2_000_000
    var maxDepth = 512

    /// A collection being read: its place, what it holds so far, and its anchor.
    private struct Open {
        var isMapping: Bool
        var line: Int
        var column: Int
        var anchor: String?
        var elements: [SpecNode] = []
        var members: [(key: String, value: SpecNode)] = []
        /// Where each key sits in `members`: a key written twice keeps its last value, as
        /// JSON readers (and restmap's config loader) do.
        var positions: [String: Int] = [:]
        var pendingKey: String?
        /// Nodes it expands to, itself and everything inside.
        var expanded = 1
    }

    /// - Throws: `RestmapError` (usage, `RM1201`) located at libyaml's problem, or for a
    ///   document past the bounds or with a key that is not a scalar.
    func read(_ bytes: [UInt8], file: String) throws -> SpecNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw RestmapError.usage(.openAPIUnreadable, "\(file): libyaml could not start a parser", at: .file(file))
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return try build(&parser, file: file)
        }
    }

    private func build(_ parser: inout yaml_parser_t, file: String) throws -> SpecNode {
        var stack: [Open] = []
        var anchors: [String: (node: SpecNode, expanded: Int)] = [:]
        var total = 0
        var root: SpecNode?

        /// Places a finished node in the collection being read (or makes it the root).
        func add(_ node: SpecNode, expanded: Int, anchor: String?) throws {
            total += expanded
            guard total <= maxNodes else {
                throw RestmapError.usage(
                    .openAPIUnreadable, "the OpenAPI document expands to more than \(maxNodes) nodes (through its aliases)", at: node.location)
            }
            if let anchor { anchors[anchor] = (node, expanded) }
            guard !stack.isEmpty else {
                root = node
                return
            }
            stack[stack.count - 1].expanded += expanded
            if !stack[stack.count - 1].isMapping {
                stack[stack.count - 1].elements.append(node)
            } else if let key = stack[stack.count - 1].pendingKey {
                stack[stack.count - 1].pendingKey = nil
                if let position = stack[stack.count - 1].positions[key] {
                    stack[stack.count - 1].members[position].value = node
                } else {
                    stack[stack.count - 1].positions[key] = stack[stack.count - 1].members.count
                    stack[stack.count - 1].members.append((key, node))
                }
            } else {
                guard let key = node.text else {
                    throw RestmapError.usage(.openAPIUnreadable, "a key of the OpenAPI document is not a scalar", at: node.location)
                }
                stack[stack.count - 1].pendingKey = key
            }
        }

        while root == nil {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw Self.parseError(parser, file: file) }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
            let location = SourceLocation(file: file, line: line, column: column)
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let node = SpecNode(
                    content: .scalar(Self.text(scalar.value, count: scalar.length), plain: scalar.style == YAML_PLAIN_SCALAR_STYLE),
                    file: file, line: line, column: column)
                try add(node, expanded: 1, anchor: Self.text(scalar.anchor))
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard stack.count < maxDepth else {
                    throw RestmapError.usage(.openAPIUnreadable, "the OpenAPI document nests deeper than \(maxDepth) levels", at: location)
                }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = isMapping ? Self.text(event.data.mapping_start.anchor) : Self.text(event.data.sequence_start.anchor)
                stack.append(Open(isMapping: isMapping, line: line, column: column, anchor: anchor))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let open = stack.popLast() else { continue }
                let node = SpecNode(
                    content: open.isMapping ? .mapping(open.members) : .sequence(open.elements), file: file, line: open.line,
                    column: open.column)
                total -= open.expanded - 1  // its contents were counted as they arrived
                try add(node, expanded: open.expanded, anchor: open.anchor)
            case YAML_ALIAS_EVENT:
                let name = Self.text(event.data.alias.anchor) ?? ""
                guard let anchored = anchors[name] else {
                    throw RestmapError.usage(.openAPIUnreadable, "the OpenAPI document uses the alias *\(name) before its anchor", at: location)
                }
                try add(anchored.node, expanded: anchored.expanded, anchor: nil)
            case YAML_STREAM_END_EVENT:
                throw RestmapError.usage(.openAPIUnreadable, "the OpenAPI document is empty", at: .file(file))
            default:
                continue
            }
        }
        return root!
    }

    private static func text(_ bytes: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
        guard let bytes else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private static func text(_ bytes: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        bytes.map { String(cString: $0) }
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
