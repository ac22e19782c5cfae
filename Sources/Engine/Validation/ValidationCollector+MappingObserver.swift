/// What the mapper tells the collector while it maps (`MappingObserver`): which config
/// entries a representation exercised, and what went wrong where, as findings.
extension ValidationCollector: MappingObserver {
    func pathMappingApplied(_ mapping: PathMapping, containerFound: Bool, origin: Mapper.Origin) {
        if containerFound {
            coverage?.record(.pathMapping(mapping.index))
            return
        }
        let keyPath = mapping.keyPath?.value ?? KeyPath("")
        let name = "path_mappings.\(mapping.index)"
        var message: String
        var pointer = origin.pointer
        if keyPath.isSelf {
            message = "the payload is null; \(name) ('\(mapping.uri.value.text)') maps the root"
        } else {
            message = "key path '\(keyPath.text)' of \(name) ('\(mapping.uri.value.text)') "
            let root = origin.pointer.flatMap { PayloadPointer.value(at: $0, in: document) } ?? document
            let located = origin.pointer.flatMap { KeyValueCoding.locatedValue(at: keyPath, in: root, pointer: $0) }
            switch located?.value {
            case nil:
                message += "is absent from the payload"
                if case .object(let object) = root, case .key(let first, _)? = keyPath.segments.first, object[first] == nil {
                    message += Suggestions.hint(for: first, among: object.keys)
                    if Suggestions.closest(to: first, among: object.keys) == nil, !object.isEmpty {
                        message += "; the payload has \(object.keys.prefix(8).joined(separator: ", "))"
                        if object.count > 8 { message += ", …" }
                    }
                }
            case .null?:
                message += "is null in the payload"
                pointer = located?.pointer ?? pointer
            default:
                message += "holds no element with a value in the payload"
                pointer = located?.pointer ?? pointer
            }
        }
        let config =
            mapping.keyPath.map { ValidationFinding.ConfigEntry("\(name).key_path", at: $0.location) }
            ?? ValidationFinding.ConfigEntry(name, at: mapping.location)
        add(
            ValidationFinding(
                .keyPathAbsent, .warning, message, at: location(pointer, origin: origin), pointer: pointer, config: config))
    }

    func matcherTook(pathIndex: Int, matcherIndex: Int, origin: Mapper.Origin) {
        coverage?.record(.matcher(path: pathIndex, matcher: matcherIndex))
        // The keys the entry's matchers compare are read by the config.
        guard let entry = pathMappings[pathIndex], let pointer = origin.pointer, let element = value(at: pointer) else {
            return
        }
        for matcher in entry.matchers {
            guard case .keyed(let keyPath, _, _) = matcher.kind else { continue }
            var places: [String] = []
            PayloadPointer.placesRead(by: keyPath.segments[...], in: element, at: pointer, into: &places)
            for place in places { consume(place) }
        }
    }

    func representationUnmatched(pathIndex: Int, origin: Mapper.Origin) {
        guard let entry = pathMappings[pathIndex] else { return }
        let element = origin.pointer.flatMap { value(at: $0) }
        var message = "no matcher of path_mappings.\(pathIndex) ('\(entry.uri.value.text)') takes this \(element?.kindName ?? "object")"
        if let element {
            var order: [KeyPath] = []
            var expected: [KeyPath: [String]] = [:]
            for matcher in entry.matchers {
                guard case .keyed(let keyPath, let value, _) = matcher.kind else { continue }
                if expected[keyPath] == nil { order.append(keyPath) }
                expected[keyPath, default: []].append(ConversionFailure.describe(value))
            }
            let parts = order.map { keyPath -> String in
                let actual = KeyValueCoding.value(at: keyPath, in: element).map(ConversionFailure.describe) ?? "absent"
                return "\(keyPath.text) is \(actual), expected \(expected[keyPath]!.joined(separator: " or "))"
            }
            if !parts.isEmpty { message += ": " + parts.joined(separator: "; ") }
        }
        let config = entry.matchers.first.map {
            ValidationFinding.ConfigEntry("path_mappings.\(pathIndex).matchers", at: $0.location)
        }
        add(
            ValidationFinding(
                .unmatchedObject, .warning, message, at: location(origin.pointer, origin: origin), pointer: origin.pointer,
                config: config))
    }

    func representationUnmappable(entity: String, origin: Mapper.Origin) {
        let plan = pendingPlan?.name == entity && pendingPointer == origin.pointer ? pendingPlan : plans.entity(named: entity)
        var message = "this object carries none of the key paths \(entity) maps"
        if let plan {
            let sources = plan.mapping.attributes.map { CoverageTracker.keyName($0.source.text) }
                + plan.nestedRelationshipIndices.map { CoverageTracker.keyName(plan.mapping.relationships[$0].source.text) }
            if !sources.isEmpty {
                message += " (\(sources.prefix(6).joined(separator: ", "))\(sources.count > 6 ? ", …" : ""))"
            }
        }
        message += "; nothing is mapped from it"
        add(
            ValidationFinding(
                .unmappedObject, .warning, message, at: location(origin.pointer, origin: origin), pointer: origin.pointer,
                config: plan.flatMap { planEntries[ObjectIdentifier($0)] }))
        if let pointer = origin.pointer { skipped.insert(locations.place(of: pointer)) }
        resetPending()
    }

