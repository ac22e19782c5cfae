import RestmapEngine

/// The entity graph as Graphviz DOT (`restmap describe --format dot`): one record node per
/// entity listing its attributes (keys marked), solid edges for nested relationships,
/// dashed edges for connections, and note nodes for the paths that map each entity.
public struct DotGraph {
    public init() {}

    public func render(_ definitions: MappingDefinitions) -> String {
        var lines = [
            "digraph restmap {",
            "  rankdir=LR;",
            "  node [shape=record, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for entity in definitions.entities {
            let keys = Set(entity.primaryKeys.map(\.value))
            let fields = entity.attributes.map { attribute in
                escapeRecord(attribute.destination + (keys.contains(attribute.destination) ? " (key)" : "")) + "\\l"
            }.joined()
            lines.append("  \(identifier(entity.name)) [label=\"{\(escapeRecord(entity.name))|\(fields)}\"];")
        }
        for entity in definitions.entities {
            for relationship in entity.relationships {
                for targetName in relationship.targetNames where definitions.contains(entity: targetName) {
                    var attributes = ["label=\"\(escapeString(relationship.name))\""]
                    if let pairs = relationship.connection {
                        attributes.append("style=dashed")
                        let condition = pairs.map { "\($0.sourceAttribute.value)=\($0.targetAttribute.value)" }.joined(separator: ",")
                        attributes[0] = "label=\"\(escapeString(relationship.name)) (\(escapeString(condition)))\""
                    }
                    lines.append("  \(identifier(entity.name)) -> \(identifier(targetName)) [\(attributes.joined(separator: ", "))];")
                }
            }
        }
        for path in definitions.pathMappings {
            let node = identifier("path \(path.index): \(path.uri.value.text)")
            lines.append("  \(node) [shape=note, label=\"\(escapeString(path.uri.value.text))\"];")
            var targets: [String] = []
            for matcher in path.matchers where !targets.contains(matcher.entityName) {
                targets.append(matcher.entityName)
            }
            for target in targets where definitions.contains(entity: target) {
                lines.append("  \(node) -> \(identifier(target)) [style=dotted];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func identifier(_ name: String) -> String {
        "\"" + escapeString(name) + "\""
    }

    private func escapeString(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// Record labels give `{ } | < >` a meaning of their own; escape them too.
    private func escapeRecord(_ text: String) -> String {
        var out = ""
        for character in escapeString(text) {
            if "{}|<> ".contains(character) && character != " " { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
