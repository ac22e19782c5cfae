import RestmapEngine

/// `validate --suggest`: for each payload key the config never reads, the config entries
/// that would map it, grouped by the entity whose objects carry it — an attribute for a
/// scalar, a relationship and a new entity for a nested object or array of objects.
public struct DriftSuggestions {
    public init() {}

    /// The snippets as plist text with a comment per entity; empty when there is nothing
    /// to suggest.
    public func render(_ unread: [UnreadKey], knownEntities: Set<String>) throws -> String {
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
        var out = ""
        let writer = ConfigSketchWriter()
        for entity in order {
            let keys = byEntity[entity]!
            var sketcher = ShapeSketcher()
            sketcher.learn(.object(ValueObject(keys.map { ($0.key, $0.value) })), as: entity)
            // Only what is new: the entity's unread keys, and entities the config lacks.
            let entities = sketcher.entities.filter { $0.name == entity || !knownEntities.contains($0.name) }
            let places = keys.compactMap { $0.location?.description }
            let said = "\(entity): \(keys.map(\.key).joined(separator: ", ")) never read" + (places.isEmpty ? "" : " (first at \(places[0]))")
            out += "<!-- " + Self.commentText(said) + " -->\n"
            var sections = writer.sections(entities: entities)
            // The new entity's identifier is inferred; an existing entity keeps its own.
            if knownEntities.contains(entity), case .object(var keysSection)? = sections["primary_key_mappings"] {
                keysSection[entity] = nil
                sections["primary_key_mappings"] = keysSection.isEmpty ? nil : .object(keysSection)
            }
            out += try writer.snippet(sections)
        }
        if !unplaced.isEmpty {
            let names = unplaced.map { "'\($0.key)'" }.joined(separator: ", ")
            out += "<!-- " + Self.commentText("\(names): outside every mapped object; a path mapping's key_path would reach them") + " -->\n"
        }
        return out
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
