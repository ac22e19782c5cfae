/// `value_mappings` (SPEC §1.7): `{ Entity: { attribute: { "input": output, ...,
/// "_default": output } } }`, enum-style replacement before type conversion. Each table
/// becomes a `ValueMapping` in `EntityMapping.valueMappings`, located at its attribute key.
enum ValueMappingsSection {
    static let descriptor = ConfigSectionDescriptor(
        .valueMappings,
        read: { reader, node in reader.readValueMappings(node) },
        lintEntity: { context, entity in context.checkValueMappingAttributes(entity) },
        summary: SectionSummary(attributeNote: { entity, attribute in
            entity.valueMappings[attribute.destination] != nil ? "  (value mapping)" : nil
        }))
}

extension SectionReader {
    mutating func readValueMappings(_ node: PlistNode) {
        forEachEntity(in: .valueMappings, node) { reader, entity, path in
            guard let attributes = reader.shape.dictionary(entity.value, path) else { return }
            var tables: [String: Located<ValueMapping>] = [:]
            for attribute in attributes {
                let attributePath = "\(path).\(attribute.key)"
                guard let cases = reader.shape.dictionary(attribute.value, attributePath, what: "a dictionary of input to output")
                else { continue }
                var entries: [(key: String, value: Value)] = []
                for entry in cases {
                    guard let output = reader.shape.scalar(entry.value, "\(attributePath).\(entry.key)") else { continue }
                    entries.append((entry.key, output))
                }
                tables[attribute.key] = Located(ValueMapping(entries: entries), at: attribute.keyLocation)
            }
            reader.definitions.updateEntity(entity.key) { $0.valueMappings = tables }
        }
    }
}

extension LintContext {
    /// `value_mappings` names client attributes; a name the entity does not map is most
    /// likely a typo.
    func checkValueMappingAttributes(_ entity: EntityMapping) {
        let known = entity.attributeNames
        for (attribute, table) in entity.valueMappings.sorted(by: { $0.key < $1.key }) where !known.contains(attribute) {
            log.warning(
                .lintUnknownMappedAttribute, "value_mappings.\(entity.name) names '\(attribute)', which is not a mapped attribute of '\(entity.name)'\(Suggestions.hint(for: attribute, among: known))",
                at: table.location)
        }
    }
}
