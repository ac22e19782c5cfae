/// The cross-reference checks of `restmap check` (SPEC §3.3): entities referenced but not
/// defined, keys and connections naming attributes that are not mapped, matcher problems,
/// duplicate paths, inverted request mappings. Runs on loaded definitions; every finding
/// goes to the log with the location of the offending entry and, where it helps, the
/// location of the entry it conflicts with.
struct ConfigLinter {
    init() {}

    func lint(_ definitions: MappingDefinitions, log: DiagnosticLog) {
        let context = LintContext(definitions: definitions, log: log)
        context.checkEntityReferences()
        for entity in definitions.entities {
            for descriptor in ConfigSection.registry { descriptor.lintEntity?(context, entity) }
        }
        for descriptor in ConfigSection.registry { descriptor.lint?(context) }
        ExtensionLinter(definitions: definitions, log: log).lint()
        KeyPathLint(definitions: definitions, log: log).run()
    }
}

/// What lint rules work from. The rules of RestKitMapper's sections are below; every other
/// section's rules sit in its own file under `Sections/`, as an extension of this type.
struct LintContext {
    let definitions: MappingDefinitions
    let log: DiagnosticLog

    var entityNames: [String] { definitions.entities.map(\.name) }

    /// Reports `name` as undefined (with did-you-mean) unless the config defines it.
    /// Returns whether it is defined.
    @discardableResult
    func requireEntity(_ name: String, at location: SourceLocation, usedAs use: String) -> Bool {
        if definitions.contains(entity: name) { return true }
        var related: [Diagnostic.RelatedLocation] = []
        var message = "\(use) names entity '\(name)', which entity_attribute_mappings does not define"
        if let suggestion = Suggestions.closest(to: name, among: entityNames),
            let defined = definitions.entity(named: suggestion)
        {
            message += "; did you mean '\(suggestion)'?"
            related.append(.init("'\(suggestion)' is defined here", at: defined.location))
        } else if entityNames.isEmpty {
            message += " (it defines no entity)"
        }
        log.emit(Diagnostic(.lintUndefinedEntity, .error, message, at: location, related: related))
        return false
    }

    func checkEntityReferences() {
        for reference in definitions.entityReferences {
            requireEntity(reference.name, at: reference.location, usedAs: reference.context)
        }
    }

    /// A destination that is both an attribute and a dictionary (`address` and
    /// `address.city`) cannot be written.
    func checkDestinations(_ entity: EntityMapping) {
        let destinations = Dictionary(entity.attributes.map { ($0.destination, $0.location) }, uniquingKeysWith: { a, _ in a })
        for attribute in entity.attributes where attribute.destinationPath.count > 1 {
            for length in 1..<attribute.destinationPath.count {
                let prefix = attribute.destinationPath[0..<length].joined(separator: ".")
                if let other = destinations[prefix] {
                    log.emit(
                        Diagnostic(
                            .lintWritesInsideValue, .error,
                            "attribute '\(attribute.destination)' of '\(entity.name)' writes inside '\(prefix)', which is itself mapped as a value",
                            at: attribute.location, related: [.init("'\(prefix)' is mapped here", at: other)]))
                }
            }
        }
    }

    func checkPrimaryKeys(_ entity: EntityMapping) {
        guard !entity.primaryKeysInferred else { return }
        for key in entity.primaryKeys where entity.attribute(writing: key.value) == nil {
            log.error(
                .lintPrimaryKeyNotMapped, "primary key '\(key.value)' of '\(entity.name)' is not a mapped attribute of it\(Suggestions.hint(for: key.value, among: entity.attributeNames))",
                at: key.location)
        }
    }

