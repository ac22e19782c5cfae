/// Whether a path mapping's pattern and an API description's path can name the same request
/// path: what `check --openapi` needs to tell which of a document's paths a mapping covers.
extension PathPattern {
    /// Whether some request path matches both this pattern and `template`, an API
    /// description's path in segments (`PathTemplate.segments`), where a `{parameter}` stands
    /// for any non-empty text. Each of the pattern's segments is read as `match` reads it, so
    /// `:pet-id` (the parameter `pet`, then the text `-id`) does not overlap the literal `42`,
    /// and the literal `mine` does not overlap `{id}.json`.
    ///
    /// Where both segments mix text and parameters, the pattern's parameters are taken as any
    /// non-empty text. The rule that such a parameter ends at the first occurrence of the text
    /// after it can make a few of those paths miss the pattern; they count as overlapping,
    /// so that the answer errs towards a missed drift finding, never a false one.
    public func overlaps(_ template: [[PathTemplate.Part]]) -> Bool {
        guard template.count == segments.count else { return false }
        var parameters: [String: String] = [:]
        return zip(segments, template).allSatisfy { segment, parts in
            if parts.count == 1, case .text(let text) = parts[0] {
                return Self.segment(segment, matches: text, into: &parameters)
            }
            let documented = SegmentShape(template: parts)
            switch segment {
            case .parameter:
                return true
            case .literal(let literal):
                return documented.intersects(SegmentShape(text: PercentEncoding.decode(literal)))
            case .tokens(let tokens):
                return documented.intersects(SegmentShape(tokens: tokens))
            }
        }
    }
}

/// The texts one path segment admits, as a sequence of characters and of parameters (any
/// non-empty text), percent-escapes decoded.
struct SegmentShape {
    enum Item: Equatable {
        case character(Character)
        case anyCharacter
        case anyText
    }

    /// A parameter is one character of any kind followed by any text, possibly none.
    private(set) var items: [Item] = []

    /// The state space above which `intersects` answers yes without searching: two segments
    /// of a thousand characters each, far beyond any real path, bound the work.
    static let searchLimit = 1 << 20

    init(text: String) {
        items = text.map(Item.character)
    }

    init(template parts: [PathTemplate.Part]) {
        for part in parts {
            switch part {
            case .text(let text): items += PercentEncoding.decode(text).map(Item.character)
            case .parameter: items += [.anyCharacter, .anyText]
            }
        }
    }

    /// A pattern's mixed segment, whose literal text is already decoded (`PathPattern`).
    init(tokens: [PathPatternTokens.Token]) {
        for token in tokens {
            switch token {
            case .literal(let literal): items += literal.map(Item.character)
            case .parameter: items += [.anyCharacter, .anyText]
            }
        }
    }

    /// Whether some text is admitted by both shapes: a search over pairs of positions, each
    /// step taking one character both admit or letting a parameter's tail end.
    func intersects(_ other: SegmentShape) -> Bool {
        let a = items, b = other.items
        guard (a.count + 1) * (b.count + 1) <= Self.searchLimit else { return true }
        var visited = Set<Int>()
        var pending = [(0, 0)]
        while let (i, j) = pending.popLast() {
            if i == a.count && j == b.count { return true }
            guard visited.insert(i * (b.count + 1) + j).inserted else { continue }
            if i < a.count, a[i] == .anyText { pending.append((i + 1, j)) }
            if j < b.count, b[j] == .anyText { pending.append((i, j + 1)) }
            guard i < a.count, j < b.count else { continue }
            switch (a[i], b[j]) {
            case (.anyText, .anyText):
                continue  // One tail ending first reaches every text both admit.
            case (.anyText, _):
                pending.append((i, j + 1))
            case (_, .anyText):
                pending.append((i + 1, j))
            case (.character(let x), .character(let y)):
                if x == y { pending.append((i + 1, j + 1)) }
            default:
                pending.append((i + 1, j + 1))
            }
        }
        return false
    }
}
