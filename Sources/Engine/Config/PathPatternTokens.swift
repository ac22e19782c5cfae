/// The tokens of one segment of a path pattern, read as RestKit's pattern engine (SOCKit)
/// reads them, and their matching against one segment of a request path.
///
/// - After `:` the parameter name is the longest run of letters, digits, `.`, `@` and `_`;
///   a `:` followed by none of them is a literal colon.
/// - `\.`, `\@`, `\:` and `\\` are the literal characters `.`, `@`, `:` and `\`. Any other
///   backslash is kept as written (SOCKit does the same) and reported as a problem.
/// - A parameter followed by literal text takes everything up to the first occurrence of
///   that text; a parameter at the end takes the rest. Neither may be empty.
enum PathPatternTokens {
    enum Token: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    /// Splits one segment into tokens; `problems` lists what `check` should warn about.
    static func parse(_ segment: String) -> (tokens: [Token], problems: [String]) {
        var tokens: [Token] = []
        var problems: [String] = []
        var literal = ""
        var characters = segment[...]
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal = ""
        }
        while let character = characters.first {
            characters = characters.dropFirst()
            switch character {
            case "\\":
                guard let escaped = characters.first else {
                    problems.append("a backslash ends the segment '\(segment)'; it escapes nothing and is matched literally")
                    literal.append("\\")
                    continue
                }
                characters = characters.dropFirst()
                if ".@:\\".contains(escaped) {
                    literal.append(escaped)
                } else {
                    problems.append(
                        "'\\\(escaped)' in '\(segment)' is not an escape RestKit knows (\\. \\@ \\: \\\\); it is matched literally, backslash included")
                    literal.append("\\")
                    literal.append(escaped)
                }
            case ":":
                let name = characters.prefix { isNameCharacter($0) }
                if name.isEmpty {
                    literal.append(":")
                    continue
                }
                characters = characters.dropFirst(name.count)
                flush()
                if case .parameter(let previous)? = tokens.last {
                    problems.append(
                        "parameters ':\(previous)' and ':\(name)' in '\(segment)' are not separated by literal text; RestKit refuses such a pattern and restmap never matches it")
                }
                tokens.append(.parameter(String(name)))
            default:
                literal.append(character)
            }
        }
        flush()
        return (tokens, problems)
    }

    /// Matches `tokens` against all of `text`, adding the parameters' values.
    static func match(_ tokens: [Token], _ text: String, into parameters: inout [String: String]) -> Bool {
        var rest = text[...]
        var found: [(String, String)] = []
        var position = 0
        while position < tokens.count {
            switch tokens[position] {
            case .literal(let literal):
                guard rest.hasPrefix(literal) else { return false }
                rest = rest.dropFirst(literal.count)
            case .parameter(let name):
                if position + 1 == tokens.count {
                    guard !rest.isEmpty else { return false }
                    found.append((name, String(rest)))
                    rest = rest[rest.endIndex...]
                } else {
                    guard case .literal(let next) = tokens[position + 1], let range = rest.firstRange(of: next),
                        range.lowerBound > rest.startIndex
                    else { return false }
                    found.append((name, String(rest[..<range.lowerBound])))
                    rest = rest[range.lowerBound...]
                }
            }
            position += 1
        }
        guard rest.isEmpty else { return false }
        for (name, value) in found { parameters[name] = value }
        return true
    }

    /// What a parameter name is made of (SOCKit).
    static func isNameCharacter(_ character: Character) -> Bool {
        character == "." || character == "@" || character == "_" || character.isLetter || character.isNumber
    }
}
