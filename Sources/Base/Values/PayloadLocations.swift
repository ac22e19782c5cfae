/// Where each value of a payload was written, keyed by its JSON Pointer (RFC 6901:
/// `/employees_list/3/dept/id`). Readers fill it only when asked (`validate` needs it to
/// point at the offending value; `map` does not pay for it).
///
/// Stored as a trie of reference tokens rather than a dictionary of whole pointers: a node per
/// value, keyed by its parent node and its own (escaped) token, with the line and column in
/// two flat arrays and the file once. A whole-pointer dictionary cost some 360 bytes per
/// value — `validate` on a 20 MB sample took 450 MB — and memory quadratic in the depth,
/// since each pointer repeats its ancestors' keys (issue 16); nodes cost a few dozen bytes
/// and hold one token each. Builders that walk a document add nodes by their parent
/// (`child(_:of:)`); others set and look up locations by pointer.
public struct PayloadLocations: Sendable {
    /// A value's node: 0 is the root pointer `""`.
    public typealias Node = Int32

    private struct Edge: Hashable {
        var parent: Node
        var token: String
    }

    private var children: [Edge: Node] = [:]
    /// Per node: its line (0 when it has no location, -1 when `others` holds it) and column.
    private var lines: [Int32] = [0]
    private var columns: [Int32] = [0]
    /// The file of the locations kept as line and column.
    private var file: String?
    /// Locations that are not `file:line:column` in that file (a line alone, a key path).
    private var others: [Node: SourceLocation] = [:]
    private var located = 0

    public init() {}

    public static let root: Node = 0

    // MARK: Nodes

    /// The node of `token` (escaped as in a pointer) under `parent`, added when new.
    public mutating func child(_ token: String, of parent: Node) -> Node {
        let edge = Edge(parent: parent, token: token)
        if let existing = children[edge] { return existing }
        let node = Node(lines.count)
        children[edge] = node
        lines.append(0)
        columns.append(0)
        return node
    }

    /// The node of array element `index` under `parent`, added when new.
    public mutating func child(_ index: Int, of parent: Node) -> Node {
        child(String(index), of: parent)
    }

    /// The node of `pointer`, added (with its ancestors) when new.
    public mutating func node(creating pointer: String) -> Node {
        var node = Self.root
        for token in Self.tokens(of: pointer) { node = child(String(token), of: node) }
        return node
    }

    /// Where the value of `node` was written.
    public mutating func set(_ location: SourceLocation?, at node: Node) {
        let index = Int(node)
        if lines[index] == 0 {
            guard location != nil else { return }
            located += 1
        }
        if lines[index] == -1 { others[node] = nil }
        guard let location else {
            lines[index] = 0
            located -= 1
            return
        }
        if location.keyPath == nil, let line = location.line, let column = location.column,
            line > 0, line <= Int(Int32.max), column > 0, column <= Int(Int32.max),
            file == nil || file == location.file
        {
            if file == nil { file = location.file }
            lines[index] = Int32(line)
            columns[index] = Int32(column)
        } else {
            lines[index] = -1
            others[node] = location
        }
    }

    /// The location of `node`, if it has one.
    public func location(of node: Node) -> SourceLocation? {
        let index = Int(node)
        switch lines[index] {
        case 0: return nil
        case -1: return others[node]
        default: return SourceLocation(file: file ?? "", line: Int(lines[index]), column: Int(columns[index]))
        }
    }

    /// The node of `token` (escaped) under `parent`, if there is one.
    public func existingChild(_ token: String, of parent: Node) -> Node? {
        children[Edge(parent: parent, token: token)]
    }

    /// The nodes of `pointer` and of its ancestors, from the root down, as far as they exist
    /// (the root's alone when none of its tokens has a node).
    public func nodes(along pointer: String) -> [Node] {
        var nodes = [Self.root]
        for token in Self.tokens(of: pointer) {
            guard let next = children[Edge(parent: nodes[nodes.count - 1], token: String(token))] else { break }
            nodes.append(next)
        }
        return nodes
    }

    // MARK: Pointers

    /// The location of the value at `pointer`, or of its nearest ancestor that has one.
    public func nearest(_ pointer: String) -> SourceLocation? {
        var node = Self.root
        var found = location(of: node)
        for token in Self.tokens(of: pointer) {
            guard let next = children[Edge(parent: node, token: String(token))] else { break }
            node = next
            if let here = location(of: node) { found = here }
        }
        return found
    }

    public subscript(pointer: String) -> SourceLocation? {
        get {
            var node = Self.root
            for token in Self.tokens(of: pointer) {
                guard let next = children[Edge(parent: node, token: String(token))] else { return nil }
                node = next
            }
            return location(of: node)
        }
        set {
            set(newValue, at: node(creating: pointer))
        }
    }

    public var isEmpty: Bool { located == 0 }

    /// Every location by its pointer (tests and fuzzing: it builds every pointer).
    public var byPointer: [String: SourceLocation] {
        var parents = Array(repeating: Node(-1), count: lines.count)
        var tokens = Array(repeating: "", count: lines.count)
        for (edge, node) in children {
            parents[Int(node)] = edge.parent
            tokens[Int(node)] = edge.token
        }
        var result: [String: SourceLocation] = [:]
        for index in lines.indices where lines[index] != 0 {
            var path: [String] = []
            var node = Node(index)
            while node != Self.root {
                path.append(tokens[Int(node)])
                node = parents[Int(node)]
            }
            result[path.reversed().map { "/" + $0 }.joined()] = location(of: Node(index))
        }
        return result
    }

    /// The reference tokens of `pointer`, still escaped; none for `""`.
    private static func tokens(of pointer: String) -> [Substring] {
        guard !pointer.isEmpty else { return [] }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    }

    /// `token` escaped for a pointer: `~` as `~0`, `/` as `~1` (RFC 6901).
    public static func escaped(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return token
        }
        // By scalar, not Character: `~` followed by a combining mark is one Character.
        var escaped = String.UnicodeScalarView()
        for scalar in token.unicodeScalars {
            switch scalar {
            case "~": escaped.append(contentsOf: "~0".unicodeScalars)
            case "/": escaped.append(contentsOf: "~1".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// Appends one reference token to a pointer, escaping `~` and `/` as RFC 6901 requires.
    public static func appending(_ token: String, to pointer: String) -> String {
        pointer + "/" + escaped(token)
    }

    public static func appending(_ index: Int, to pointer: String) -> String {
        pointer + "/" + String(index)
    }
}
