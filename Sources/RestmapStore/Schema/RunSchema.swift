import RestmapCore

/// The schema one run needs: every entity of the config (in config order), then the plain
/// classes that have objects in the run. A relationship's cardinality comes from the model
/// when it says; otherwise it is to-many when some object of the run holds an array there,
/// and undecided (`toMany` nil) when nothing says — the store keeps what it has, or makes
/// it to-one.
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
        var plainPlans: [EntityPlan] = []
        var plainNames: Set<String> = []
        let entityNames = Set(plans.entities.map(\.name))
        for object in graph.objects {
            let plan = object.plan
            if plan.isPlain || !entityNames.contains(plan.name), plainNames.insert(plan.name).inserted {
                plainPlans.append(plan)
            }
            for index in plan.mapping.relationships.indices {
                if case .many = object.relationship(index) {
                    seenMany.insert(plan.name + "\u{0}" + plan.mapping.relationships[index].name)
                }
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
