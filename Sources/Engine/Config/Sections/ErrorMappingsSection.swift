/// `error_mappings` (SPEC §1.7): `{ key_path?, class_name?, attribute_mappings }`, the plain
/// object mapping `map --status CODE` applies to 4xx/5xx payloads. Fills
/// `MappingDefinitions.errorMapping` and `errorKeyPath`.
enum ErrorMappingsSection {
    static let descriptor = ConfigSectionDescriptor(
        .errorMappings,
        read: { reader, node in reader.readErrorMapping(node) },
        summary: SectionSummary(afterEntities: { definitions in
            guard let error = definitions.errorMapping else { return [] }
            let container = definitions.errorKeyPath.map { " at key path '\($0.text)'" } ?? " at the payload root"
            var lines = ["", "error mapping: \(error.name)\(container) (for --status 4xx/5xx)"]
            for attribute in error.attributes {
                lines.append("    \(SectionSummary.quoted(attribute.source.text)) -> \(attribute.destination)")
            }
            return lines
        }))

    static let keys = ["key_path", "class_name", "attribute_mappings"]
}

extension SectionReader {
    mutating func readErrorMapping(_ node: PlistNode) {
        let section = ConfigSection.errorMappings.rawValue
        guard let fields = shape.dictionary(node, section) else { return }
        shape.unknownKeys(fields, allowed: ErrorMappingsSection.keys, section)
        var className = "Error"
        if let classNode = node["class_name"], let text = shape.string(classNode, "\(section).class_name") {
            className = text
        }
        var mapping = EntityMapping(name: className, location: node.location, isPlain: true)
        guard let attributesNode = node["attribute_mappings"] else {
            log.error(.configMissingEntry, "\(section) has no 'attribute_mappings'", at: node.location)
            return
        }
        mapping.attributes = readAttributeMappings(attributesNode, "\(section).attribute_mappings")
        definitions.errorMapping = mapping
        if let keyPathNode = node["key_path"], let text = shape.string(keyPathNode, "\(section).key_path") {
            definitions.errorKeyPath = text.isEmpty ? nil : KeyPath(text)
        }
    }
}
