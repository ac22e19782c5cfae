/// The five sections of a RestKitMapper config. They are the frame the other sections
/// refer to: their readers stay with `ConfigLoader` (entities, attribute mappings and
/// matchers are shared by several sections), their cross-reference checks with
/// `ConfigLinter`, and `DefinitionsSummary` prints them as the body of the summary.
enum RestKitMapperSections {
    static let entityAttributeMappings = ConfigSectionDescriptor(
        .entityAttributeMappings,
        read: { reader, node in reader.readEntities(node) },
        lintEntity: { context, entity in context.checkDestinations(entity) })

    static let primaryKeyMappings = ConfigSectionDescriptor(
        .primaryKeyMappings,
        read: { reader, node in reader.readPrimaryKeys(node) },
        lintEntity: { context, entity in context.checkPrimaryKeys(entity) })

    static let relationshipMappings = ConfigSectionDescriptor(
        .relationshipMappings,
        read: { reader, node in reader.readRelationships(node) },
        lintEntity: { context, entity in context.checkRelationships(entity) })

    static let pathMappings = ConfigSectionDescriptor(
        .pathMappings,
        read: { reader, node in reader.readPathMappings(node) },
        lint: { context in context.checkPathMappings() })

    static let requestMappings = ConfigSectionDescriptor(
        .requestMappings,
        read: { reader, node in reader.readRequestMappings(node) },
        lint: { context in context.checkRequestMappings() })
}
