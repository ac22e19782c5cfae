/// Maps a payload through the path mappings that serve its request path: finds each
/// entry's container at its key path, picks a mapping for every object there with the
/// entry's matchers, and maps it. Also the direct `--entity` mode and error payloads.
final class PayloadMapper {
    let mapper: Mapper
    var plans: MappingPlans { mapper.plans }
    var log: DiagnosticLog { mapper.log }

    /// `--shard I/K`: the share of root representations this process maps; nil maps all.
    var shard: ShardSelector?
    /// Root representations `shard` gave to other processes so far.
    private(set) var dealtElsewhere = 0

    init(mapper: Mapper) {
        self.mapper = mapper
    }

    /// Whether this process maps `representation` as a root object of `plan`: always, unless
    /// `--shard` gives its identity to another shard. The one place a shard's share is decided,
    /// for streamed elements, whole documents, NDJSON lines and XML alike.
    func takesRoot(_ representation: Value, plan: EntityPlan, origin: Mapper.Origin) -> Bool {
        guard shard != nil else { return true }
        if shard!.takes(entity: plan.name, identity: mapper.identityText(of: representation, with: plan, origin: origin)) {
            return true
        }
        dealtElsewhere += 1
        return false
    }

    /// What mapping one payload came to, for the "nothing mapped" rule.
    struct Outcome: Sendable {
        /// Some entry's key path was found (an empty collection counts as found).
        var containerFound = false
        /// Objects mapped at the containers (roots).
        var mappedCount = 0
        /// Representations found at the containers.
        var representationCount = 0
        /// The key paths searched, for the message when nothing was found.
        var searchedKeyPaths: [String] = []

        init() {}

        mutating func merge(_ other: Outcome) {
            containerFound = containerFound || other.containerFound
            mappedCount += other.mappedCount
            representationCount += other.representationCount
            for keyPath in other.searchedKeyPaths where !searchedKeyPaths.contains(keyPath) {
                searchedKeyPaths.append(keyPath)
            }
        }
    }

    /// Maps `payload` with `entries` (the path mappings serving its path), calling `root`
    /// for every root object in order.
    func map(
        _ payload: Value, entries: [PathMapping], origin: Mapper.Origin, root: (MappedObject) throws -> Void
    ) rethrows -> Outcome {
        var outcome = Outcome()
        for entry in entries {
            let keyPath = entry.keyPath?.value ?? KeyPath("")
            outcome.searchedKeyPaths.append(keyPath.text)
            let container = locate(keyPath, in: payload, origin: origin)
            mapper.observer?.pathMappingApplied(entry, containerFound: container != nil, origin: origin)
            guard let (value, containerOrigin) = container else { continue }
            outcome.containerFound = true
            try mapContainer(value, keyPath: keyPath, forced: forcesCollection(entry), origin: containerOrigin, outcome: &outcome, root: root) {
                element, elementOrigin in
                self.mapElement(element, pathIndex: entry.index, origin: elementOrigin)
            }
        }
        return outcome
    }

    /// Maps one representation found at the container of path mapping `pathIndex`: matcher
    /// selection, then mapping. (The path mapping goes by index: a copy of the struct per
    /// element would retain each of its fields.)
    func mapElement(_ element: Value, pathIndex: Int, origin: Mapper.Origin) -> MappedObject? {
        guard let (plan, matcherIndex) = select(element, pathIndex: pathIndex, origin: origin) else {
            mapper.observer?.representationUnmatched(pathIndex: pathIndex, origin: origin)
            return nil
        }
        guard takesRoot(element, plan: plan, origin: origin) else { return nil }
        mapper.observer?.matcherTook(pathIndex: pathIndex, matcherIndex: matcherIndex, origin: origin)
        let object = mapper.map(element, with: plan, origin: origin)
        if object == nil { mapper.observer?.representationUnmappable(entity: plan.name, origin: origin) }
        return object
    }

    /// Maps the payload with one entity mapping, bypassing path mappings (`--entity`).
    func map(
        _ payload: Value, entity plan: EntityPlan, keyPath: KeyPath?, origin: Mapper.Origin,
        root: (MappedObject) throws -> Void
    ) rethrows -> Outcome {
        var outcome = Outcome()
        let keyPath = keyPath ?? KeyPath("")
        outcome.searchedKeyPaths.append(keyPath.text)
        guard let (value, containerOrigin) = locate(keyPath, in: payload, origin: origin) else { return outcome }
        outcome.containerFound = true
        try mapContainer(value, keyPath: keyPath, forced: plan.forcesCollection, origin: containerOrigin, outcome: &outcome, root: root) {
            element, elementOrigin in
            self.mapElement(element, entity: plan, origin: elementOrigin)
        }
        return outcome
    }

    /// Maps one representation with one entity mapping (`--entity`).
    func mapElement(_ element: Value, entity plan: EntityPlan, origin: Mapper.Origin) -> MappedObject? {
        guard takesRoot(element, plan: plan, origin: origin) else { return nil }
        let object = mapper.map(element, with: plan, origin: origin)
        if object == nil { mapper.observer?.representationUnmappable(entity: plan.name, origin: origin) }
        return object
    }

