/// A path as an API description writes it (`/pets/{id}.json`, URI-template style): in each
/// segment, a `{` opens a parameter only when a `}` closes it in the same segment with a name
/// between; any other brace is text. The pattern a path mapping gets for it, the request paths
/// made from it and `check --openapi`'s path index all read braces by this one rule.
public enum PathTemplate {
    public enum Part: Equatable, Sendable {
        case text(String)
        case parameter(String)
    }

    /// The parts of one segment, in order.
    public static func parts(_ segment: Substring) -> [Part] {
        var parts: [Part] = []
        var text = ""
        var rest = segment
        while let character = rest.first {
            let afterOpen = rest.index(after: rest.startIndex)
            if character == "{", let close = rest[afterOpen...].firstIndex(of: "}"), close > afterOpen {
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(.parameter(String(rest[afterOpen..<close])))
                rest = rest[rest.index(after: close)...]
            } else {
                text.append(character)
                rest = rest[afterOpen...]
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }

    /// The parts of each segment of `template`; empty segments (a leading, trailing or doubled
    /// `/`) do not count, as in a request path.
    public static func segments(_ template: String) -> [[Part]] {
        template.split(separator: "/").map(parts)
    }

    /// The pattern text (`/pets/{id}.json` → `/pets/:id\.json`): each parameter written `:name`
    /// with the characters a name cannot hold as `_` (`{pet-id}` → `:pet_id`), and text
    /// escaped where a pattern would read it otherwise (a `.` or `@` right after a parameter,
    /// any `:` or `\`). What no escape can separate from a parameter stays as written: see
    /// `unseparatedParameters`.
    public static func patternText(_ template: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            var result = ""
            var afterParameter = false
            for part in parts(segment) {
                switch part {
                case .parameter(let name):
                    result += ":" + String(name.map { PathPatternTokens.isNameCharacter($0) ? $0 : "_" })
                    afterParameter = true
                case .text(let text):
                    for (offset, character) in text.enumerated() {
                        switch character {
                        case ":", "\\": result += "\\\(character)"
                        case ".", "@": result += afterParameter && offset == 0 ? "\\\(character)" : String(character)
                        default: result.append(character)
                        }
                    }
                    afterParameter = false
                }
            }
            return result
        }.joined(separator: "/")
    }

    /// The parameters a pattern cannot keep apart from what follows them: a letter, digit or
    /// `_` (no escape separates it: `{id}v2` reads as the parameter `idv2`) or another
    /// parameter (`{major}{minor}`, which never matches). A mapping of such a path needs
    /// editing by hand.
    public static func unseparatedParameters(_ template: String) -> [String] {
        var names: [String] = []
        for segment in template.split(separator: "/") {
            let parts = parts(segment)
            for (part, next) in zip(parts, parts.dropFirst()) {
                guard case .parameter(let name) = part else { continue }
                switch next {
                case .parameter:
                    names.append(name)
                case .text(let text):
                    if let first = text.first, first != ".", first != "@", PathPatternTokens.isNameCharacter(first) { names.append(name) }
                }
            }
        }
        return names
    }
}
