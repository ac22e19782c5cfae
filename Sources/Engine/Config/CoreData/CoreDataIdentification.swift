/// The attributes that identify an entity's objects when the config names no primary keys,
/// inferred the way RestKit's `RKIdentificationAttributesInferredFromEntity` does (SPEC §1.2),
/// with where the answer came from so that `describe` and `check` can explain it.
struct CoreDataIdentification: Sendable, Hashable {
    /// Why these attributes were chosen.
    enum Source: Sendable, Hashable {
        /// The `RKEntityIdentificationAttributes` userInfo entry of `entity` (the entity
        /// itself or the nearest ancestor that has one).
        case userInfo(entity: String, location: SourceLocation)
        /// The first of `<entityName>ID`, `<entity_name>_id`, `identifier`, `id`, `ID`, `URL`,
        /// `url` that is an attribute of the entity.
        case convention
    }

    /// Attribute names, in the order they were given.
    var attributes: [String]
    var source: Source

    init(attributes: [String], source: Source) {
        self.attributes = attributes
        self.source = source
    }

    /// The userInfo key RestKit reads.
    static let userInfoKey = "RKEntityIdentificationAttributes"

    /// The conventional candidates for an entity, in the order they are tried.
    static func conventionalNames(for entityName: String) -> [String] {
        let camel = entityName.prefix(1).lowercased() + entityName.dropFirst() + "ID"
        return [camel, snakeCased(entityName) + "_id", "identifier", "id", "ID", "URL", "url"]
    }

    /// RestKit's camel-case to snake-case rule, which splits words with the pattern
    /// `(^[a-z]+)|([A-Z][a-z]+)|([A-Z]+(?=[A-Z][a-z]|$))` and joins them lowercased with `_`:
    /// `GistFile` → `gist_file`, `ArcticMonkeyURL` → `arctic_monkey_url`, `HTTPRequest` →
    /// `http_request`. Characters no alternative matches, digits included, are dropped
    /// (`Model2` → `model`), as they are in RestKit.
    static func snakeCased(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        func isLower(_ i: Int) -> Bool { i < scalars.count && ("a"..."z").contains(scalars[i]) }
        func isUpper(_ i: Int) -> Bool { i < scalars.count && ("A"..."Z").contains(scalars[i]) }
        var words: [String] = []
        var i = 0
        while i < scalars.count {
            var end = i
            if i == 0, isLower(0) {
                while isLower(end) { end += 1 }
            } else if isUpper(i), isLower(i + 1) {
                end = i + 1
                while isLower(end) { end += 1 }
            } else if isUpper(i) {
                var run = i
                while isUpper(run) { run += 1 }
                // Longest upper-case run followed by an upper-lower pair or the end.
                end = run
                while end > i, !(end == scalars.count || (isUpper(end) && isLower(end + 1))) { end -= 1 }
            }
            if end > i {
                words.append(String(String.UnicodeScalarView(scalars[i..<end])).lowercased())
                i = end
            } else {
                i += 1
            }
        }
        return words.joined(separator: "_")
    }

    /// Infers the identification of `entity` given its ancestors (nearest first) and the names
    /// of its effective attributes. Names in a userInfo entry that are not attributes are
    /// dropped with a warning (RestKit raises an exception instead); an entry left with none
    /// falls back to the convention. Warnings are reported only for the entity that declares
    /// the entry, so each appears once.
    static func infer(
        for entity: CoreDataEntity, ancestors: [CoreDataEntity], attributeNames: Set<String>
    ) -> (identification: CoreDataIdentification?, warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        if let (owner, entry) = ([entity] + ancestors).lazy
            .compactMap({ owner in owner.userInfo.entry(forKey: userInfoKey).map { (owner, $0) } }).first
        {
            let names = entry.value.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            let valid = names.filter(attributeNames.contains)
            if owner.name == entity.name {
                let unknown = names.filter { !attributeNames.contains($0) }
                if names.isEmpty {
                    warnings.append(.warning(
                        .modelIdentification, "\(userInfoKey) of entity '\(entity.name)' names no attribute; inferring from attribute names instead",
                        at: entry.location))
                } else if !unknown.isEmpty {
                    let list = unknown.map { "'\($0)'" }.joined(separator: ", ")
                    let fallback = valid.isEmpty ? "; inferring from attribute names instead" : "; ignoring them"
                    warnings.append(.warning(
                        .modelIdentification, "\(userInfoKey) of entity '\(entity.name)' names \(list), not \(unknown.count == 1 ? "an attribute" : "attributes") of the entity\(fallback)",
                        at: entry.location))
                }
            }
            if !valid.isEmpty {
                return (CoreDataIdentification(
                    attributes: valid, source: .userInfo(entity: owner.name, location: entry.location)), warnings)
            }
        }
        let match = conventionalNames(for: entity.name).first(where: attributeNames.contains)
        return (match.map { CoreDataIdentification(attributes: [$0], source: .convention) }, warnings)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
