import RestmapEngine

/// `validate --suggest`: for each payload key the config never reads, the config entries
/// that would map it, grouped by the entity whose objects carry it — an attribute for a
/// scalar, a relationship and a new entity for a nested object or array of objects.
public struct DriftSuggestions {
    public init() {}

    /// The snippets as plist text with a comment per entity; empty when there is nothing
    /// to suggest.
    public func render(_ unread: [UnreadKey], knownEntities: Set<String>) throws -> String {
        let (order, byEntity, unplaced) = grouped(unread)
        var out = ""
        for entity in order {
            let keys = byEntity[entity]!
            let places = keys.compactMap { $0.location?.description }
            let said = "\(entity): \(keys.map(\.key).joined(separator: ", ")) never read" + (places.isEmpty ? "" : " (first at \(places[0]))")
            out += "<!-- " + Self.commentText(said) + " -->\n"
            out += try ConfigSketchWriter().snippet(sections(for: entity, keys: keys, knownEntities: knownEntities))
        }
        if !unplaced.isEmpty {
            let names = unplaced.map { "'\($0.key)'" }.joined(separator: ", ")
            out += "<!-- " + Self.commentText("\(names): outside every mapped object; a path mapping's key_path would reach them") + " -->\n"
        }
        return out
    }

    /// Every suggestion as one set of config sections, to merge into the config
    /// (`SuggestionMerge`).
    public func sections(_ unread: [UnreadKey], knownEntities: Set<String>) -> ValueObject {
        let (order, byEntity, _) = grouped(unread)
        var all = ValueObject()
        for entity in order {
            all = Self.merged(all, sections(for: entity, keys: byEntity[entity]!, knownEntities: knownEntities))
        }
        return all
    }

    /// The unread keys by entity, in first-seen order, and those outside every mapped object.
    private func grouped(_ unread: [UnreadKey]) -> (order: [String], byEntity: [String: [UnreadKey]], unplaced: [UnreadKey]) {
        var order: [String] = []
        var byEntity: [String: [UnreadKey]] = [:]
        var unplaced: [UnreadKey] = []
        for key in unread {
            guard let entity = key.entity else {
                unplaced.append(key)
                continue
            }
            if byEntity[entity] == nil { order.append(entity) }
            if !(byEntity[entity] ?? []).contains(where: { $0.key == key.key }) { byEntity[entity, default: []].append(key) }
        }
        return (order, byEntity, unplaced)
    }

    /// What would map `keys` of `entity`'s objects: only what is new — the entity's unread
    /// keys, and entities the config lacks.
    private func sections(for entity: String, keys: [UnreadKey], knownEntities: Set<String>) -> ValueObject {
        var sketcher = ShapeSketcher()
        sketcher.learn(.object(ValueObject(keys.map { ($0.key, $0.value) })), as: entity)
        let entities = sketcher.entities.filter { $0.name == entity || !knownEntities.contains($0.name) }
        var sections = ConfigSketchWriter().sections(entities: entities)
        // The new entity's identifier is inferred; an existing entity keeps its own.
        if knownEntities.contains(entity), case .object(var keysSection)? = sections["primary_key_mappings"] {
            keysSection[entity] = nil
            sections["primary_key_mappings"] = keysSection.isEmpty ? nil : .object(keysSection)
        }
        return sections
    }

    /// `base` with what `addition` adds, dictionaries merged key by key; `base` wins.
    static func merged(_ base: ValueObject, _ addition: ValueObject) -> ValueObject {
        var result = base
        for entry in addition.entries {
            if case .object(let existing)? = base[entry.key], case .object(let more) = entry.value {
                result[entry.key] = .object(merged(existing, more))
            } else if base[entry.key] == nil {
                result[entry.key] = entry.value
            }
        }
        return result
    }

    /// Text that can stand inside an XML comment whatever keys it names: control characters
    /// escaped, and no `--` (which would end the comment early and let a payload key write
    /// live config): the second hyphen of a pair, and a final one, become `\x2D`.
    static func commentText(_ text: String) -> String {
        var out = ""
        let characters = Array(UntrustedText.escaped(text))
        for (index, character) in characters.enumerated() {
            if character == "-" && (out.last == "-" || index == characters.count - 1) {
                out += "\\x2D"
            } else {
                out.append(character)
            }
        }
        return out
    }
}
