/// Where each value of a payload was written, keyed by its JSON Pointer (RFC 6901:
/// `/employees_list/3/dept/id`). Readers fill it only when asked (`validate` needs it to
/// point at the offending value; `map` does not pay for it).
///
/// Stored as a trie of reference tokens rather than a dictionary of whole pointers: a node per
/// value, found by its parent node and its own (escaped) token through an open-addressing
/// table of node numbers; tokens share one byte buffer, lines and columns two flat arrays,
/// and the file is kept once. A whole-pointer dictionary cost some 360 bytes per
/// value — `validate` on a 20 MB sample took 450 MB — and memory quadratic in the depth,
/// since each pointer repeats its ancestors' keys; nodes cost a few dozen bytes
/// and hold one token each. Builders that walk a document add nodes by their parent
/// (`child(_:of:)`); others set and look up locations by pointer.
struct PayloadLocations: Sendable {
    /// A value's node: 0 is the root pointer `""`.
    typealias Node = Int32

    /// Per node: its parent, where its token starts in `tokenBytes` (it ends where the next
    /// node's starts), and the hash of (parent, token).
    /// All empty until the first write (`materialize`): `map` makes an empty set of
    /// locations per streamed element, and six allocations each were 2% of its run.
    private var parents: [Node] = []
    private var tokenStarts: [Int32] = []
    private var hashes: [Int] = []
    private var tokenBytes: [UInt8] = []
    /// Open addressing over the nodes (0, the root, is never a child: it marks a free slot).
    private var slots: [Node] = []
    /// Per node: its line (0 when it has no location, -1 when `others` holds it) and column.
    private var lines: [Int32] = []
    private var columns: [Int32] = []
    /// The file of the locations kept as line and column.
    private var file: String?
    /// Locations that are not `file:line:column` in that file (a line alone, a key path).
    private var others: [Node: SourceLocation] = [:]
    private var located = 0

    init() {}

    static let root: Node = 0

    /// Adds the root node and the first probe table, before the first write.
    @inline(__always)
    private mutating func materialize() {
        guard parents.isEmpty else { return }
        parents = [-1]
        tokenStarts = [0]
        hashes = [0]
        lines = [0]
        columns = [0]
        slots = [Node](filledWith: 0, count: 16)
    }

    // MARK: Nodes

    /// The node of `token` (escaped as in a pointer) under `parent`, added when new.
    mutating func child(_ token: String, of parent: Node) -> Node {
        var token = token
        return token.withUTF8 { child(UnsafeRawBufferPointer($0), of: parent) }
    }

    /// The node of array element `index` under `parent`, added when new.
    mutating func child(_ index: Int, of parent: Node) -> Node {
        child(String(index), of: parent)
    }

    /// The node of `pointer`, added (with its ancestors) when new.
    mutating func node(creating pointer: String) -> Node {
        var node = Self.root
        Self.forEachToken(of: pointer) { token in
            node = child(token, of: node)
            return true
        }
        return node
    }

    /// The node of `token` (escaped) under `parent`, if there is one.
    func existingChild(_ token: String, of parent: Node) -> Node? {
        var token = token
        return token.withUTF8 { find(UnsafeRawBufferPointer($0), under: parent, hash: Self.hash(UnsafeRawBufferPointer($0), parent)).node }
    }

    /// The nodes of `pointer` and of its ancestors, from the root down, as far as they exist
    /// (the root's alone when none of its tokens has a node).
    func nodes(along pointer: String) -> [Node] {
        var nodes = [Self.root]
        Self.forEachToken(of: pointer) { token in
            guard let next = find(token, under: nodes[nodes.count - 1], hash: Self.hash(token, nodes[nodes.count - 1])).node
            else { return false }
            nodes.append(next)
            return true
        }
        return nodes
    }

    private mutating func child(_ token: UnsafeRawBufferPointer, of parent: Node) -> Node {
        materialize()
        let hash = Self.hash(token, parent)
        let (slot, existing) = find(token, under: parent, hash: hash)
        if let existing { return existing }
        let node = Node(parents.count)
        parents.append(parent)
        tokenStarts.append(Int32(tokenBytes.count))
        tokenBytes.append(contentsOf: token)
        hashes.append(hash)
        lines.append(0)
        columns.append(0)
        slots[slot] = node
        // At most half full: probes stay short.
        if parents.count * 2 > slots.count { grow() }
        return node
    }

