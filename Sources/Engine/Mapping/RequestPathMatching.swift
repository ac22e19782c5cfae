/// Chooses the path mappings that serve a request path: every entry whose `uri` matches,
/// in config order (SPEC §1.4: several entries may match; all apply).
enum RequestPathMatching {
    static func entries(for path: String, in definitions: MappingDefinitions) -> [PathMapping] {
        definitions.pathMappings.filter { $0.uri.value.match(path) != nil }
    }

    /// The message for a path no entry serves, listing the patterns there are.
    static func noMatchMessage(for path: String, in definitions: MappingDefinitions) -> String {
        let patterns = definitions.pathMappings.map { "'\($0.uri.value.text)'" }
        var message = "no path mapping matches '\(path)'"
        if patterns.isEmpty {
            message += "; the config has no path_mappings"
        } else {
            message += "; the config maps \(patterns.joined(separator: ", "))"
        }
        return message
    }
}
