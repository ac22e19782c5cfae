/// A document's operations by the shape of their paths — segment count, then first segment —
/// so that holding a config's thousands of path mappings to a document's thousands of paths
/// compares each mapping with the few paths that could match it, not with all of them.
struct OpenAPIPathIndex {
    struct Entry {
        let operation: OpenAPIOperation
        let segments: [Substring]
    }

    private let entries: [Entry]
    /// Positions in `entries` by segment count and literal first segment.
    private var byFirstSegment: [Int: [Substring: [Int]]] = [:]
    /// Positions in `entries` by segment count, for paths that start with a parameter.
    private var startingWithParameter: [Int: [Int]] = [:]

    init(_ operations: [OpenAPIOperation]) {
        entries = operations.map { Entry(operation: $0, segments: Self.segments($0.pattern)) }
        for (position, entry) in entries.enumerated() {
            let count = entry.segments.count
            if let first = entry.segments.first, !first.hasPrefix(":") {
                byFirstSegment[count, default: [:]][first, default: []].append(position)
            } else {
                startingWithParameter[count, default: []].append(position)
            }
        }
    }

    /// The operations whose path matches `pattern` (a parameter on either side matches any
    /// segment), in document order.
    func matching(_ pattern: String) -> [OpenAPIOperation] {
        let wanted = Self.segments(pattern)
        let count = wanted.count
        var positions = startingWithParameter[count] ?? []
        if let first = wanted.first, !first.hasPrefix(":") {
            positions += byFirstSegment[count]?[first] ?? []
        } else {
            positions += (byFirstSegment[count] ?? [:]).values.joined()
        }
        return positions.sorted().map { entries[$0] }
            .filter { entry in zip(wanted, entry.segments).allSatisfy { a, b in a == b || a.hasPrefix(":") || b.hasPrefix(":") } }
            .map(\.operation)
    }

    /// The matching operations whose paths spell the most segments as `pattern` does (the
    /// same literal, or both a parameter): `/pets/:id` is `/pets/{petId}` before it is
    /// `/pets/mine`.
    func closest(_ pattern: String) -> [OpenAPIOperation] {
        let wanted = Self.segments(pattern)
        func likeness(_ operation: OpenAPIOperation) -> Int {
            zip(wanted, Self.segments(operation.pattern)).filter { a, b in a == b || (a.hasPrefix(":") && b.hasPrefix(":")) }.count
        }
        let matching = self.matching(pattern)
        let best = matching.map(likeness).max()
        return matching.filter { likeness($0) == best }
    }

    /// A path's segments, without its query.
    static func segments(_ pattern: String) -> [Substring] {
        (pattern.split(separator: "?", maxSplits: 1).first ?? "").split(separator: "/")
    }
}
