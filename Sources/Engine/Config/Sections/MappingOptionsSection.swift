/// `mapping_options` (SPEC §1.7): `{ Entity: { set_nil_for_missing_attributes: bool,
/// set_nil_for_missing_relationships: bool, force_collection_mapping: bool,
/// key_attribute: name } }`, RestKit's options of the same names, stored in
/// `EntityMapping.options`. The last two map dictionaries keyed by id
/// (`KeyedRepresentation`): each key is one object, and the key attribute receives the key.
enum MappingOptionsSection {
    static let descriptor = ConfigSectionDescriptor(
        .mappingOptions,
        read: { reader, node in reader.readMappingOptions(node) },
        lintEntity: { context, entity in context.checkKeyedOptions(entity) },
        summary: SectionSummary(entityLines: { entity in
            var options: [String] = []
            if entity.options.setNilForMissingAttributes { options.append("missing attributes set to null") }
            if entity.options.setNilForMissingRelationships { options.append("missing relationships cleared") }
            if entity.options.forceCollectionMapping { options.append("a dictionary is a collection, one object per key") }
            return options.isEmpty ? [] : ["    options: " + options.joined(separator: ", ")]
        }))

    static let flagKeys = ["set_nil_for_missing_attributes", "set_nil_for_missing_relationships", "force_collection_mapping"]
    static let keys = flagKeys + ["key_attribute"]
}

extension SectionReader {
    mutating func readMappingOptions(_ node: PlistNode) {
        forEachEntity(in: .mappingOptions, node) { reader, entity, path in
            guard let fields = reader.shape.dictionary(entity.value, path) else { return }
            reader.shape.unknownKeys(fields, allowed: MappingOptionsSection.keys, path)
            var options = MappingOptions()
            for field in fields {
                if field.key == "key_attribute" {
                    options.keyAttribute = reader.keyAttribute(field, path)
                    continue
                }
                guard let flag = reader.shape.boolean(field.value, "\(path).\(field.key)") else { continue }
                if field.key == "set_nil_for_missing_attributes" { options.setNilForMissingAttributes = flag }
                if field.key == "set_nil_for_missing_relationships" { options.setNilForMissingRelationships = flag }
                if field.key == "force_collection_mapping" { options.forceCollectionMapping = flag }
            }
            let log = reader.log
            reader.definitions.updateEntity(entity.key) { mapping in
                mapping.options = options
                SectionReader.addKeyAttribute(to: &mapping, log: log)
            }
        }
    }

    /// `key_attribute`: the one attribute that receives a keyed representation's key.
    private func keyAttribute(_ field: PlistNode.Entry, _ path: String) -> Located<String>? {
        guard let name = shape.string(field.value, "\(path).\(field.key)", what: "a string (the attribute receiving the key)")
        else { return nil }
        if name.isEmpty || name.contains(".") {
            log.error(.configInvalidKeyAttribute, "\(path).key_attribute must name one attribute, found '\(name)'", at: field.value.location)
            return nil
        }
        return Located(name, at: field.value.location)
    }

    /// Adds the key attribute's mapping in front of the entity's attributes: it reads the
    /// representation's key (RestKit's `addAttributeMappingFromKeyOfRepresentationToAttribute:`).
    private static func addKeyAttribute(to entity: inout EntityMapping, log: DiagnosticLog) {
        guard let key = entity.options.keyAttribute else { return }
        if let existing = entity.attribute(writing: key.value) {
            log.emit(
                Diagnostic(
                    .configAttributeWrittenTwice, .error,
                    "mapping_options.\(entity.name).key_attribute '\(key.value)' is also mapped from '\(existing.source.text)'; an attribute has one source",
                    at: key.location, related: [.init("it is mapped here", at: existing.location)]))
            entity.options.keyAttribute = nil
            return
        }
        entity.attributes.insert(
            AttributeMapping(source: KeyedRepresentation.keySourceText, destination: key.value, location: key.location), at: 0)
    }
}

extension LintContext {
    /// A key attribute needs forced collection mapping, and placeholders need the key
    /// attribute they name, at the start of the key path (where restmap substitutes it).
    func checkKeyedOptions(_ entity: EntityMapping) {
        let keyAttribute = entity.options.keyAttribute
        if let keyAttribute, !entity.options.forceCollectionMapping {
            log.warning(
                .lintKeyAttributeWithoutCollection,
                "mapping_options.\(entity.name) has key_attribute but not force_collection_mapping: each '\(entity.name)' representation is then one dictionary, and its last key is taken as the key",
                at: keyAttribute.location)
        }
        let sources = entity.attributes.map { ($0.source.text, $0.location) }
            + entity.relationships.filter { !$0.isConnection }.map { ($0.source.text, $0.location) }
        for (text, location) in sources {
            if let key = keyAttribute?.value { checkKeyedSource(text, at: location, of: entity, keyAttribute: key) }
            for name in KeyedRepresentation.placeholderNames(in: text) where name != keyAttribute?.value {
                log.warning(
                    .lintUnfilledPlaceholder,
                    "'\(text)' of '\(entity.name)' uses the placeholder '(\(name))', but \(keyAttribute == nil ? "'\(entity.name)' has no key_attribute in mapping_options" : "its key_attribute is '\(keyAttribute!.value)'"); it is read as a literal key",
                    at: location)
            }
        }
    }

    /// In a keyed entity, a key path reads the one-key dictionary `{key: value}` unless it
    /// starts with the placeholder; restmap substitutes only a leading placeholder.
    private func checkKeyedSource(_ text: String, at location: SourceLocation, of entity: EntityMapping, keyAttribute: String) {
        guard text != KeyedRepresentation.keySourceText, !text.hasPrefix("@") else { return }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let spellings = KeyedRepresentation.placeholders(for: keyAttribute)
        if let first = parts.first, spellings.contains(first) { return }
        if parts.dropFirst().contains(where: spellings.contains) {
            log.warning(
                .lintPlaceholderNotLeading,
                "'\(text)' of '\(entity.name)' has '(\(keyAttribute))' after its first segment; restmap substitutes the key only at the start of a key path, so this reads nothing",
                at: location)
        } else {
            log.warning(
                .lintKeyedPathWithoutPlaceholder,
                "'\(text)' of '\(entity.name)' reads the one-key dictionary {key: value}, as RestKit does, so it finds nothing; write '(\(keyAttribute)).\(text)' to read the value under the key",
                at: location)
        }
    }
}