    /// Maps an error payload (`--status` 4xx/5xx) with `error_mappings`, or, without that
    /// section, the strings at `error`, then `errors`, as `Error` records.
    func mapErrors(_ payload: Value, origin: Mapper.Origin, root: (MappedObject) throws -> Void) rethrows -> Outcome {
        let plan = plans.errorPlan
        var keyPaths: [KeyPath]
        if plans.definitions.errorMapping != nil {
            keyPaths = [plans.definitions.errorKeyPath ?? KeyPath("")]
        } else {
            keyPaths = [KeyPath("error"), KeyPath("errors")]
        }
        var outcome = Outcome()
        for keyPath in keyPaths {
            outcome.searchedKeyPaths.append(keyPath.text)
            guard let (value, containerOrigin) = locate(keyPath, in: payload, origin: origin) else { continue }
            outcome.containerFound = true
            try mapContainer(value, keyPath: keyPath, origin: containerOrigin, outcome: &outcome, root: root) { element, elementOrigin in
                self.takesRoot(element, plan: plan, origin: elementOrigin) ? self.mapper.map(element, with: plan, origin: elementOrigin) : nil
            }
            break
        }
        return outcome
    }

    /// The value at an entry's key path; nil when absent or null.
    func locate(_ keyPath: KeyPath, in payload: Value, origin: Mapper.Origin) -> (Value, Mapper.Origin)? {
        if keyPath.isSelf { return payload == .null ? nil : (payload, origin) }
        if case .some(let collection) = ContainerFlattening.flattened(keyPath.segments, in: payload) {
            // The key path fanned out over arrays: every object it reaches, flattened.
            guard let collection else { return nil }
            var containerOrigin = origin
            containerOrigin.pointer = nil
            return (collection, containerOrigin)
        }
        let found: (value: Value, pointer: String?)?
        if let pointer = origin.pointer {
            found = KeyValueCoding.locatedValue(at: keyPath, in: payload, pointer: pointer)
        } else {
            found = KeyValueCoding.value(at: keyPath, in: payload).map { ($0, nil) }
        }
        guard let found, found.value != .null else { return nil }
        // An array whose elements all lack the key is "not found" (RestKit's null collection).
        if case .array(let elements) = found.value, !elements.isEmpty, elements.allSatisfy({ $0 == .null }) {
            return nil
        }
        var containerOrigin = origin
        containerOrigin.pointer = found.pointer
        return (found.value, containerOrigin)
    }

    /// Maps the representations `container` holds: each non-null element of an array, or
    /// the one object; with `forced` (`force_collection_mapping`), each entry of a dictionary
    /// keyed by id, located at the container (the mapper locates the value under its key).
    func mapContainer(
        _ container: Value, keyPath: KeyPath, forced: Bool = false, origin: Mapper.Origin, outcome: inout Outcome,
        root: (MappedObject) throws -> Void, mapOne: (Value, Mapper.Origin) -> MappedObject?
    ) rethrows {
        func map(_ element: Value, index: Int?, at elementOrigin: Mapper.Origin) throws {
            outcome.representationCount += 1
            var elementOrigin = elementOrigin
            elementOrigin.scope = origin.scope?.element(element, index: index, keyPath: keyPath)
            if let object = mapOne(element, elementOrigin) {
                outcome.mappedCount += 1
                try root(object)
            }
        }
        if forced, let entries = KeyedRepresentation.elements(of: container) {
            for (index, (_, element)) in entries.enumerated() { try map(element, index: index, at: origin) }
        } else if case .array(let elements) = container {
            for (index, element) in elements.enumerated() where element != .null {
                try map(element, index: index, at: origin.appending(index))
            }
        } else {
            try map(container, index: nil, at: origin)
        }
    }

    /// The first keyed matcher whose key path holds the expected value (loose equality,
    /// SPEC §1.4), else the last fallback matcher.
    func select(_ element: Value, pathIndex: Int, origin: Mapper.Origin) -> (EntityPlan, Int)? {
        // The plans live as long as the mapper: their matchers are read without a reference
        // counted for each (a few retains and releases per element otherwise).
        Unmanaged.passUnretained(plans.matchers(ofPath: pathIndex))._withUnsafeGuaranteedRef { matchers in
            matchers.keyed.withUnsafeBufferPointer { keyed in
                for position in keyed.indices {
                    let found = Unmanaged.passUnretained(keyed[position])._withUnsafeGuaranteedRef {
                        selects($0, element, pathIndex: pathIndex, origin: origin)
                    }
                    if let found { return found }
                }
                return matchers.fallback
            }
        }
    }

    /// The plan `matcher` selects for `element`: when the value at its key path loosely
    /// equals the one it expects.
    @inline(__always)
    private func selects(_ matcher: MatcherPlans.Keyed, _ element: Value, pathIndex: Int, origin: Mapper.Origin) -> (EntityPlan, Int)? {
        guard let actual = KeyValueCoding.evaluate(matcher.keyPath, element) else { return nil }
        switch actual {
        case .array, .object:
            log.warning(
                .matcherReachesContainer, "matcher key path '\(matcher.keyPathText)' of path_mappings.\(pathIndex) reaches \(actual.kindName == "array" ? "an array" : "an object"), which never equals \(Self.describe(matcher.expected))",
                at: origin.location())
        default:
            if let plan = matcher.plan, LooseEquality.matches(actual, matcher.expected) {
                return (plan, matcher.index)
            }
        }
        return nil
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .string(let text): return "\"\(text)\""
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return value.kindName
        }
    }
}
