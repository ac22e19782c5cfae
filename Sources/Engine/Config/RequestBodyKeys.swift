/// The body keys of a request mapping and what makes a set of them unusable: a key written
/// twice, a key that is also the parent of another (`user` and `user.name`: one would
/// overwrite the other's dictionary, depending on order), an empty segment (`user..name`).
/// These are config problems (exit 2), found before any input is read.
enum RequestBodyKeys {
    /// A body key split at its dots.
    static func path(_ bodyKey: String) -> [String] {
        bodyKey.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The errors of `mapping`'s body keys, located at the attribute mapping that conflicts
    /// with an earlier one.
    static func problems(in mapping: RequestMapping) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let entry = mapping.label
        // Nested request mappings (relationships) write body keys too.
        let writers = mapping.attributes + mapping.relationships.map {
            RequestAttribute(source: $0.source, bodyKey: $0.bodyKey, location: $0.location)
        }
        let paths = writers.map { path($0.bodyKey) }
        for (index, attribute) in writers.enumerated() {
            if paths[index].contains(where: \.isEmpty) {
                diagnostics.append(
                    .error(
                        .lintBodyKeyEmptySegment, "\(entry) writes the body key '\(attribute.bodyKey)', which has an empty segment",
                        at: attribute.location))
                continue
            }
            for earlier in 0..<index where !paths[earlier].contains(where: \.isEmpty) {
                let other = writers[earlier]
                let a = paths[earlier], b = paths[index]
                let message: String
                if a == b {
                    message = "\(entry) writes the body key '\(attribute.bodyKey)' twice, from '\(other.source.text)' and '\(attribute.source.text)'"
                } else if a.count < b.count, Array(b.prefix(a.count)) == a {
                    message = "\(entry): the body keys '\(other.bodyKey)' and '\(attribute.bodyKey)' conflict: '\(other.bodyKey)' would hold both a value and the dictionary '\(attribute.bodyKey)' nests in"
                } else if b.count < a.count, Array(a.prefix(b.count)) == b {
                    message = "\(entry): the body keys '\(attribute.bodyKey)' and '\(other.bodyKey)' conflict: '\(attribute.bodyKey)' would hold both a value and the dictionary '\(other.bodyKey)' nests in"
                } else {
                    continue
                }
                diagnostics.append(
                    Diagnostic(
                        .lintBodyKeyConflict, .error, message, at: attribute.location,
                        related: [.init("'\(other.bodyKey)' is written here", at: other.location)]))
                break
            }
        }
        return diagnostics
    }
}
