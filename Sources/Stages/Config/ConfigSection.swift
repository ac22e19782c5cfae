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

    public static var names: [String] { allCases.map(\.rawValue) }
}
