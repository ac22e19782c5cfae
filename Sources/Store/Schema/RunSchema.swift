import RestmapEngine

/// The schema one run needs: every entity of the config (in config order), then the plain
/// classes that have objects in the run. A relationship's cardinality comes from the model
/// when it says; otherwise from the run's objects: to-many when some object holds an array
/// there (or an array connection source), to-one when objects hold single objects. When
/// nothing says (`toMany` nil) the store keeps what it has, or leaves the relationship out
/// until a run decides it.
struct RunSchema {
    struct Relationship {
        var name: String
        var target: String
        var toMany: Bool?
        /// True when the model declares the cardinality (a contradiction is then an error
        /// even when no object of this run shows it).
        var declared: Bool
    }

    struct Entity {
        var name: String
        var attributes: [StoredAttribute]
        var primaryKey: [String]
        var relationships: [Relationship]
    }

    var entities: [Entity] = []

    init(plans: MappingPlans, graph: ObjectGraph) {
        var seenMany: Set<String> = []
        var seenOne: Set<String> = []
        var plainPlans: [EntityPlan] = []
        var plainNames: Set<String> = []
        let entityNames = Set(plans.entities.map(\.name))
        // What the objects show, per plan (by its dense `order`) and relationship: bit 1 an
        // array, bit 2 a single value. Kept in flat arrays, not keyed by name per object:
        // a store run walks every object of the graph here.
        var shown: [[UInt8]] = []
        var sourceIndices: [[[Int?]]] = []
        var plansByOrder: [EntityPlan?] = []
        for object in graph.objects {
            let plan = object.plan
            if plan.isPlain || !entityNames.contains(plan.name), plainNames.insert(plan.name).inserted {
                plainPlans.append(plan)
            }
            let relationships = plan.mapping.relationships
            guard !relationships.isEmpty else { continue }
            if plan.order >= shown.count {
                shown += [[UInt8]](repeating: [], count: plan.order + 1 - shown.count)
                sourceIndices += [[[Int?]]](repeating: [], count: plan.order + 1 - sourceIndices.count)
                plansByOrder += [EntityPlan?](repeating: nil, count: plan.order + 1 - plansByOrder.count)
            }
            if shown[plan.order].isEmpty {
                plansByOrder[plan.order] = plan
                shown[plan.order] = [UInt8](filledWith: 0, count: relationships.count)
                sourceIndices[plan.order] = relationships.map { relationship in
                    (relationship.connection ?? []).map { plan.attributeIndex[$0.sourceAttribute.value] }
                }
            }
            for index in relationships.indices {
                if relationships[index].connection != nil {
                    // The source decides (SPEC §1.3), as it does for the mapper: an array is
                    // to-many, matched or not; a single value is to-many when several targets
                    // may share it (target attributes that are not the target's key).
                    for position in sourceIndices[plan.order][index] {
                        switch position.flatMap(object.attribute) {
                        case .array?: shown[plan.order][index] |= 1
                        case nil, .null?: break
                        default: shown[plan.order][index] |= plan.connectionIsToMany(relationship: index, arraySource: false) == true ? 1 : 2
                        }
                    }
                } else {
                    switch object.relationship(index) {
                    case .many: shown[plan.order][index] |= 1
                    case .one: shown[plan.order][index] |= 2
                    case .unset, .null: break
                    }
                }
            }
        }
        for order in shown.indices {
            guard let plan = plansByOrder[order] else { continue }
            for (index, relationship) in plan.mapping.relationships.enumerated() {
                let key = plan.name + "\u{0}" + relationship.name
                if shown[order][index] & 1 != 0 { seenMany.insert(key) }
                if shown[order][index] & 2 != 0 { seenOne.insert(key) }
            }
        }
        for plan in plans.entities + plainPlans {
            let mapping = plan.mapping
            var names: Set<String> = []
            var attributes: [StoredAttribute] = []
            for attribute in mapping.attributes where names.insert(attribute.destination).inserted {
                attributes.append(StoredAttribute(name: attribute.destination, type: mapping.attributeTypes[attribute.destination]))
            }
            let relationships = mapping.relationships.map { relationship -> Relationship in
                var toMany: Bool?
                if let cardinality = relationship.cardinality {
                    toMany = cardinality == .toMany
                } else if seenMany.contains(plan.name + "\u{0}" + relationship.name) {
                    toMany = true
                } else if seenOne.contains(plan.name + "\u{0}" + relationship.name) {
                    toMany = false
                }
                return Relationship(
                    name: relationship.name, target: relationship.target.value, toMany: toMany,
                    declared: relationship.cardinality != nil)
            }
            let primaryKey = plan.hasIdentity ? mapping.primaryKeys.map(\.value) : []
            entities.append(Entity(name: plan.name, attributes: attributes, primaryKey: primaryKey, relationships: relationships))
        }
    }
}
