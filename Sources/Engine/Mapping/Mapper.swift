/// Maps payload representations into objects, the way RestKit's mapping operation does
/// (SPEC §1.1–1.3): attributes by key path with value mappings and type conversion,
/// identity by primary keys (update-else-create), nested relationships recursively.
/// Connections (`fk_mapping`) are made later, by `ConnectionResolver`, once every input
/// of the run is mapped.
final class Mapper {
    let plans: MappingPlans
    private(set) var graph: ObjectGraph
    let log: DiagnosticLog
    /// Told about every read and decision, for `validate`'s findings and coverage.
    var observer: MappingObserver?
    let converter: ValueConverter
    /// Deeper relationship nesting than this is refused (payload depth already bounds it;
    /// this protects the stack).
    static let maxNesting = 2_000
    /// Whether some relationship was left unmapped for nesting too deep: the run's result is
    /// then incomplete, and a run must not pass as whole when it is not.
    private(set) var exceededNesting = false
    /// The attribute values of the representation being read, before they go into its object:
    /// one buffer for the run, lent to each representation in turn (nested ones are read once
    /// their parent's values are stored), so reading allocates nothing.
    private var valueBuffer: [Value?] = []

    init(plans: MappingPlans, log: DiagnosticLog, converter: ValueConverter = ValueConverter()) {
        self.plans = plans
        self.graph = ObjectGraph()
        self.log = log
        self.converter = converter
    }

    /// Starts a fresh identity map (streaming mode maps each payload on its own).
    func resetGraph() {
        graph.removeAll()
    }

    /// The objects mapped so far, handed to another thread; mapping goes on into a new graph.
    func detachGraph() -> ObjectGraph {
        defer { graph = ObjectGraph() }
        return graph
    }

    /// Maps one representation with `plan`. Returns nil when the representation carries no
    /// value for any of the mapping's attributes or relationships (RestKit drops those).
    @discardableResult
    func map(_ representation: Value, with plan: EntityPlan, origin: Origin) -> MappedObject? {
        map(representation, with: plan, origin: origin, nesting: 0)
    }

    func map(_ representation: Value, with plan: EntityPlan, origin: Origin, nesting: Int) -> MappedObject? {
        if plan.isKeyed, let keyed = KeyedRepresentation.prepared(representation) {
            // `{key: value}`: map `value`, located under its key (KeyedRepresentation).
            return mapRepresentation(keyed.representation, with: plan, origin: origin.appending(keyed.key), nesting: nesting)
        }
        // Passed on as it is: a copy of the origin would retain each of its fields.
        return mapRepresentation(representation, with: plan, origin: origin, nesting: nesting)
    }

