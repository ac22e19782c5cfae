/// The pseudo keys RestKit's mapping operation understands at the start of a source key
/// path (RKMappingOperation's `RKMappingSourceObject`): they read from around the
/// representation rather than from it.
enum PseudoKey: String, Sendable, CaseIterable {
    /// The representation that holds the relationship the current object was mapped from
    /// (`@parent.house_id`; `@parent.@parent.x` goes up twice).
    case parent = "@parent"
    /// The top-level representation being mapped: the element of the path mapping's
    /// collection (or the single object there) that the current object is nested in.
    case root = "@root"
    /// What RestKit knows about the mapping and the HTTP exchange
    /// (`@metadata.network.arguments.userID`, `@metadata.mapping.collectionIndex`).
    case metadata = "@metadata"
}

extension KeyPath {
    /// The pseudo key this key path starts with, if any.
    var pseudoKey: PseudoKey? {
        guard case .key(let name, _)? = segments.first, name.utf8.first == UInt8(ascii: "@") else { return nil }
        return PseudoKey(rawValue: name)
    }
}

extension MappingDefinitions {
    /// True when some response key path starts with a pseudo key, so that mapping must
    /// keep track of where each representation sits (`MappingScope`).
    var readsPseudoKeys: Bool {
        var mappings = entities
        if let errorMapping { mappings.append(errorMapping) }
        for path in pathMappings {
            for matcher in path.matchers {
                if case .plainObject(let mapping) = matcher.kind { mappings.append(mapping) }
            }
        }
        return mappings.contains { mapping in
            mapping.attributes.contains { $0.source.pseudoKey != nil }
                || mapping.relationships.contains { $0.source.pseudoKey != nil }
        }
    }
}
