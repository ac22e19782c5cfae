/// `entity_attribute_types` (SPEC §1.6): `{ Entity: { attribute: type } }` with the type
/// names of `AttributeType`. Fills `EntityMapping.attributeTypes` (which a Core Data model
/// may fill instead) and the locations model binding reports disagreements at.
enum EntityAttributeTypesSection {
    static let descriptor = ConfigSectionDescriptor(
        .entityAttributeTypes,
        read: { reader, node in reader.readAttributeTypes(node) },
        summary: SectionSummary(attributeDetail: { entity, attribute in
            entity.attributeTypes[attribute.destination].map { " : \($0.conversionName)" }
        }))
}

extension SectionReader {
    mutating func readAttributeTypes(_ node: PlistNode) {
        forEachEntity(in: .entityAttributeTypes, node) { reader, entity, path in
            guard let attributes = reader.shape.dictionary(entity.value, path) else { return }
            var types: [String: AttributeType] = [:]
            var locations: [String: SourceLocation] = [:]
            for attribute in attributes {
                guard let name = reader.shape.string(attribute.value, "\(path).\(attribute.key)", what: "a type name") else { continue }
                guard let type = AttributeType(name: name) else {
                    reader.log.error(
                        .configUnknownType, "unknown type '\(name)' for \(path).\(attribute.key)\(Suggestions.hint(for: name, among: AttributeType.configNames)); known types: \(AttributeType.configNames.joined(separator: " "))",
                        at: attribute.value.location)
                    continue
                }
                types[attribute.key] = type
                locations[attribute.key] = attribute.value.location
            }
            reader.definitions.updateEntity(entity.key) {
                $0.attributeTypes = types
                $0.attributeTypeLocations = locations
            }
        }
    }
}
