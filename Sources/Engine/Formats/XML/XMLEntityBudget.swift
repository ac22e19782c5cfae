/// Bounds what internal entity references may add to a document. libxml2 2.9.14 rejects the
/// classic exponential bombs itself ("Detected an entity reference loop"), but its checks are
/// heuristics on the first expansion of each entity; a large entity referenced many times
/// ("quadratic blowup": 100 KB × 50,000 references) passes libxml2 untouched, whether it
/// replays the text (content) or the walker expands it (attribute values). So every byte of entity text, and a flat cost per element, is counted against
/// 1 MiB plus four times the input read so far; past that the document is refused (exit 1)
/// before the expansion costs real time or memory.
struct XMLEntityBudget {
    /// What an element produced by an entity costs, beside its text: it is a node to build.
    static let elementCost = 32
    /// References nested in entity text, deeper than libxml2's own limit (40) ever lets through.
    static let maximumNesting = 64
    static let base = 1 << 20
    static let inputFactor = 4

    private(set) var used = 0

    /// Counts `bytes` of expansion; throws once the total exceeds the bound for `inputBytes`.
    mutating func charge(_ bytes: Int, inputBytes: Int, at location: () -> SourceLocation) throws {
        used += bytes
        let limit = Self.base + Self.inputFactor * inputBytes
        if used > limit {
            throw RestmapError.data(
                .xmlEntityBomb, "entity expansion exceeds its limit (\(limit) bytes for \(inputBytes) bytes of input): "
                    + "the document looks like an entity-expansion bomb", at: location())
        }
    }

    func nestingError(at location: SourceLocation) -> RestmapError {
        RestmapError.data(.xmlEntityNestingTooDeep, "entity references are nested more than \(Self.maximumNesting) deep", at: location)
    }
}
