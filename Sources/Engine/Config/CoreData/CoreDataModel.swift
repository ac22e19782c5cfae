/// A Core Data model read from its Xcode source (`--model`, SPEC §1.6): entities with their
/// attribute types and relationships, inheritance resolved, and the identification attributes
/// RestKit would infer for each entity (SPEC §1.2). Load one with `CoreDataModel.load(path:)`.
struct CoreDataModel: Sendable {
    /// The `contents` file that was read; every location points into it.
    let file: String
    /// Entities in file order, each with only its own properties.
    let entities: [CoreDataEntity]
    /// Model-level `<composite>` definitions (Xcode 15), in file order.
    let composites: [CoreDataComposite]
    /// Findings that did not stop loading (unknown attribute types, dangling inverses, a
    /// guessed version, …), in the order found. Emit them into the run's `DiagnosticLog`.
    let warnings: [Diagnostic]

    private let entityIndex: [String: Int]
    private let resolved: [CoreDataResolvedEntity]

    /// Builds a model from what the reader found: checks inheritance chains, resolves
    /// inherited properties, checks references, and infers identification attributes.
    /// Throws a usage error carrying every diagnostic when any of them is an error.
    init(file: String, entities: [CoreDataEntity], composites: [CoreDataComposite], diagnostics: [Diagnostic]) throws {
        var diagnostics = diagnostics
        var index: [String: Int] = [:]
        for (position, entity) in entities.enumerated() where index[entity.name] == nil {
            index[entity.name] = position
        }
        diagnostics += CoreDataInheritance.chainErrors(entities, index: index)
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            throw RestmapError(.usage, diagnostics: diagnostics)
        }
        var (resolved, inheritanceWarnings) = CoreDataInheritance.resolve(entities, index: index)
        diagnostics += inheritanceWarnings
        for position in entities.indices {
            let ancestors = resolved[position].superentities.compactMap { index[$0].map { entities[$0] } }
            let (identification, warnings) = CoreDataIdentification.infer(
                for: entities[position], ancestors: ancestors,
                attributeNames: Set(resolved[position].attributeIndex.keys))
            resolved[position].identification = identification
            diagnostics += warnings
        }
        self.file = file
        self.entities = entities
        self.composites = composites
        self.entityIndex = index
        self.resolved = resolved
        self.warnings = diagnostics + Self.referenceWarnings(entities, index: index, resolved: resolved)
    }

    /// The entity with that name.
    func entity(named name: String) -> CoreDataEntity? {
        entityIndex[name].map { entities[$0] }
    }

    /// The composite with that name.
    func composite(named name: String) -> CoreDataComposite? {
        composites.first { $0.name == name }
    }

    /// Super-entity names of `entity`, nearest first; empty for a root or unknown entity.
    func superentities(of entity: String) -> [String] {
        entityIndex[entity].map { resolved[$0].superentities } ?? []
    }

    /// Whether `entity` is `ancestor` or inherits from it (an abstract destination accepts
    /// objects of its sub-entities).
    func entity(_ entity: String, isKindOf ancestor: String) -> Bool {
        entity == ancestor ? entityIndex[entity] != nil : superentities(of: entity).contains(ancestor)
    }

    /// All attributes of `entity`, inherited ones included: ancestors' first (root first),
    /// then its own; an own attribute redeclaring an inherited one takes its place.
    /// Empty for an unknown entity.
    func attributes(of entity: String) -> [CoreDataAttribute] {
        entityIndex[entity].map { resolved[$0].attributes } ?? []
    }

    /// All relationships of `entity`, inherited ones included, ordered like `attributes(of:)`.
    func relationships(of entity: String) -> [CoreDataRelationship] {
        entityIndex[entity].map { resolved[$0].relationships } ?? []
    }

    /// The attribute `name` of `entity`, possibly inherited.
    func attribute(named name: String, in entity: String) -> CoreDataAttribute? {
        guard let position = entityIndex[entity], let found = resolved[position].attributeIndex[name] else { return nil }
        return resolved[position].attributes[found]
    }

    /// The relationship `name` of `entity`, possibly inherited.
    func relationship(named name: String, in entity: String) -> CoreDataRelationship? {
        guard let position = entityIndex[entity], let found = resolved[position].relationshipIndex[name] else {
            return nil
        }
        return resolved[position].relationships[found]
    }

    /// The identification attributes inferred for `entity` (SPEC §1.2), with their source;
    /// nil when neither userInfo nor any conventional name applies, or the entity is unknown.
    func identification(for entity: String) -> CoreDataIdentification? {
        entityIndex[entity].flatMap { resolved[$0].identification }
    }

    /// The inferred identification attribute names of `entity`; empty when there are none.
    func inferredIdentificationAttributes(for entity: String) -> [String] {
        identification(for: entity)?.attributes ?? []
    }
}

extension CoreDataModel {
    /// Warnings for relationships whose destination or inverse does not exist and for
    /// uniqueness constraints naming unknown properties. Checked on the declaring entity only.
    private static func referenceWarnings(
        _ entities: [CoreDataEntity], index: [String: Int], resolved: [CoreDataResolvedEntity]
    ) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (position, entity) in entities.enumerated() {
            for relationship in entity.relationships {
                let label = "relationship '\(relationship.name)' of entity '\(entity.name)'"
                guard let destination = index[relationship.destinationEntity] else {
                    warnings.append(.warning(
                        .modelDanglingReference, "\(label) has destinationEntity '\(relationship.destinationEntity)', which is not an entity of the model",
                        at: relationship.location))
                    continue
                }
                guard let inverseName = relationship.inverseName else { continue }
                var holder = destination
                if let inverseEntity = relationship.inverseEntity {
                    guard let found = index[inverseEntity] else {
                        warnings.append(.warning(
                            .modelDanglingReference, "\(label) has inverseEntity '\(inverseEntity)', which is not an entity of the model",
                            at: relationship.location))
                        continue
                    }
                    holder = found
                }
                if resolved[holder].relationshipIndex[inverseName] == nil {
                    warnings.append(.warning(
                        .modelDanglingReference, "\(label) has inverse '\(inverseName)', which is not a relationship of entity '\(entities[holder].name)'",
                        at: relationship.location))
                }
            }
            for constraint in entity.uniquenessConstraints {
                for name in constraint
                where resolved[position].attributeIndex[name] == nil && resolved[position].relationshipIndex[name] == nil {
                    warnings.append(.warning(
                        .modelDanglingReference, "uniqueness constraint of entity '\(entity.name)' names '\(name)', which is not a property of the entity",
                        at: entity.location))
                }
            }
        }
        return warnings
    }
}
