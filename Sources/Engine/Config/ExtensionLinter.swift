/// `restmap check`'s rules for the extensions `ExtensionEntryReader` reads: relationship
/// matchers naming entities the config lacks or combined with `fk_mapping`, placeholders in
/// body keys no key attribute fills, and the body keys of nested request mappings. Part of
/// `ConfigLinter` (the keyed-dictionary options are checked by `MappingOptionsSection`).
struct ExtensionLinter {
    let definitions: MappingDefinitions
    let log: DiagnosticLog

    func lint() {
        for entity in definitions.entities {
            for relationship in entity.relationships where relationship.matchers != nil {
                checkMatchers(of: relationship, in: entity)
            }
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
                .lintMatchersWithConnection,
                "relationship '\(relationship.name)' of '\(entity.name)' has both fk_mapping and matchers; a connection finds its targets by attribute values, so its matchers would never be used",
                at: relationship.location)
        }
        LintContext(definitions: definitions, log: log).checkMatchers(
            matchers, owner: "relationship '\(relationship.name)' of '\(entity.name)'", usedAs: what,
            severalFallbacks: .lintRelationshipSeveralFallbacks)
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
                        .lintUnfilledPlaceholder,
                        "\(mapping.label) writes the body key '\(bodyKey)', whose '(\(name))' is \(keyAttribute == nil ? "not named by a key_attribute" : "not its key_attribute '\(keyAttribute!)'"); it is sent literally",
                        at: location)
                }
            }
        }
        if let key = mapping.keyAttribute, !used {
            log.warning(
                .lintUnusedKeyAttribute,
                "\(mapping.label) has key_attribute '\(key.value)', but no body key uses '(\(key.value))'; it has no effect",
                at: key.location)
        }
    }
}
