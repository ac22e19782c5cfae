import RestmapEngine

/// How a load fed in batches decides a relationship's cardinality the way one run over all
/// its objects does (RunSchema: to-many as soon as some object holds an array there), when
/// each batch shows only part of the run:
/// - a relationship this load decided to-one that a later batch shows to-many is upgraded
///   (`SchemaMigration.upgradeToMany`): its targets move to a join table, as if decided so;
/// - single objects in a batch for a relationship stored to-many go in as one-element lists,
///   and whether they contradict a store that held it to-many before the load is judged at
///   the commit, over the whole run (`check`).
/// A model's declared cardinality is not evidence and is left to the migration.
struct RunCardinality {
    private struct Key: Hashable {
        var entity: String
        var relationship: String
    }

    /// Relationships decided when the load began (true: to-many).
    private let decidedBefore: [Key: Bool]
    private var showedMany: Set<Key> = []
    private var showedOne: Set<Key> = []

    init(stored: StoreSchema) {
        var decided: [Key: Bool] = [:]
        for entity in stored.entities {
            for relationship in entity.relationships where relationship.isDecided {
                decided[Key(entity: entity.name, relationship: relationship.name)] = relationship.toMany
            }
        }
        decidedBefore = decided
    }

    /// Takes in what one batch shows (`run`), leaving in it only what the stored schema can
    /// take; returns the relationships to upgrade to to-many before the batch is migrated.
    mutating func reconcile(_ run: inout RunSchema, stored: StoreSchema) -> [(entity: String, relationship: String)] {
        var upgrades: [(entity: String, relationship: String)] = []
        for entityIndex in run.entities.indices {
            let name = run.entities[entityIndex].name
            guard let storedEntity = stored.entity(named: name) else { continue }
            for index in run.entities[entityIndex].relationships.indices {
                let relationship = run.entities[entityIndex].relationships[index]
                guard !relationship.declared, let toMany = relationship.toMany,
                    let existing = storedEntity.relationship(named: relationship.name), existing.isDecided,
                    existing.target == relationship.target
                else { continue }
                let key = Key(entity: name, relationship: relationship.name)
                if toMany { showedMany.insert(key) } else { showedOne.insert(key) }
                if toMany && !existing.toMany && decidedBefore[key] == nil {
                    upgrades.append((name, relationship.name))
                } else if !toMany && existing.toMany {
                    run.entities[entityIndex].relationships[index].toMany = nil
                }
            }
        }
        return upgrades
    }

    /// At the commit: single objects where the store held a to-many before the load
    /// contradict it, unless some object of the run held an array there too.
    func check() throws {
        for key in showedOne.subtracting(showedMany) where decidedBefore[key] == true {
            throw SchemaMigration.cardinalityConflict(key.entity, key.relationship, storedToMany: true, declared: false)
        }
    }
}
