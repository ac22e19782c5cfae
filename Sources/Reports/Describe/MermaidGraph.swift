import RestmapEngine

/// The entity graph as a Mermaid class diagram (`restmap describe --format mermaid`), which
/// GitHub renders in README files, issues and pull requests: one class per entity listing its
/// attributes (keys marked `key`), solid arrows for nested relationships, dotted arrows for
/// connections with their condition, and a note per entity naming the paths that map it.
public struct MermaidGraph {
    public init() {}

    public func render(_ definitions: MappingDefinitions) -> String {
        var lines = ["classDiagram", "  direction LR"]
        for entity in definitions.entities {
            let keys = Set(entity.primaryKeys.map(\.value))
            lines.append("  class \(identifier(entity.name))[\"\(label(entity.name))\"] {")
            for attribute in entity.attributes {
                // A member with "(" would read as a method; "key name" reads as a typed field.
                let name = member(attribute.destination)
                lines.append("    " + (keys.contains(attribute.destination) ? "key \(name)" : name))
            }
            lines.append("  }")
        }
        for entity in definitions.entities {
            for relationship in entity.relationships {
                for targetName in relationship.targetNames where definitions.contains(entity: targetName) {
                    let from = identifier(entity.name), to = identifier(targetName)
                    if let pairs = relationship.connection {
                        let condition = pairs.map { "\($0.sourceAttribute.value) = \($0.targetAttribute.value)" }
                            .joined(separator: ", ")
                        lines.append("  \(from) ..> \(to) : \(label(relationship.name)) when \(label(condition))")
                    } else {
                        lines.append("  \(from) --> \(to) : \(label(relationship.name))")
                    }
                }
            }
        }
        for entity in definitions.entities {
            var paths: [String] = []
            for path in definitions.pathMappings where path.matchers.contains(where: { $0.entityName == entity.name }) {
                if !paths.contains(path.uri.value.text) { paths.append(path.uri.value.text) }
            }
            guard !paths.isEmpty else { continue }
            lines.append("  note for \(identifier(entity.name)) \"\(label(paths.joined(separator: ", ")))\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid class identifiers are letters, digits and `_`; the real name is the label. A
    /// name of ASCII letters and digits is its own identifier; any other is spelled out so that
    /// two names never share one: `_` becomes `__`, every other character `_HEX_` (its code
    /// point), and so does a leading digit (`A-B` → `A_2D_B`, `A_B` → `A__B`, `é` → `_E9_`).
    func identifier(_ name: String) -> String {
        let plain = name.unicodeScalars.allSatisfy(Self.isASCIIAlphanumeric)
            && !(name.first?.isNumber ?? true)
        if plain { return name }
        var out = ""
        for (offset, scalar) in name.unicodeScalars.enumerated() {
            if scalar == "_" {
                out += "__"
            } else if Self.isASCIIAlphanumeric(scalar) && !(offset == 0 && ("0"..."9").contains(scalar)) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "_" + String(scalar.value, radix: 16, uppercase: true) + "_"
            }
        }
        return out.isEmpty ? "_" : out
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// Text inside quotes or after `:`: quotes and Mermaid's markup characters as entities.
    private func label(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "\n": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// A class member: characters that would make it a method or a generic left out.
    private func member(_ text: String) -> String {
        String(label(text).map { character -> Character in
            switch character {
            case "(": return "["
            case ")": return "]"
            case "~": return "-"
            default: return character
            }
        }).replacingBraces()
    }
}

private extension String {
    /// `{` and `}` as Mermaid's entity codes: a `}` in a member would end the class body.
    func replacingBraces() -> String {
        var out = ""
        for character in self {
            switch character {
            case "{": out += "#123;"
            case "}": out += "#125;"
            default: out.append(character)
            }
        }
        return out
    }
}
