/// A document path's segment read as a URI template: `{name}` is a parameter when a `}`
/// closes it within the segment with a name between; any other brace is text. The pattern
/// `init` writes for the path (`PathPattern.text(fromTemplate:)`) reads braces by the same
/// rule, so the path index, the examples' request paths and the pattern agree.
enum OpenAPIPathTemplate {
    enum Part: Equatable {
        case text(String)
        case parameter(String)
    }

    static func parts(_ segment: Substring) -> [Part] {
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

    static func holdsParameter(_ segment: Substring) -> Bool {
        parts(segment).contains { if case .parameter = $0 { return true } else { return false } }
    }

    /// The parameters whose name a pattern runs on into the text after them: a letter, digit
    /// or `_` there cannot be escaped, so `{id}v2` reads as the parameter `idv2`.
    static func parametersJoiningText(_ path: String) -> [String] {
        var names: [String] = []
        for segment in path.split(separator: "/") {
            let parts = parts(segment)
            for (part, next) in zip(parts, parts.dropFirst()) {
                guard case .parameter(let name) = part, case .text(let text) = next, let first = text.first else { continue }
                if first.isLetter || first.isNumber || first == "_" { names.append(name) }
            }
        }
        return names
    }

    /// The path with each parameter replaced by `value(name)`.
    static func filled(_ path: String, value: (String) -> String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            parts(segment).map { part in
                switch part {
                case .text(let text): return text
                case .parameter(let name): return value(name)
                }
            }.joined()
        }.joined(separator: "/")
    }
}
