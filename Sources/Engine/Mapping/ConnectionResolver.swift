/// Makes the `fk_mapping` connections (SPEC §1.3) once every input of the run is mapped:
/// each object is connected to the target objects whose target attributes equal its source
/// attributes (all pairs). An array source connects every match, in the order of the
/// array. No match leaves the relationship unset. As RestKit's
/// RKRelationshipConnectionOperation does, a connection whose source attributes are all
/// null is skipped, and a compound source with some null parts is still evaluated, null
/// matching null (`ConnectionKeys`). A single-valued source on a to-many relationship
/// connects every match (`ConnectionPlan.isToMany`). Targets are looked up through hash
/// indexes built once per (entity, attributes), so the pass is linear in the number of
/// objects.
struct ConnectionResolver {
    init() {}

    func resolve(_ graph: ObjectGraph, observer: MappingObserver? = nil) {
        var indexes: [IndexKey: [String: [MappedObject]]] = [:]
        // The index each connection uses, by plan order and relationship position: looked up
        // once per connection, not hashed per object.
        var indexByConnection: [Int: [String: [MappedObject]]] = [:]

        /// The targets of `connection` by key: one index per (entity, attributes), found
        /// once per connection slot, not hashed per object.
        func targets(of connection: ConnectionPlan, in plan: EntityPlan) -> [String: [MappedObject]] {
            let slot = plan.order &* 4096 &+ connection.relationship
            if let cached = indexByConnection[slot] { return cached }
            let key = IndexKey(plan: ObjectIdentifier(connection.target), attributes: connection.targetIndices)
            if indexes[key] == nil {
                indexes[key] = Self.buildIndex(
                    graph.objects.filter { $0.plan === connection.target }, attributes: key.attributes)
            }
            let targets = indexes[key]!
            indexByConnection[slot] = targets
            return targets
        }

        for object in graph.objects {
            let plan = object.plan
            // By position, not `for connection in`: that copies the plan (its target and two
            // arrays retained) per object.
            for position in plan.connections.indices {
                if observer == nil && connectToIdentity(object, plan.connections[position], in: graph) { continue }
                let connection = plan.connections[position]
                let index = connection.relationship
                let sources: [Value?]
                if connection.sourceIndices.count == 1 {
                    // The common case, one attribute pair: no arrays built per object.
                    guard let source = object.attribute(connection.sourceIndices[0]) else { continue }
                    if source == .null {
                        object.setRelationship(index, .unset)
                        continue
                    }
                    if source.isScalar && observer == nil {
                        let matches = IdentityText.key(for: source).flatMap { targets(of: connection, in: plan)[$0] } ?? []
                        Self.connect(object, index, matches, toMany: connection.isToMany(arraySource: false))
                        continue
                    }
                    sources = [source]
                } else {
                    sources = connection.sourceIndices.map { object.attribute($0) }
                    // Never mapped: the relationship stays as it is.
                    guard sources.contains(where: { $0 != nil }) else { continue }
                    if sources.allSatisfy({ $0 == nil || $0 == .null }) {
                        object.setRelationship(index, .unset)
                        continue
                    }
                }
                let targets = targets(of: connection, in: plan)
                var matches: [MappedObject] = []
                let isArray: Bool
                if let arrayPosition = sources.firstIndex(where: { if case .array? = $0 { return true } else { return false } }),
                    case .array(let elements)? = sources[arrayPosition]
                {
                    isArray = true
                    var seen = Set<ObjectIdentifier>()
                    for element in elements {
                        var values = sources
                        values[arrayPosition] = element
                        guard let lookup = ConnectionKeys.key(values) else { continue }
                        for match in targets[lookup] ?? [] where seen.insert(ObjectIdentifier(match)).inserted {
                            matches.append(match)
                        }
                    }
                } else {
                    isArray = false
                    let lookup = sources.count == 1 ? sources[0].flatMap(IdentityText.key(for:)) : ConnectionKeys.key(sources)
                    matches = lookup.flatMap { targets[$0] } ?? []
                }
                if let observer {
                    observer.connectionTried(
                        object, relationship: index, matched: !matches.isEmpty, sourceDescription: Self.describe(sources))
                }
                Self.connect(object, index, matches, toMany: connection.isToMany(arraySource: isArray))
            }
        }
    }

    /// One attribute holding a scalar (or null) whose target is the target entity's primary
    /// key: the identity map is the index (one hash of the key, no index to build). False,
    /// touching nothing, for any other connection or source (arrays take the general path).
    private func connectToIdentity(_ object: MappedObject, _ connection: borrowing ConnectionPlan, in graph: ObjectGraph) -> Bool {
        guard connection.targetIsIdentity, connection.sourceIndices.count == 1,
            let source = object.attribute(connection.sourceIndices[0]), source.isScalar
        else { return false }
        // A null source, or no such target: unset, as the general path leaves it.
        let match = IdentityKey(source).flatMap { graph.existing(connection.target, identityKey: $0) }
        let toMany = connection.isToMany(arraySource: false)
        object.setRelationship(connection.relationship, match.map { toMany ? .many([$0]) : .one($0) } ?? .unset)
        return true
    }

    /// Sets the relationship to what was found: unset when nothing matched.
    private static func connect(_ object: MappedObject, _ index: Int, _ matches: [MappedObject], toMany: Bool) {
        if matches.isEmpty {
            object.setRelationship(index, .unset)
        } else if toMany {
            object.setRelationship(index, .many(matches))
        } else {
            object.setRelationship(index, .one(matches[0]))
        }
    }

    private struct IndexKey: Hashable {
        var plan: ObjectIdentifier
        var attributes: [Int]
    }

    private static func buildIndex(_ objects: [MappedObject], attributes: [Int]) -> [String: [MappedObject]] {
        var index: [String: [MappedObject]] = [:]
        for object in objects {
            guard let key = ConnectionKeys.key(attributes.map { object.attribute($0) }) else { continue }
            index[key, default: []].append(object)
        }
        return index
    }

    private static func describe(_ values: [Value?]) -> String {
        values.map { value -> String in
            switch value {
            case .string(let text)?: return "\"\(text)\""
            case .number(let text)?: return text
            case .bool(let flag)?: return flag ? "true" : "false"
            case .array(let elements)?: return "[" + elements.map { describe([$0]) }.joined(separator: ", ") + "]"
            case .null?, nil: return "null"
            case .object?: return "{…}"
            }
        }.joined(separator: ", ")
    }
}