    private func mapRepresentation(_ representation: Value, with plan: EntityPlan, origin: Origin, nesting: Int) -> MappedObject? {
        var knownMissingKey: IdentityKey?
        // The primary key read and converted by `existingObject` (plans with a one-attribute
        // key): its attribute is not read and converted a second time below.
        var keyIndex = -1
        var keyValue = Value.null
        if observer == nil, plan.hasIdentity {
            let (key, found, converted) = existingObject(for: representation, plan: plan, origin: origin)
            knownMissingKey = found == nil ? key : nil
            if let converted {
                keyIndex = plan.primaryKeyIndices[0]
                keyValue = converted
            }
            if let existing = found {
            // The same object again (a department nested in every employee): update it in
            // place without building a fresh value array.
            var failures: [(attribute: Int, message: String, pointer: String?)] = []
            for index in 0..<plan.attributeSources.count {
                if index == keyIndex {
                    existing.setAttribute(index, keyValue)
                    continue
                }
                guard let read = read(plan.attributeSources[index], in: representation, origin: origin, hint: plan.readHints.attribute(index)) else {
                    if plan.setNilForMissingAttributes { existing.setAttribute(index, .null) }
                    continue
                }
                if plan.types[index] == nil && plan.valueMappings[index] == nil {
                    existing.setAttribute(index, read.value)
                } else if let value = transform(
                    read.value, plan: plan, index: index, origin: origin, pointer: read.pointer, failures: &failures)
                {
                    existing.setAttribute(index, value)
                }
            }
            reportFailures(failures, of: existing, origin: origin)
            mapRelationships(of: existing, from: representation, plan: plan, origin: origin, nesting: nesting)
            return existing
            }
        }
        // Read and convert every attribute first: identity needs the key values, and an
        // object is only created when something maps.
        let attributeCount = plan.attributeSources.count
        var values = valueBuffer
        valueBuffer = []
        for _ in 0..<attributeCount { values.append(nil) }
        var failures: [(attribute: Int, message: String, pointer: String?)] = []
        var anythingFound = false
        for index in 0..<attributeCount {
            if index == keyIndex {  // (only without an observer: see above)
                values[index] = keyValue
                anythingFound = true
                continue
            }
            guard let read = read(plan.attributeSources[index], in: representation, origin: origin, hint: plan.readHints.attribute(index)) else {
                observer?.attributeRead(plan: plan, index: index, found: false, pointer: nil, origin: origin)
                if plan.setNilForMissingAttributes { values[index] = .null }
                continue
            }
            anythingFound = true
            observer?.attributeRead(plan: plan, index: index, found: true, pointer: read.pointer, origin: origin)
            if plan.types[index] == nil && plan.valueMappings[index] == nil {
                values[index] = read.value
            } else {
                values[index] = transform(
                    read.value, plan: plan, index: index, origin: origin, pointer: read.pointer, failures: &failures)
            }
        }
        if !anythingFound {
            anythingFound = plan.nestedRelationshipIndices.contains { index in
                read(plan.relationshipSources[index], in: representation, origin: origin, hint: plan.readHints.relationship(index)) != nil
            }
        }
        guard anythingFound else {
            values.removeAllKeepingStorage()
            valueBuffer = values
            return nil
        }

        // A key `existingObject` looked up in vain is this one: it read and converted the same
        // attributes the same way.
        let identityKey = knownMissingKey ?? (plan.hasIdentity ? Self.identityKey(of: plan, values: values) : nil)
        // (The graph, held by the mapper throughout, without a reference counted for the call.)
        let (object, isNew) = Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef { graph in
            knownMissingKey != nil
                ? (graph.insert(plan, identityKey: identityKey), true)
                : graph.object(for: plan, identityKey: identityKey)
        }
        if !isNew { observer?.objectMergedAgain(object, values: values, origin: origin) }
        for index in 0..<attributeCount where values[index] != nil {
            object.setAttribute(index, values[index].take())
        }
        if plan.hasIdentity && identityKey == nil {
            observer?.missingPrimaryKey(object, origin: origin)
        }
        // The buffer goes back before the relationships are mapped, which borrow it in turn.
        values.removeAllKeepingStorage()
        valueBuffer = values
        observer?.objectMapped(object, isNew: isNew, origin: origin)
        reportFailures(failures, of: object, origin: origin)
        mapRelationships(of: object, from: representation, plan: plan, origin: origin, nesting: nesting)
        return object
    }

    /// Warns about values that could not be converted, naming the object (`Article/103`).
    private func reportFailures(
        _ failures: [(attribute: Int, message: String, pointer: String?)], of object: MappedObject, origin: Origin
    ) {
        for failure in failures {
            let attribute = object.plan.mapping.attributes[failure.attribute].destination
            log.warning(.conversionFailed, "\(object.id): \(attribute) not set: \(failure.message)", at: origin.location(failure.pointer))
        }
    }

    /// Maps the nested relationships of `object` from its representation.
    private func mapRelationships(
        of object: MappedObject, from representation: Value, plan: EntityPlan, origin: Origin, nesting: Int
    ) {
        for index in plan.nestedRelationshipIndices {
            guard plan.targets[index] != nil || plan.hasMatchers(relationship: index) else { continue }
            guard let (sourceValue, pointer) = read(plan.relationshipSources[index], in: representation, origin: origin, hint: plan.readHints.relationship(index))
            else {
                observer?.relationshipRead(plan: plan, index: index, found: false, origin: origin)
                if plan.setNilForMissingRelationships {
                    object.setRelationship(index, plan.cardinalities[index] == .toMany ? .many([]) : .null)
                }
                continue
            }
            observer?.relationshipRead(plan: plan, index: index, found: true, origin: origin)
            // The scope that is `@parent` to the related objects.
            let parentScope = origin.scope?.parent(forRelationshipAt: plan.relationshipSources[index])
            if pointer == nil && origin.pointer == nil && parentScope == nil {
                // Nothing to change (no locations, no scopes): the origin as it is, not a copy.
                mapRelationship(index, of: object, from: sourceValue, plan: plan, origin: origin, nestedOrigin: origin, parentScope: nil, nesting: nesting)
            } else {
                var nestedOrigin = origin
                nestedOrigin.pointer = pointer
                nestedOrigin.scope = parentScope?.nested(sourceValue, collectionIndex: .null)
                mapRelationship(index, of: object, from: sourceValue, plan: plan, origin: origin, nestedOrigin: nestedOrigin, parentScope: parentScope, nesting: nesting)
            }
        }
    }

