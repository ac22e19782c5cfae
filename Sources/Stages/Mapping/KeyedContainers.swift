import RestmapBase
import RestmapConfig

/// Containers of dictionaries keyed by id (`force_collection_mapping`, SPEC §1.7): at a path
/// mapping's key path, a dictionary is a collection whose entries are each one object, as
/// RestKit's mapper splits it when the mapping forces collection mapping.
extension PayloadMapper {
    /// Whether `entry` maps a dictionary at its key path as a collection: every entity its
    /// matchers can choose forces collection mapping.
    public func forcesCollection(_ entry: PathMapping) -> Bool {
        let candidates = plans.matchers(ofPath: entry.index).candidatePlans
        return !candidates.isEmpty && candidates.allSatisfy(\.forcesCollection)
    }

    /// `mapContainer`, splitting a dictionary into one-key dictionaries when `forced`. Each
    /// element is located at the container: the mapper locates the value under its key.
    func mapContainer(
        _ container: Value, keyPath: KeyPath, forced: Bool, origin: Mapper.Origin, outcome: inout Outcome,
        root: (MappedObject) throws -> Void, mapOne: (Value, Mapper.Origin) -> MappedObject?
    ) rethrows {
        guard forced, let elements = KeyedRepresentation.elements(of: container) else {
            try mapContainer(container, keyPath: keyPath, origin: origin, outcome: &outcome, root: root, mapOne: mapOne)
            return
        }
        for (index, (_, element)) in elements.enumerated() {
            outcome.representationCount += 1
            var elementOrigin = origin
            elementOrigin.scope = origin.scope?.element(element, index: index, keyPath: keyPath)
            if let object = mapOne(element, elementOrigin) {
                outcome.mappedCount += 1
                try root(object)
            }
        }
    }
}
