import RestmapEngine

/// The store relates a relationship to one table (a foreign-key column or a join table
/// referencing the target's `_rowid`). A relationship whose `matchers` (the config
/// extension, SPEC §1.7) can choose several entities has no one table to reference: writing
/// it would file an `ImageBlock`'s row id as a `TextBlock`'s. `map --store` refuses such a
/// config before the store is opened, rather than damage the store.
enum PolymorphicRelationships {
    static func refuse(_ plans: MappingPlans) throws {
        var diagnostics: [Diagnostic] = []
        for plan in plans.entities {
            for relationship in plan.mapping.relationships where relationship.matchers != nil {
                let targets = relationship.targetNames
                guard targets != [relationship.target.value] else { continue }
                diagnostics.append(
                    .error(
                        .storePolymorphicRelationship,
                        "relationship '\(relationship.name)' of '\(plan.name)' can hold \(targets.map { "'\($0)'" }.joined(separator: ", ")) (its matchers choose), but a store relationship references one table; map it without --store",
                        at: relationship.location))
            }
        }
        guard diagnostics.isEmpty else { throw RestmapError(.usage, diagnostics: diagnostics) }
    }
}