    func attributeRead(plan: EntityPlan, index: Int, found: Bool, pointer: String?, origin: Mapper.Origin) {
        if index == 0 || pendingPlan !== plan || pendingPointer != origin.pointer {
            resetPending()
            pendingPlan = plan
            pendingPointer = origin.pointer
        }
        pendingReads.append(Read(index: index, found: found, pointer: pointer))
        guard found else { return }
        coverage?.record(.attribute(ObjectIdentifier(plan), index))
        if let pointer {
            consume(pointer)
        } else if let base = origin.pointer, let representation = value(at: base) {
            // A fan-out over an array or a collection operator: every place it looked at.
            var places: [String] = []
            PayloadPointer.placesRead(
                by: plan.mapping.attributes[index].source.segments[...], in: representation, at: base, into: &places)
            for place in places { consume(place) }
        }
    }

    func relationshipRead(plan: EntityPlan, index: Int, found: Bool, origin: Mapper.Origin) {
        guard found else { return }
        coverage?.record(.relationship(ObjectIdentifier(plan), index))
        guard let base = origin.pointer, let representation = value(at: base) else { return }
        let source = plan.mapping.relationships[index].source
        guard let read = KeyValueCoding.locatedValue(at: source, in: representation, pointer: base) else { return }
        guard let pointer = read.pointer else {
            var places: [String] = []
            PayloadPointer.placesRead(by: source.segments[...], in: representation, at: base, into: &places)
            for place in places { consume(place) }
            return
        }
        if read.value.isScalar { consume(pointer) } else { markVisited(pointer) }
    }

    func conversionFailed(
        plan: EntityPlan, index: Int, value: Value, type: AttributeType, reason: String, pointer: String?,
        origin: Mapper.Origin
    ) {
        let attribute = plan.mapping.attributes[index]
        pendingFailures.append(
            ValidationFinding(
                .conversionFailed, .error, "\(attribute.destination) not set: \(reason)",
                at: location(pointer ?? origin.pointer, origin: origin), pointer: pointer ?? origin.pointer,
                config: attributeEntry(plan, index)))
    }

    func objectMapped(_ object: MappedObject, isNew: Bool, origin: Mapper.Origin) {
        let id = ObjectIdentifier(object)
        let wanted = siteMask(object.plan)
        if pendingPlan === object.plan && pendingPointer == origin.pointer && wanted.attributes.contains(true) {
            for read in pendingReads where read.found && wanted.attributes[read.index] {
                sites.setAttribute(read.index, of: id, Site(
                    sample: sample, location: location(read.pointer ?? origin.pointer, origin: origin),
                    pointer: read.pointer ?? origin.pointer))
            }
        }
        if wanted.object {
            sites.setObject(id, Site(sample: sample, location: location(origin.pointer, origin: origin), pointer: origin.pointer))
        }
        if let pointer = origin.pointer {
            markVisited(pointer)
            let place = locations.place(of: pointer)
            if representationPlans[place] == nil { representationPlans[place] = object.plan }
        }
        if pendingMissingKey == id { reportMissingKey(object, origin: origin) }
        for var failure in pendingFailures {
            failure.message = "\(object.id): " + failure.message
            add(failure)
        }
        pendingFailures.removeAll()
        resetPending()
    }

    func objectMergedAgain(_ object: MappedObject, values: [Value?], origin: Mapper.Origin) {
        let reads = pendingPlan === object.plan && pendingPointer == origin.pointer ? pendingReads : []
        var differences: [(index: Int, new: Value, old: Value)] = []
        for (index, value) in values.enumerated() {
            guard let new = value, let old = object.attribute(index) else { continue }
            // set_nil_for_missing_attributes nulls what the representation lacks: not a value it gives.
            if let read = reads.first(where: { $0.index == index }), !read.found { continue }
            if !LooseEquality.matches(new, old) { differences.append((index, new, old)) }
        }
        guard let first = differences.first else { return }
        let attributes = object.plan.mapping.attributes
        let listed = differences.map {
            "\(attributes[$0.index].destination) \(ConversionFailure.describe($0.new)) (earlier \(ConversionFailure.describe($0.old)))"
        }
        let pointer = reads.first(where: { $0.index == first.index })?.pointer ?? origin.pointer
        var related: [Diagnostic.RelatedLocation] = []
        if let earlier = sites.attribute(first.index, of: ObjectIdentifier(object)) {
            related.append(.init("the earlier value of \(attributes[first.index].destination) is here", at: earlier.location))
        }
        add(
            ValidationFinding(
                .conflictingDuplicate, .warning,
                "\(object.id) is mapped again with different values: \(listed.joined(separator: ", "))",
                at: location(pointer, origin: origin), pointer: pointer, config: primaryKeyEntry(object.plan),
                related: related))
    }

    func missingPrimaryKey(_ object: MappedObject, origin: Mapper.Origin) {
        // Reported once the object holds its values (objectMapped), to tell absent from null.
        pendingMissingKey = ObjectIdentifier(object)
    }

    func connectionTried(_ object: MappedObject, relationship: Int, matched: Bool, sourceDescription: String) {
        coverage?.record(.relationship(ObjectIdentifier(object.plan), relationship))
        guard !matched else { return }
        let mapping = object.plan.mapping.relationships[relationship]
        guard let pairs = mapping.connection else { return }
        let sources = pairs.map { pair in object.plan.attributeIndex[pair.sourceAttribute.value].flatMap { object.attribute($0) } }
        let targets = pairs.map(\.targetAttribute.value)
        let isArray = sources.contains { if case .array? = $0 { return true } else { return false } }
        let attributeText = targets.count == 1 ? targets[0] : "(\(targets.joined(separator: ", ")))"
        let valueText = sources.count == 1 ? sourceDescription : "(\(sourceDescription))"
        let message =
            "connection '\(mapping.name)' of \(object.id) finds no \(mapping.target.value) with \(attributeText) \(isArray ? "in" : "=") \(valueText); it is left unset"
        reportConnection(object, pairs: pairs, code: .unresolvedConnection, severity: .warning, message: message, relationship: mapping)
    }
}
