import RestmapBase

/// `restmap check`'s rules for the extensions `ExtensionEntryReader` reads: relationship
/// matchers naming entities the config lacks or combined with `fk_mapping`, keyed-dictionary
/// options that cannot work as written, placeholders no key attribute fills, and the body
/// keys of nested request mappings. Part of `ConfigLinter`.
struct ExtensionLinter {
    let definitions: MappingDefinitions
    let log: DiagnosticLog

    func lint() {
        for entity in definitions.entities {
            for relationship in entity.relationships where relationship.matchers != nil {
                checkMatchers(of: relationship, in: entity)
            }
            checkKeyedOptions(entity)
        }
        for mapping in definitions.requestMappings {
            checkRequestKeys(mapping)
            for nested in mapping.nestedMappings {
                log.emit(contentsOf: RequestBodyKeys.problems(in: nested))
                checkRequestKeys(nested)
            }
        }
    }

    // MARK: relationship matchers

    private func checkMatchers(of relationship: RelationshipMapping, in entity: EntityMapping) {
        guard let matchers = relationship.matchers else { return }
        let what = "a matcher of relationship '\(relationship.name)' of '\(entity.name)'"
        if relationship.connection != nil {
            log.error(
                "relationship '\(relationship.name)' of '\(entity.name)' has both fk_mapping and matchers; a connection finds its targets by attribute values, so its matchers would never be used",
                at: relationship.location)
        }
        var fallbacks: [Matcher] = []
        for matcher in matchers {
            switch matcher.kind {
            case .keyed(_, _, let name), .entityFallback(let name):
                requireEntity(name, usedAs: what)
            case .plainObject:
                break
            }
            if matcher.isFallback { fallbacks.append(matcher) }
        }
        if fallbacks.count > 1, let used = fallbacks.last {
            log.emit(
                Diagnostic(
                    .warning,
                    "relationship '\(relationship.name)' of '\(entity.name)' has \(fallbacks.count) fallback matchers; only the last one applies",
                    at: fallbacks[0].location, related: [.init("this is the one that applies", at: used.location)]))
        }
    }

    private func requireEntity(_ name: Located<String>, usedAs use: String) {
        guard !definitions.contains(entity: name.value) else { return }
        let names = definitions.entities.map(\.name)
        var related: [Diagnostic.RelatedLocation] = []
        var message = "\(use) names entity '\(name.value)', which entity_attribute_mappings does not define"
        if let suggestion = Suggestions.closest(to: name.value, among: names), let defined = definitions.entity(named: suggestion) {
            message += "; did you mean '\(suggestion)'?"
            related.append(.init("'\(suggestion)' is defined here", at: defined.location))
        }
        log.emit(Diagnostic(.error, message, at: name.location, related: related))
    }

    // MARK: keyed dictionaries

    private func checkKeyedOptions(_ entity: EntityMapping) {
        let keyAttribute = entity.options.keyAttribute
        if let keyAttribute, !entity.options.forceCollectionMapping {
            log.warning(
                "mapping_options.\(entity.name) has key_attribute but not force_collection_mapping: each '\(entity.name)' representation is then one dictionary, and its last key is taken as the key",
                at: keyAttribute.location)
        }
        let sources = entity.attributes.map { ($0.source.text, $0.location) } + entity.relationships.filter { !$0.isConnection }.map { ($0.source.text, $0.location) }
        for (text, location) in sources {
            if let key = keyAttribute?.value { checkKeyedSource(text, at: location, of: entity, keyAttribute: key) }
            for name in KeyedRepresentation.placeholderNames(in: text) where name != keyAttribute?.value {
                log.warning(
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
                "'\(text)' of '\(entity.name)' has '(\(keyAttribute))' after its first segment; restmap substitutes the key only at the start of a key path, so this reads nothing",
                at: location)
        } else {
            log.warning(
                "'\(text)' of '\(entity.name)' reads the one-key dictionary {key: value}, as RestKit does, so it finds nothing; write '(\(keyAttribute)).\(text)' to read the value under the key",
                at: location)
        }
    }

    // MARK: request mappings

    /// Placeholders in body keys need the mapping's key attribute, and a key attribute is
    /// only useful when some body key uses it.
    private func checkRequestKeys(_ mapping: RequestMapping) {
        let keyAttribute = mapping.keyAttribute?.value
        var used = false
        let writers = mapping.attributes.map { ($0.bodyKey, $0.location) } + mapping.relationships.map { ($0.bodyKey, $0.location) }
        for (bodyKey, location) in writers {
            for name in KeyedRepresentation.placeholderNames(in: bodyKey) {
                if name == keyAttribute {
                    used = true
                } else {
                    log.warning(
                        "\(mapping.label) writes the body key '\(bodyKey)', whose '(\(name))' is \(keyAttribute == nil ? "not named by a key_attribute" : "not its key_attribute '\(keyAttribute!)'"); it is sent literally",
                        at: location)
                }
            }
        }
        if let key = mapping.keyAttribute, !used {
            log.warning(
                "\(mapping.label) has key_attribute '\(key.value)', but no body key uses '(\(key.value))'; it has no effect",
                at: key.location)
        }
    }
}
