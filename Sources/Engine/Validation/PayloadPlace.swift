/// A place in the document being validated, as the collector remembers it (read, visited,
/// skipped): its node in the document's `PayloadLocations`, or its pointer for the rare value
/// that has no node (past the locating builder's 4 KiB pointer cap). A set of nodes costs a
/// few bytes per place where a set of pointer strings would cost a string each: `validate`
/// keeps every place of a sample.
enum PayloadPlace: Hashable {
    case node(PayloadLocations.Node)
    case pointer(String)

    static let root = PayloadPlace.node(PayloadLocations.root)
}

/// A set of places: nodes in a set of 32-bit numbers, pointers (rare) in a set of their own.
struct PayloadPlaceSet {
    private var nodes = Set<PayloadLocations.Node>()
    private var pointers = Set<String>()

    @discardableResult
    mutating func insert(_ place: PayloadPlace) -> (inserted: Bool, memberAfterInsert: PayloadPlace) {
        switch place {
        case .node(let node): return (nodes.insert(node).inserted, place)
        case .pointer(let pointer): return (pointers.insert(pointer).inserted, place)
        }
    }

    func contains(_ place: PayloadPlace) -> Bool {
        switch place {
        case .node(let node): return nodes.contains(node)
        case .pointer(let pointer): return pointers.contains(pointer)
        }
    }

    mutating func removeAll(keepingCapacity: Bool) {
        nodes.removeAll(keepingCapacity: keepingCapacity)
        pointers.removeAll(keepingCapacity: keepingCapacity)
    }
}

/// A dictionary keyed by places, stored as `PayloadPlaceSet` stores them.
struct PayloadPlaceMap<Value> {
    private var nodes: [PayloadLocations.Node: Value] = [:]
    private var pointers: [String: Value] = [:]

    subscript(place: PayloadPlace) -> Value? {
        get {
            switch place {
            case .node(let node): return nodes[node]
            case .pointer(let pointer): return pointers[pointer]
            }
        }
        set {
            switch place {
            case .node(let node): nodes[node] = newValue
            case .pointer(let pointer): pointers[pointer] = newValue
            }
        }
    }

    mutating func removeAll(keepingCapacity: Bool) {
        nodes.removeAll(keepingCapacity: keepingCapacity)
        pointers.removeAll(keepingCapacity: keepingCapacity)
    }
}

extension PayloadLocations {
    /// The place of `pointer`.
    func place(of pointer: String) -> PayloadPlace {
        let nodes = nodes(along: pointer)
        let tokens = pointer.isEmpty ? 0 : pointer.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
        return nodes.count == tokens + 1 ? .node(nodes[nodes.count - 1]) : .pointer(pointer)
    }

    /// The places of `pointer`'s proper ancestors, nearest first (`/a/0`, `/a`, `""`).
    func ancestorPlaces(of pointer: String) -> [PayloadPlace] {
        guard !pointer.isEmpty else { return [] }
        let nodes = nodes(along: pointer)
        var places: [PayloadPlace] = []
        // ancestorEnds[k] ends the ancestor with k tokens (the root's is the first `/`).
        var ancestorEnds: [String.Index] = []
        var index = pointer.utf8.startIndex
        while index < pointer.utf8.endIndex {
            if pointer.utf8[index] == UInt8(ascii: "/") { ancestorEnds.append(index) }
            index = pointer.utf8.index(after: index)
        }
        for (tokens, end) in ancestorEnds.enumerated().reversed() {
            places.append(tokens < nodes.count ? .node(nodes[tokens]) : .pointer(String(pointer[..<end])))
        }
        return places
    }

    /// The place of the child `token` (escaped) of `parent`, whose pointer is `pointer`.
    func childPlace(_ token: String, of parent: PayloadPlace, pointer: String) -> PayloadPlace {
        if case .node(let node) = parent, let child = existingChild(token, of: node) { return .node(child) }
        return .pointer(pointer)
    }
}
