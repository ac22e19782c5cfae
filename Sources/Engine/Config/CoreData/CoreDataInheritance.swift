/// An entity's effective properties: its ancestors' and its own, looked up by name. Computed
/// once when the model loads, so that the mapper's per-value type lookups are dictionary hits.
struct CoreDataResolvedEntity: Sendable {
    /// Super-entity names, nearest first.
    var superentities: [String] = []
    var attributes: [CoreDataAttribute] = []
    var attributeIndex: [String: Int] = [:]
    var relationships: [CoreDataRelationship] = []
    var relationshipIndex: [String: Int] = [:]
    var identification: CoreDataIdentification?
}

/// Resolves `parentEntity` chains. Xcode writes entities alphabetically, so a child can come
/// before its parent: chains are checked first (unknown parents and cycles are errors, never
/// a hang), then properties are merged parent first, the child overriding.
enum CoreDataInheritance {
    /// Errors for unknown parents and cycles, in entity order. Empty when every chain ends.
    static func chainErrors(_ entities: [CoreDataEntity], index: [String: Int]) -> [Diagnostic] {
        var errors: [Diagnostic] = []
        var reportedCycles: Set<[String]> = []
        for entity in entities {
            guard let parent = entity.parentEntity else { continue }
            if index[parent] == nil {
                errors.append(.error(
                    .modelInheritance, "entity '\(entity.name)' has parentEntity '\(parent)', which is not an entity of the model",
                    at: entity.location))
                continue
            }
            var path = [entity.name]
            var current = parent
            while let position = index[current] {
                if let start = path.firstIndex(of: current) {
                    let cycle = Array(path[start...])
                    if reportedCycles.insert(cycle.sorted()).inserted {
                        let first = cycle.compactMap { index[$0] }.min() ?? position
                        // Start the chain at the member written first, following parentEntity.
                        let start = cycle.firstIndex(of: entities[first].name) ?? 0
                        let rotated = Array(cycle[start...] + cycle[..<start])
                        let text = (rotated + [rotated[0]]).joined(separator: " -> ")
                        errors.append(Diagnostic(
                            .modelInheritance, .error, "entity inheritance cycle: \(text) (parentEntity chains must end)",
                            at: entities[first].location,
                            related: cycle.compactMap { name in
                                index[name].map { .init("'\(name)' is declared here", at: entities[$0].location) }
                            }))
                    }
                    break
                }
                path.append(current)
                guard let next = entities[position].parentEntity else { break }
                current = next
            }
        }
        return errors
    }

    /// Effective properties for every entity (same order as `entities`), plus warnings for
    /// properties that redeclare inherited ones. Requires `chainErrors` to be empty.
    static func resolve(
        _ entities: [CoreDataEntity], index: [String: Int]
    ) -> (resolved: [CoreDataResolvedEntity], warnings: [Diagnostic]) {
        var memo = [CoreDataResolvedEntity?](repeating: nil, count: entities.count)
        var warnings: [Diagnostic] = []

        func resolved(_ position: Int) -> CoreDataResolvedEntity {
            if let done = memo[position] { return done }
            let entity = entities[position]
            var result = CoreDataResolvedEntity()
            if let parentName = entity.parentEntity, let parent = index[parentName] {
                result = resolved(parent)
                result.superentities.insert(parentName, at: 0)
                result.identification = nil
            }
            for attribute in entity.attributes {
                if let inherited = result.attributeIndex[attribute.name] {
                    warnings.append(redeclaration(attribute.name, in: entity, at: attribute.location,
                                                  inherited: result.attributes[inherited].location))
                    result.attributes[inherited] = attribute
                } else {
                    if let inherited = result.relationshipIndex[attribute.name] {
                        warnings.append(redeclaration(attribute.name, in: entity, at: attribute.location,
                                                      inherited: result.relationships[inherited].location))
                        result.relationships.remove(at: inherited)
                        reindex(&result)
                    }
                    result.attributeIndex[attribute.name] = result.attributes.count
                    result.attributes.append(attribute)
                }
            }
            for relationship in entity.relationships {
                if let inherited = result.relationshipIndex[relationship.name] {
                    warnings.append(redeclaration(relationship.name, in: entity, at: relationship.location,
                                                  inherited: result.relationships[inherited].location))
                    result.relationships[inherited] = relationship
                } else {
                    if let inherited = result.attributeIndex[relationship.name] {
                        warnings.append(redeclaration(relationship.name, in: entity, at: relationship.location,
                                                      inherited: result.attributes[inherited].location))
                        result.attributes.remove(at: inherited)
                        reindex(&result)
                    }
                    result.relationshipIndex[relationship.name] = result.relationships.count
                    result.relationships.append(relationship)
                }
            }
            memo[position] = result
            return result
        }

        let all = entities.indices.map(resolved)
        return (all, warnings)
    }

    private static func reindex(_ entity: inout CoreDataResolvedEntity) {
        entity.attributeIndex = Dictionary(
            uniqueKeysWithValues: entity.attributes.enumerated().map { ($1.name, $0) })
        entity.relationshipIndex = Dictionary(
            uniqueKeysWithValues: entity.relationships.enumerated().map { ($1.name, $0) })
    }

    private static func redeclaration(
        _ name: String, in entity: CoreDataEntity, at location: SourceLocation, inherited: SourceLocation
    ) -> Diagnostic {
        Diagnostic(
            .modelDuplicateProperty, .warning, "entity '\(entity.name)' redeclares inherited property '\(name)'; its own declaration is used",
            at: location, related: [.init("inherited declaration of '\(name)'", at: inherited)])
    }
}
