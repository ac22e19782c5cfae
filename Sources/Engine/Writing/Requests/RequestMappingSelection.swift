/// How `restmap request` names the request mapping to use.
public enum RequestMappingSelector: Sendable, Equatable {
    /// `--path URI`: the entries whose `uri` matches (`:name` segments allowed, query ignored).
    case path(String)
    /// `--class NAME`: the entries whose `class_name` is exactly `NAME`.
    case className(String)
    /// Neither: allowed when the config has exactly one request mapping (as `map` allows
    /// leaving out `--path` with one path mapping).
    case sole
}

/// Chooses the request mapping a `request` run builds its body with. Several entries may
/// match one path or class: the first in config order applies, with a warning naming the
/// others. No match is a usage error (exit 2) that lists the request mappings there are.
public enum RequestMappingSelection {
    /// The request mapping `selector` names.
    /// - Parameter log: receives the warning when several entries match.
    /// - Throws: `RestmapError` (usage) when none does.
    public static func select(
        _ selector: RequestMappingSelector, in definitions: MappingDefinitions, log: DiagnosticLog
    ) throws -> RequestMapping {
        let mappings = definitions.requestMappings
        guard !mappings.isEmpty else {
            throw RestmapError.usage(.requestNoMappings, "the config has no request_mappings", at: .file(definitions.file))
        }
        let matches: [RequestMapping]
        let what: String
        switch selector {
        case .path(let path):
            matches = mappings.filter { $0.uri?.value.match(path) != nil }
            what = "path '\(path)'"
            guard !matches.isEmpty else {
                throw RestmapError.usage(
                    .requestNoMatch, "no request mapping matches '\(path)' (the config has \(inventory(mappings)))", at: .file(definitions.file))
            }
        case .className(let name):
            matches = mappings.filter { $0.className?.value == name }
            what = "class '\(name)'"
            guard !matches.isEmpty else {
                let classes = mappings.compactMap { $0.className?.value }
                throw RestmapError.usage(
                    .requestNoMatch, "no request mapping for class '\(name)'\(Suggestions.hint(for: name, among: classes)) (the config has \(inventory(mappings)))",
                    at: .file(definitions.file))
            }
        case .sole:
            guard mappings.count == 1 else {
                throw RestmapError.usage(
                    .requestAmbiguous, "the config has \(mappings.count) request mappings: pass --path URI or --class NAME (\(inventory(mappings)))",
                    at: .file(definitions.file))
            }
            return mappings[0]
        }
        if matches.count > 1 {
            let names = matches.map { "request_mappings.\($0.index)" }.joined(separator: ", ")
            log.emit(
                Diagnostic(
                    .requestSeveralMatch, .warning,
                    "\(matches.count) request mappings match \(what) (\(names)); the first in config order applies",
                    at: matches[0].location,
                    related: matches.dropFirst().map { .init("also matches", at: $0.location) }))
        }
        return matches[0]
    }

    /// `UserLoginInfo for '/user/auth', Gist for '/gists'` — what a user can pick from.
    static func inventory(_ mappings: [RequestMapping]) -> String {
        let entries = mappings.map { mapping -> String in
            let className = mapping.className.map { $0.value } ?? "(no class_name)"
            let uri = mapping.uri.map { "for '\($0.value.text)'" } ?? "(no uri)"
            return "\(className) \(uri)"
        }
        return entries.joined(separator: ", ")
    }
}
