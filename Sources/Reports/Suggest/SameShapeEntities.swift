/// Entities whose objects carry the same keys are one entity: an issue's `assignee` and
/// `user` objects and the objects of `/users` are all users, and a config that maps them as
/// `Assignee`, `User` and `User` again would keep three identity maps for one kind of
/// object. Two entities are one shape when they have the same attribute and relationship
/// keys (at least two, one of them an identifier), so that a coincidence of one or two
/// generic keys does not merge unrelated objects.
enum SameShapeEntities {
    struct Merge: Equatable {
        var kept: String
        var merged: [String]
    }

    /// The entities with each shape's entities merged into one, the name kept being the
    /// first that a path mapping names (in `preferred` order), else the first seen; the
    /// relationships that pointed at a merged entity point at the kept one.
    static func merge(_ entities: [EntitySketch], preferred: [String]) -> (entities: [EntitySketch], merges: [Merge]) {
        var groups: [[String]: [Int]] = [:]
        var order: [[String]] = []
        for (index, entity) in entities.enumerated() {
            let keys = entity.attributes.map(\.key) + entity.relationships.map { "\u{0}" + $0.key }
            guard keys.count >= 2, entity.primaryKey != nil else { continue }
            let shape = keys.sorted()
            if groups[shape] == nil { order.append(shape) }
            groups[shape, default: []].append(index)
        }
        var renamed: [String: String] = [:]
        var merges: [Merge] = []
        var result = entities
        var removed = Set<Int>()
        for shape in order {
            guard let members = groups[shape], members.count > 1 else { continue }
            let keep = preferred.lazy.compactMap { name in members.first { entities[$0].name == name } }.first ?? members[0]
            var kept = entities[keep]
            for member in members where member != keep {
                kept = union(kept, entities[member])
                renamed[entities[member].name] = kept.name
                removed.insert(member)
            }
            result[keep] = kept
            merges.append(Merge(kept: kept.name, merged: members.filter { $0 != keep }.map { entities[$0].name }))
        }
        result = result.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        for index in result.indices {
            for relationship in result[index].relationships.indices {
                if let target = renamed[result[index].relationships[relationship].target] {
                    result[index].relationships[relationship].target = target
                }
            }
        }
        return (result, merges)
    }

    /// `kept` with what `other`'s values said: a type both agree on stays, any
    /// disagreement leaves it untyped; a relationship is to-many if either saw an array.
    private static func union(_ kept: EntitySketch, _ other: EntitySketch) -> EntitySketch {
        var union = kept
        for index in union.attributes.indices {
            guard let theirs = other.attributes.first(where: { $0.key == union.attributes[index].key }) else { continue }
            if union.attributes[index].type != theirs.type {
                let numbers: Set<String?> = ["integer", "decimal"]
                union.attributes[index].type = numbers.contains(union.attributes[index].type) && numbers.contains(theirs.type) ? "decimal" : nil
            }
        }
        for index in union.relationships.indices {
            if other.relationships.contains(where: { $0.key == union.relationships[index].key && $0.toMany }) {
                union.relationships[index].toMany = true
            }
        }
        return union
    }
}
