import RestmapEngine

/// A document's operations by the shape of their paths — segment count, then first segment —
/// so that holding a config's thousands of path mappings to a document's thousands of paths
/// compares each mapping with the few paths that could match it, not with all of them.
struct OpenAPIPathIndex {
    struct Entry {
        let operation: OpenAPIOperation
        /// The segments of the operation's pattern, to rank candidates by likeness.
        let segments: [Substring]
        /// The path's segments, read as text and `{parameters}`.
        let template: [[PathTemplate.Part]]
    }

    private let entries: [Entry]
    /// Positions in `entries` by segment count and literal first segment, percent-decoded.
    private var byFirstSegment: [Int: [String: [Int]]] = [:]
    /// Positions in `entries` by segment count, for paths that start with a parameter.
    private var startingWithParameter: [Int: [Int]] = [:]

    init(_ operations: [OpenAPIOperation]) {
        entries = operations.map { operation in
            Entry(operation: operation, segments: Self.segments(operation.pattern), template: PathTemplate.segments(operation.path))
        }
        for (position, entry) in entries.enumerated() {
            let count = entry.template.count
            if let first = entry.template.first, first.count == 1, case .text(let literal) = first[0] {
                byFirstSegment[count, default: [:]][PercentEncoding.decode(literal), default: []].append(position)
            } else {
                startingWithParameter[count, default: []].append(position)
            }
        }
    }

    /// The operations whose path some request path matches as `pattern` matches it (a
    /// document's `{parameter}` stands for any non-empty text; the mapping's segments are read
    /// as at run time), in document order.
    func matching(_ pattern: PathPattern) -> [OpenAPIOperation] {
        matchingEntries(pattern).map(\.operation)
    }

    private func matchingEntries(_ pattern: PathPattern) -> [Entry] {
        let wanted = Self.segments(pattern.text)
        let count = wanted.count
        var positions = startingWithParameter[count] ?? []
        if let first = wanted.first, !first.contains(":"), !first.contains("\\") {
            positions += byFirstSegment[count]?[PercentEncoding.decode(String(first))] ?? []
        } else {
            positions += (byFirstSegment[count] ?? [:]).values.joined()
        }
        return positions.sorted().map { entries[$0] }.filter { pattern.overlaps($0.template) }
    }

    /// The matching operations whose paths spell the most segments as `pattern` does (the
    /// same literal, or both a parameter): `/pets/:id` is `/pets/{petId}` before it is
    /// `/pets/mine`.
    func closest(_ pattern: PathPattern) -> [OpenAPIOperation] {
        let wanted = Self.segments(pattern.text)
        func likeness(_ entry: Entry) -> Int {
            zip(wanted, entry.segments).filter { a, b in
                (a.hasPrefix(":") && b.hasPrefix(":")) || PercentEncoding.decode(String(a)) == PercentEncoding.decode(String(b))
            }.count
        }
        let matching = matchingEntries(pattern)
        let best = matching.map(likeness).max()
        return matching.filter { likeness($0) == best }.map(\.operation)
    }

    /// A path's segments.
    static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/")
    }
}