    /// Maps the relationship at `index` from its source value, found where `nestedOrigin` says.
    private func mapRelationship(
        _ index: Int, of object: MappedObject, from sourceValue: Value, plan: EntityPlan, origin: Origin,
        nestedOrigin: Origin, parentScope: MappingScope?, nesting: Int
    ) {
        let cardinality = plan.cardinalities[index]
        let targetName = plan.targets[index]?.name ?? plan.mapping.relationships[index].target.value
        let pointer = nestedOrigin.pointer
        guard nesting < Self.maxNesting else {
            exceededNesting = true
            log.error(
                .relationshipsTooDeep, "relationships nest deeper than \(Self.maxNesting) levels; '\(plan.relationshipNames[index])' is not mapped",
                at: origin.location(pointer))
            return
        }
        if let keyed = plan.keyedElements(sourceValue, relationship: index) {
            // A dictionary keyed by id: one object per key (force_collection_mapping).
            let related = keyed.compactMap { element in
                mapRelated(element, relationship: index, of: plan, origin: nestedOrigin, nesting: nesting + 1)
            }
            object.setRelationship(index, .many(related))
            return
        }
        var value = sourceValue
        if cardinality == .toMany, case .object = value {
            // The model says to-many: a lone object is a collection of one (as RestKit does).
            value = .array([value])
        }
        if cardinality == .toOne, case .array = value {
            let relationship = plan.mapping.relationships[index]
            log.warning(
                .toOneGivenArray, "'\(relationship.source.text)' of \(plan.name) is an array, but '\(relationship.name)' is to-one in the model; not mapped",
                at: nestedOrigin.location())
            return
        }
        switch value {
        case .null:
            // RestKit assigns an empty collection to a to-many relationship (SPEC §1.3).
            object.setRelationship(index, cardinality == .toMany ? .many([]) : .null)
        case .object:
            // The empty source key maps the parent's own representation.
            if let related = mapRelated(value, relationship: index, of: plan, origin: nestedOrigin, nesting: nesting + 1) {
                object.setRelationship(index, .one(related))
            }
        case .array(let elements):
            var related: [MappedObject] = []
            related.reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() {
                var elementOrigin = nestedOrigin.appending(position)
                elementOrigin.scope = parentScope?.nested(element, collectionIndex: .number(String(position)))
                switch element {
                case .null:
                    continue
                case .object:
                    if let child = mapRelated(element, relationship: index, of: plan, origin: elementOrigin, nesting: nesting + 1) {
                        related.append(child)
                    }
                default:
                    if let child = mapRelated(element, relationship: index, of: plan, origin: elementOrigin, nesting: nesting + 1) {
                        related.append(child)
                    } else {
                        log.warning(
                            .relationshipElementNotObject, "'\(plan.relationshipNames[index])' of \(plan.name) holds \(element.kindName) elements, not objects of \(targetName); skipped",
                            at: elementOrigin.location())
                    }
                }
            }
            object.setRelationship(index, .many(related))
        case .string, .number, .bool:
            if let related = mapRelated(value, relationship: index, of: plan, origin: nestedOrigin, nesting: nesting + 1) {
                object.setRelationship(index, .one(related))
            } else {
                let relationship = plan.mapping.relationships[index]
                log.warning(
                    .relationshipValueNotObject, "'\(relationship.source.text)' of \(plan.name) is \(value.kindName == "number" ? "a number" : "a \(value.kindName)"), not an object or array of \(targetName); relationship '\(relationship.name)' is not mapped",
                    at: nestedOrigin.location())
            }
        }
    }

    /// Reads a key path, with the pointer of what was read when locations are tracked.
    func read(_ segments: [KeyPath.Segment], in representation: Value, origin: Origin, hint: UnsafeMutablePointer<Int>)
        -> (value: Value, pointer: String?)?
    {
        if let scope = origin.scope, case .key(let name, _)? = segments.first, name.utf8.first == UInt8(ascii: "@"),
            PseudoKey(rawValue: name) != nil
        {
            return scope.value(at: segments[...]).map { ($0, nil) }
        }
        if let pointer = origin.pointer {
            return KeyValueCoding.locatedValue(at: segments, in: representation, pointer: pointer)
        }
        guard let value = KeyValueCoding.evaluate(segments, representation, hint: hint) else { return nil }
        return (value, nil)
    }

    /// Value mapping, then type conversion; a value that cannot be converted is not
    /// assigned (nil). `validate` hears of it through the observer; `map` warns (collected
    /// in `failures` until the object exists and can be named).
    func transform(
        _ value: Value, plan: EntityPlan, index: Int, origin: Origin, pointer: String?,
        failures: inout [(attribute: Int, message: String, pointer: String?)]
    ) -> Value? {
        var value = value
        if let table = plan.valueMappings[index] { value = table.map(value) }
        guard let type = plan.types[index] else { return value }
        switch converter.convert(value, to: type) {
        case .converted(let converted):
            return converted
        case .failed(let failure):
            if let observer {
                observer.conversionFailed(
                    plan: plan, index: index, value: value, type: type, reason: failure.description, pointer: pointer,
                    origin: origin)
            } else {
                failures.append((index, failure.description, pointer))
            }
            return nil
        }
    }
}
