import RestmapEngine

/// The human-readable summary `restmap describe` prints: entities with their attribute
/// mappings, keys and relationships, then paths with their matchers, then request
/// mappings — in config order, so it reads like the file but resolved. Sections beyond
/// RestKitMapper's add their lines through their descriptors (`SectionSummary`).
public struct DefinitionsSummary {
    public init() {}

    public func render(_ definitions: MappingDefinitions) -> String {
        var lines: [String] = ["config: \(definitions.file)"]
        lines.append("")
        lines.append("entities (\(definitions.entities.count))")
        for entity in definitions.entities {
            lines.append(contentsOf: describe(entity))
        }
        for descriptor in ConfigSection.registry {
            lines.append(contentsOf: descriptor.summary.afterEntities?(definitions) ?? [])
        }
        lines.append("")
        lines.append("paths (\(definitions.pathMappings.count))")
        for path in definitions.pathMappings {
            let container = path.keyPath.map { "key path '\($0.value.text)'" } ?? "payload root"
            lines.append("  \(path.uri.value.text)  [\(container)]")
            for matcher in path.matchers {
                lines.append("    " + describe(matcher))
            }
        }
        if !definitions.requestMappings.isEmpty {
            lines.append("")
            lines.append("requests (\(definitions.requestMappings.count))")
            for request in definitions.requestMappings {
                var head = "  \(request.className?.value ?? "(no class)")"
                if let uri = request.uri { head += "  \(uri.value.text)" }
                if let root = request.rootKeyPath { head += "  [root '\(root)']" }
                if let key = request.keyAttribute { head += "  (body keys named by '\(key.value)')" }
                lines.append(head)
                lines.append(contentsOf: requestLines(request, indent: "    "))
            }
        }
        for descriptor in ConfigSection.registry {
            lines.append(contentsOf: descriptor.summary.closing?(definitions) ?? [])
        }
        // Names and keys come from the config: each line is printed with its control
        // characters escaped, so that none can start a line of its own.
        return lines.map(UntrustedText.escaped).joined(separator: "\n") + "\n"
    }

    private func describe(_ entity: EntityMapping) -> [String] {
        var head = "  \(entity.name)"
        if entity.primaryKeys.isEmpty {
            head += "  (no primary key: every representation is a new object)"
        } else {
            let keys = entity.primaryKeys.map(\.value).joined(separator: ", ")
            head += "  (primary key: \(keys)\(entity.primaryKeysInferred ? ", inferred from the model" : ""))"
        }
        var lines = [head]
        for attribute in entity.attributes {
            var line = "    \(quoted(attribute.source.text)) -> \(attribute.destination)"
            for summary in summaries { line += summary.attributeDetail?(entity, attribute) ?? "" }
            for summary in summaries { line += summary.attributeNote?(entity, attribute) ?? "" }
            lines.append(line)
        }
        for relationship in entity.relationships {
            if let pairs = relationship.connection {
                let condition = pairs.map { "\($0.sourceAttribute.value) = \(relationship.target.value).\($0.targetAttribute.value)" }
                    .joined(separator: " and ")
                lines.append("    \(relationship.name) => \(relationship.target.value)  connected where \(condition)")
            } else if let matchers = relationship.matchers {
                lines.append("    \(relationship.name) => chosen by matchers, nested at \(quoted(relationship.source.text))")
                lines.append(contentsOf: matchers.map { "      " + describe($0) })
            } else {
                lines.append("    \(relationship.name) => \(relationship.target.value)  nested at \(quoted(relationship.source.text))")
            }
        }
        for summary in summaries { lines.append(contentsOf: summary.entityLines?(entity) ?? []) }
        return lines
    }

    /// A request mapping's attributes, then its nested mappings (relationships), indented.
    private func requestLines(_ request: RequestMapping, indent: String) -> [String] {
        var lines = request.attributes.map { "\(indent)\($0.source.text) -> \($0.bodyKey)" }
        for relationship in request.relationships {
            var head = "\(indent)\(relationship.source.text) => \(relationship.bodyKey)"
            if let className = relationship.mapping.className { head += "  (\(className.value))" }
            if let key = relationship.mapping.keyAttribute { head += "  (body keys named by '\(key.value)')" }
            lines.append(head)
            lines.append(contentsOf: requestLines(relationship.mapping, indent: indent + "  "))
        }
        return lines
    }

    private func describe(_ matcher: Matcher) -> String {
        switch matcher.kind {
        case .keyed(let keyPath, let expected, let entity):
            return "when \(keyPath.text) == \(literal(expected)) -> \(entity.value)"
        case .entityFallback(let entity):
            return "otherwise -> \(entity.value)"
        case .plainObject(let mapping):
            let attributes = mapping.attributes.map { "\(quoted($0.source.text)) -> \($0.destination)" }.joined(separator: ", ")
            return "otherwise -> plain \(mapping.name) { \(attributes) }"
        }
    }

    private func quoted(_ keyPath: String) -> String {
        SectionSummary.quoted(keyPath)
    }

    /// What each section adds to the frame, in registry order.
    private var summaries: [SectionSummary] { ConfigSection.registry.map(\.summary) }

    private func literal(_ value: Value) -> String {
        switch value {
        case .string(let text): return "\"\(text)\""
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return value.kindName
        }
    }
}
