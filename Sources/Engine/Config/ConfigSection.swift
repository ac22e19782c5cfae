/// The top-level sections a config may hold: RestKitMapper's five, then restmap's
/// extensions (SPEC §1.6–1.7), which a RestKitMapper config simply does not have.
public enum ConfigSection: String, Sendable, CaseIterable {
    case entityAttributeMappings = "entity_attribute_mappings"
    case primaryKeyMappings = "primary_key_mappings"
    case relationshipMappings = "relationship_mappings"
    case pathMappings = "path_mappings"
    case requestMappings = "request_mappings"
    case mappingOptions = "mapping_options"
    case valueMappings = "value_mappings"
    case errorMappings = "error_mappings"
    case entityAttributeTypes = "entity_attribute_types"
    case dateFormats = "date_formats"

    static var names: [String] { allCases.map(\.rawValue) }

    /// Every section's descriptor, in the order the loader reads them: entities first (the
    /// other sections refer to them), then as listed above. Lint findings and the describe
    /// text follow this order too.
    public static let registry: [ConfigSectionDescriptor] = allCases.map(\.descriptor)

    /// The section's reader, lint rules and describe lines (`ConfigSectionDescriptor`).
    var descriptor: ConfigSectionDescriptor {
        switch self {
        case .entityAttributeMappings: RestKitMapperSections.entityAttributeMappings
        case .primaryKeyMappings: RestKitMapperSections.primaryKeyMappings
        case .relationshipMappings: RestKitMapperSections.relationshipMappings
        case .pathMappings: RestKitMapperSections.pathMappings
        case .requestMappings: RestKitMapperSections.requestMappings
        case .mappingOptions: MappingOptionsSection.descriptor
        case .valueMappings: ValueMappingsSection.descriptor
        case .errorMappings: ErrorMappingsSection.descriptor
        case .entityAttributeTypes: EntityAttributeTypesSection.descriptor
        case .dateFormats: DateFormatsSection.descriptor
        }
    }
}
