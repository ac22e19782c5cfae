/// Where a representation sits while it is mapped, for the key paths that read around it
/// (`PseudoKey`): the representation that holds it (`@parent`), the top-level
/// representation it is nested in (`@root`), and the mapping and HTTP metadata
/// (`@metadata`). This is RestKit's `RKMappingSourceObject` with its metadata list.
///
/// Scopes are made only when the config uses a pseudo key (`MappingPlans.usesScopes`), so
/// that ordinary mapping allocates nothing for them.
final class MappingScope {
    /// The representation this scope is about (what `@parent` gives its children).
    let representation: Value
    /// The scope of the enclosing representation; nil at the top.
    let parent: MappingScope?
    /// The top-level representation: the element handed to the mapping operation.
    let root: Value
    /// `@metadata.mapping.collectionIndex`: the position in the top-level collection or in
    /// a to-many relationship; null inside a to-one relationship; nil for a single
    /// top-level object (RestKit sets none).
    let collectionIndex: Value?
    /// `@metadata.mapping.rootKeyPath`: the path mapping's key path (null for the root).
    let rootKeyPath: Value
    let context: PayloadContext?

    init(
        representation: Value, parent: MappingScope?, root: Value, collectionIndex: Value?, rootKeyPath: Value,
        context: PayloadContext?
    ) {
        self.representation = representation
        self.parent = parent
        self.root = root
        self.collectionIndex = collectionIndex
        self.rootKeyPath = rootKeyPath
        self.context = context
    }

    /// The scope of a whole payload: carries the context until elements are found.
    static func payload(_ payload: Value, context: PayloadContext?) -> MappingScope {
        MappingScope(
            representation: payload, parent: nil, root: payload, collectionIndex: nil, rootKeyPath: .null,
            context: context)
    }

    /// The scope of a top-level representation found at a path mapping's key path.
    func element(_ element: Value, index: Int?, keyPath: KeyPath) -> MappingScope {
        MappingScope(
            representation: element, parent: nil, root: element, collectionIndex: index.map { .number(String($0)) },
            rootKeyPath: keyPath.isSelf ? .null : .string(keyPath.text), context: context)
    }

    /// The scope that is `@parent` for objects mapped from the relationship at `source`:
    /// this representation, or, for a dotted source (`people.friends`), the representation
    /// at its prefix, whose own parent is this one (RestKit's `parentObjectForRelationshipMapping:`).
    func parent(forRelationshipAt source: [KeyPath.Segment]) -> MappingScope {
        var scope = self
        for segment in source.dropLast() {
            let value = KeyValueCoding.evaluate([segment], scope.representation) ?? .null
            scope = MappingScope(
                representation: value, parent: scope, root: root, collectionIndex: scope.collectionIndex,
                rootKeyPath: rootKeyPath, context: context)
        }
        return scope
    }

    /// The scope of an object nested in this one's representation.
    func nested(_ representation: Value, collectionIndex: Value?) -> MappingScope {
        MappingScope(
            representation: representation, parent: self, root: root, collectionIndex: collectionIndex,
            rootKeyPath: rootKeyPath, context: context)
    }

    /// The value at a key path read in this scope; pseudo keys are resolved here, the rest
    /// of the path is read with key-value coding.
    func value(at segments: ArraySlice<KeyPath.Segment>) -> Value? {
        guard case .key(let name, _)? = segments.first, let pseudo = PseudoKey(rawValue: name) else {
            return segments.isEmpty ? representation : KeyValueCoding.evaluate(segments, representation)
        }
        let rest = segments.dropFirst()
        switch pseudo {
        case .parent:
            return parent?.value(at: rest)
        case .root:
            return rest.isEmpty ? root : KeyValueCoding.evaluate(rest, root)
        case .metadata:
            return metadata(at: rest)
        }
    }

    /// RestKit's metadata list, innermost first: the mapping metadata (`mapping.*`), then
    /// the HTTP exchange.
    private func metadata(at segments: ArraySlice<KeyPath.Segment>) -> Value? {
        if segments.count == 2, case .key("mapping", _) = segments[segments.startIndex],
            case .key(let name, _) = segments[segments.startIndex + 1]
        {
            if name == "collectionIndex", let collectionIndex { return collectionIndex }
            if name == "rootKeyPath" { return rootKeyPath }
        }
        guard let document = context?.document, !segments.isEmpty else { return nil }
        return KeyValueCoding.evaluate(segments, document)
    }
}