    /// The slot of (`parent`, `token`): where its node is, or the free slot it would take.
    private func find(_ token: UnsafeRawBufferPointer, under parent: Node, hash: Int) -> (slot: Int, node: Node?) {
        if slots.isEmpty { return (0, nil) }
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let node = slots[slot]
            if node == 0 { return (slot, nil) }
            if hashes[Int(node)] == hash, parents[Int(node)] == parent, tokenEquals(Int(node), token) {
                return (slot, node)
            }
            slot = (slot + 1) & mask
        }
    }

    private func tokenEquals(_ node: Int, _ token: UnsafeRawBufferPointer) -> Bool {
        let start = Int(tokenStarts[node])
        let end = node + 1 < tokenStarts.count ? Int(tokenStarts[node + 1]) : tokenBytes.count
        guard end - start == token.count else { return false }
        return tokenBytes.withUnsafeBytes { bytes in
            token.count == 0 || memcmpBytes(bytes.baseAddress! + start, token.baseAddress!, token.count)
        }
    }

    private mutating func grow() {
        var bigger = [Node](filledWith: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for node in 1..<parents.count {
            var slot = hashes[node] & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = Node(node)
        }
        slots = bigger
    }

    /// A per-process seeded hash (Swift's `Hasher`), so that no input can make probes long.
    private static func hash(_ token: UnsafeRawBufferPointer, _ parent: Node) -> Int {
        var hasher = Hasher()
        hasher.combine(parent)
        hasher.combine(bytes: token)
        return hasher.finalize()
    }

    /// Calls `body` with each reference token of `pointer`, still escaped, until it returns false.
    private static func forEachToken(of pointer: String, _ body: (UnsafeRawBufferPointer) -> Bool) {
        guard !pointer.isEmpty else { return }
        var pointer = pointer
        pointer.withUTF8 { bytes in
            var start = 1
            while start <= bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "/") { end += 1 }
                if !body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end]))) { return }
                start = end + 1
            }
        }
    }

    /// Where the value of `node` was written.
    mutating func set(_ location: SourceLocation?, at node: Node) {
        materialize()
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
    func location(of node: Node) -> SourceLocation? {
        let index = Int(node)
        guard index < lines.count else { return nil }
        switch lines[index] {
        case 0: return nil
        case -1: return others[node]
        default: return SourceLocation(file: file ?? "", line: Int(lines[index]), column: Int(columns[index]))
        }
    }

    // MARK: Pointers

    /// The location of the value at `pointer`, or of its nearest ancestor that has one.
    func nearest(_ pointer: String) -> SourceLocation? {
        let nodes = nodes(along: pointer)
        for node in nodes.reversed() {
            if let found = location(of: node) { return found }
        }
        return nil
    }

    subscript(pointer: String) -> SourceLocation? {
        get {
            var node: Node? = Self.root
            Self.forEachToken(of: pointer) { token in
                node = node.flatMap { find(token, under: $0, hash: Self.hash(token, $0)).node }
                return node != nil
            }
            return node.flatMap(location(of:))
        }
        set {
            set(newValue, at: node(creating: pointer))
        }
    }

    var isEmpty: Bool { located == 0 }

    /// Every location by its pointer (tests and fuzzing: it builds every pointer).
    var byPointer: [String: SourceLocation] {
        var result: [String: SourceLocation] = [:]
        for index in lines.indices where lines[index] != 0 {
            var path: [String] = []
            var node = index
            while node != Int(Self.root) {
                let end = node + 1 < tokenStarts.count ? Int(tokenStarts[node + 1]) : tokenBytes.count
                path.append(String(decoding: tokenBytes[Int(tokenStarts[node])..<end], as: UTF8.self))
                node = Int(parents[node])
            }
            result[path.reversed().map { "/" + $0 }.joined()] = location(of: Node(index))
        }
        return result
    }

    /// `token` escaped for a pointer: `~` as `~0`, `/` as `~1` (RFC 6901).
    static func escaped(_ token: String) -> String {
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
    static func appending(_ token: String, to pointer: String) -> String {
        pointer + "/" + escaped(token)
    }

    static func appending(_ index: Int, to pointer: String) -> String {
        pointer + "/" + String(index)
    }
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always)
private func memcmpBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    for i in 0..<count where a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) {
        return false
    }
    return true
}