    func checkRelationships(_ entity: EntityMapping) {
        var names: [String: SourceLocation] = [:]
        for relationship in entity.relationships {
            if let earlier = names[relationship.name] {
                log.emit(
                    Diagnostic(
                        .lintRelationshipDefinedTwice, .error, "relationship '\(relationship.name)' of '\(entity.name)' is defined twice",
                        at: relationship.location, related: [.init("the first one is here", at: earlier)]))
            }
            names[relationship.name] = relationship.location
            if let attribute = entity.attribute(writing: relationship.name) {
                log.emit(
                    Diagnostic(
                        .lintRelationshipShadowsAttribute, .warning,
                        "relationship '\(relationship.name)' of '\(entity.name)' has the same name as an attribute; the relationship wins in records",
                        at: relationship.location, related: [.init("the attribute is mapped here", at: attribute.location)]))
            }
            // A target implied by matchers is checked with them (ExtensionLinter).
            let targetDefined = relationship.targetIsImplied
                ? definitions.contains(entity: relationship.target.value)
                : requireEntity(
                    relationship.target.value, at: relationship.target.location,
                    usedAs: "relationship '\(relationship.name)' of '\(entity.name)'")
            guard let pairs = relationship.connection else { continue }
            for pair in pairs {
                let source = pair.sourceAttribute
                if entity.attribute(writing: source.value) == nil {
                    log.error(
                        .lintForeignKeySourceNotMapped, "fk_mapping of '\(entity.name).\(relationship.name)' reads '\(source.value)', which is not a mapped attribute of '\(entity.name)'\(Suggestions.hint(for: source.value, among: entity.attributeNames)); map it in entity_attribute_mappings",
                        at: source.location)
                }
                guard targetDefined, let target = definitions.entity(named: relationship.target.value) else { continue }
                let targetAttribute = pair.targetAttribute
                if target.attribute(writing: targetAttribute.value) == nil {
                    log.error(
                        .lintForeignKeyTargetNotMapped, "fk_mapping of '\(entity.name).\(relationship.name)' matches '\(target.name).\(targetAttribute.value)', which is not a mapped attribute of '\(target.name)'\(Suggestions.hint(for: targetAttribute.value, among: target.attributeNames))",
                        at: targetAttribute.location)
                } else if !target.primaryKeys.contains(where: { $0.value == targetAttribute.value }),
                    target.primaryKeys.allSatisfy({ target.attribute(writing: $0.value) != nil })
                {
                    // (A target whose own keys are broken is reported there; no second warning.)
                    log.warning(
                        .lintForeignKeyTargetNotKey, "fk_mapping of '\(entity.name).\(relationship.name)' matches '\(target.name).\(targetAttribute.value)', which is not a primary key of '\(target.name)': several objects may match",
                        at: targetAttribute.location)
                }
            }
        }
    }

    func checkPathMappings() {
        var seen: [String: PathMapping] = [:]
        for mapping in definitions.pathMappings {
            let keyPath = mapping.keyPath?.value.text ?? ""
            let identity = PathPattern.pathSegments(mapping.uri.value.text).joined(separator: "/") + "\u{0}" + keyPath
            if let earlier = seen[identity] {
                log.emit(
                    Diagnostic(
                        .lintDuplicatePathMapping, .warning,
                        "path_mappings.\(mapping.index) repeats uri '\(mapping.uri.value.text)' with key_path '\(keyPath)'; both apply, so objects are mapped twice",
                        at: mapping.location, related: [.init("the first entry is here", at: earlier.location)]))
            } else {
                seen[identity] = mapping
            }
            checkMatchers(
                mapping.matchers, owner: "path_mappings.\(mapping.index)", usedAs: "a matcher of path_mappings.\(mapping.index)",
                severalFallbacks: .lintSeveralFallbackMatchers)
        }
    }

    /// What every matcher list gets, a path mapping's or a relationship's: each entity it
    /// names defined, and at most one fallback (the last would apply).
    func checkMatchers(_ matchers: [Matcher], owner: String, usedAs use: String, severalFallbacks code: DiagnosticCode) {
        var fallbacks: [Matcher] = []
        for matcher in matchers {
            switch matcher.kind {
            case .keyed(_, _, let entity), .entityFallback(let entity):
                requireEntity(entity.value, at: entity.location, usedAs: use)
            case .plainObject:
                break
            }
            if matcher.isFallback { fallbacks.append(matcher) }
        }
        if fallbacks.count > 1, let used = fallbacks.last {
            log.emit(
                Diagnostic(
                    code, .warning, "\(owner) has \(fallbacks.count) fallback matchers; only the last one applies",
                    at: fallbacks[0].location, related: [.init("this is the one that applies", at: used.location)]))
        }
    }

    func checkRequestMappings() {
        var classes: [String: RequestMapping] = [:]
        for mapping in definitions.requestMappings {
            log.emit(contentsOf: RequestBodyKeys.problems(in: mapping))
            if let className = mapping.className {
                if let earlier = classes[className.value] {
                    log.emit(
                        Diagnostic(
                            .lintDuplicateRequestMapping, .warning,
                            "request_mappings.\(mapping.index) serializes '\(className.value)' like request_mappings.\(earlier.index); `request --class \(className.value)` uses the first",
                            at: className.location, related: [.init("the first one is here", at: earlier.location)]))
                } else {
                    classes[className.value] = mapping
                }
            }
        }
        for mapping in definitions.requestMappings {
            guard let className = mapping.className, let entity = definitions.entity(named: className.value) else {
                continue
            }
            let clientNames = Set(entity.attributeNames)
            let serverKeys = Set(entity.attributes.map(\.source.text))
            let sources = mapping.attributes.map(\.source.text)
            let readsClientNames = sources.contains { clientNames.contains($0) }
            let invertedSources = sources.filter { serverKeys.contains($0) && !clientNames.contains($0) }
            if !readsClientNames, !invertedSources.isEmpty {
                log.warning(
                    .lintRequestReadsServerKeys, "request_mappings.\(mapping.index) reads \(invertedSources.map { "'\($0)'" }.joined(separator: ", ")) from '\(className.value)', but those are its server-side keys; request mappings read client attributes (\(entity.attributeNames.prefix(4).map { "'\($0)'" }.joined(separator: ", "))) and write body keys — the mapping looks inverted",
                    at: mapping.location)
            }
        }
    }
}
