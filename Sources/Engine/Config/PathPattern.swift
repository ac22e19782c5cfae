/// A `uri` pattern of a path mapping (`/employees/:id`): literal segments and dynamic
/// `:name` segments. Matching is by segment; the query string of the request path is
/// ignored and a trailing slash on either side is not significant (RestKitMapper drops it
/// from patterns; SPEC §1.4).
///
/// Within a segment the pattern is read as RestKit's SOCKit reads it: a parameter name is
/// the longest run of letters, digits, `.`, `@` and `_` after a `:` (so `:id.json` is one
/// parameter), and `\.`, `\@`, `\:`, `\\` are escaped literal characters, so that
/// `:id\.json` is the parameter `id` followed by the literal `.json` (`PathPatternTokens`).
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// One `/`-separated part of the pattern.
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
        /// A segment mixing literal text and parameters (`:id\.json`, `v:version`).
        case tokens([PathPatternTokens.Token])
    }

    public let text: String
    let segments: [Segment]
    /// What RestKit would read differently or refuse (unknown escapes, adjacent
    /// parameters), for `check`.
    let problems: [String]

    init(_ text: String) {
        self.text = text
        var problems: [String] = []
        segments = PathPattern.pathSegments(text).map { part in
            let parsed = PathPatternTokens.parse(part)
            problems.append(contentsOf: parsed.problems)
            switch parsed.tokens.count {
            case 0: return .literal("")
            case 1:
                switch parsed.tokens[0] {
                case .literal(let literal) where literal == part: return .literal(part)
                case .parameter(let name) where ":" + name == part: return .parameter(name)
                default: return .tokens(Self.decodingLiterals(parsed.tokens))
                }
            default: return .tokens(Self.decodingLiterals(parsed.tokens))
            }
        }
        self.problems = problems
    }

    public var description: String { text }

    /// The names of the dynamic segments, in order.
    var parameterNames: [String] {
        segments.flatMap { segment -> [String] in
            switch segment {
            case .parameter(let name): return [name]
            case .literal: return []
            case .tokens(let tokens):
                return tokens.compactMap { if case .parameter(let name) = $0 { return name } else { return nil } }
            }
        }
    }

    /// Matches a request path (or full URL); returns the values of the dynamic segments,
    /// percent-decoded, or nil when the path does not match.
    func match(_ requestPath: String) -> [String: String]? {
        let parts = PathPattern.pathSegments(PathPattern.pathOnly(requestPath))
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            guard Self.segment(segment, matches: part, into: &parameters) else { return nil }
        }
        return parameters
    }

    /// Matches one segment against one part of a request path, adding its parameters' values
    /// (percent-decoded). Percent-escapes are compared decoded on both sides.
    static func segment(_ segment: Segment, matches part: String, into parameters: inout [String: String]) -> Bool {
        switch segment {
        case .literal(let literal):
            return literal == part || PercentEncoding.decode(literal) == PercentEncoding.decode(part)
        case .parameter(let name):
            guard !part.isEmpty else { return false }
            parameters[name] = PercentEncoding.decode(part)
            return true
        case .tokens(let tokens):
            return PathPatternTokens.match(tokens, PercentEncoding.decode(part), into: &parameters)
        }
    }

    /// A mixed segment's literal text decoded once, as the request's part is decoded before
    /// it is matched (`:id%2Ejson` matches `7.json` and `7%2Ejson`).
    private static func decodingLiterals(_ tokens: [PathPatternTokens.Token]) -> [PathPatternTokens.Token] {
        tokens.map { token in
            guard case .literal(let literal) = token else { return token }
            return .literal(PercentEncoding.decode(literal))
        }
    }

    /// Reduces a full URL to its path and drops the query string and fragment:
    /// `https://api.example.com/v1/users?page=2` → `/v1/users`.
    static func pathOnly(_ text: String) -> String {
        var path = Substring(text)
        if let schemeEnd = path.firstRange(of: "://") {
            let afterScheme = path[schemeEnd.upperBound...]
            if let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
                path = afterScheme[slash...]
            } else {
                path = "/"
            }
        }
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            path = path[..<cut]
        }
        return String(path)
    }

    /// The non-empty segments of a path: leading, trailing and doubled slashes do not count.
    static func pathSegments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
