import RestmapBase
import RestmapFormats
import RestmapTypes

/// `mapping_options` (SPEC §1.7): `{ Entity: { set_nil_for_missing_attributes: bool,
/// set_nil_for_missing_relationships: bool } }`, RestKit's options of the same names,
/// stored in `EntityMapping.options`.
enum MappingOptionsSection {
    static let descriptor = ConfigSectionDescriptor(
        .mappingOptions,
        read: { reader, node in reader.readMappingOptions(node) },
        summary: SectionSummary(entityLines: { entity in
            var options: [String] = []
            if entity.options.setNilForMissingAttributes { options.append("missing attributes set to null") }
            if entity.options.setNilForMissingRelationships { options.append("missing relationships cleared") }
            return options.isEmpty ? [] : ["    options: " + options.joined(separator: ", ")]
        }))

    static let keys = ["set_nil_for_missing_attributes", "set_nil_for_missing_relationships"]
}

extension SectionReader {
    mutating func readMappingOptions(_ node: PlistNode) {
        forEachEntity(in: .mappingOptions, node) { reader, entity, path in
            guard let fields = reader.shape.dictionary(entity.value, path) else { return }
            reader.shape.unknownKeys(fields, allowed: MappingOptionsSection.keys, path)
            var options = MappingOptions()
            for field in fields {
                guard let flag = reader.shape.boolean(field.value, "\(path).\(field.key)") else { continue }
                if field.key == "set_nil_for_missing_attributes" { options.setNilForMissingAttributes = flag }
                if field.key == "set_nil_for_missing_relationships" { options.setNilForMissingRelationships = flag }
            }
            reader.definitions.updateEntity(entity.key) { $0.options = options }
        }
    }
}
