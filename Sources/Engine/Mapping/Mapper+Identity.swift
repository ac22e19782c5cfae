/// Identity: the primary key a representation carries, read and converted once, as the
/// identity map, the sharding of a load and the connections compare it.
extension Mapper {
    /// The object a representation updates, when it carries a complete primary key that is
    /// already in the identity map; with the key's converted value when the key is one
    /// attribute and could be read and converted.
    func existingObject(for representation: Value, plan: EntityPlan, origin: Origin)
        -> (key: IdentityKey?, object: MappedObject?, single: Value?)
    {
        let (key, single) = primaryKey(of: representation, plan: plan, origin: origin)
        // The graph lives as long as the mapper holds it, and nothing replaces it during the
        // lookup: no reference is counted for the call (a retain and a release per lookup).
        let found = key.flatMap { key in
            Unmanaged.passUnretained(graph)._withUnsafeGuaranteedRef { $0.existing(plan, identityKey: key) }
        }
        return (key, found, single)
    }

    /// The identity a representation would have as an object of `plan` — its primary-key
    /// values, read and converted, as the identity map compares them — without mapping it;
    /// nil when the plan has no primary key or the representation lacks a value of it.
    func identityText(of representation: Value, with plan: EntityPlan, origin: Origin) -> String? {
        guard plan.hasIdentity, let key = primaryKey(of: representation, plan: plan, origin: origin).key else { return nil }
        return key.text
    }

    /// A representation's primary key, read and converted, and the converted value of a
    /// one-attribute key.
    private func primaryKey(of representation: Value, plan: EntityPlan, origin: Origin) -> (key: IdentityKey?, single: Value?) {
        var parts: [Value?] = []
        if plan.primaryKeyIndices.count > 1 { parts.reserveCapacity(plan.primaryKeyIndices.count) }
        var single: Value?
        for index in plan.primaryKeyIndices {
            guard let read = read(plan.attributeSources[index], in: representation, origin: origin, hint: plan.readHints.attribute(index)) else {
                return (nil, nil)
            }
            if plan.hasInteger64Key, let (key, converted) = IdentityKey.integer64(read.value) {
                return (key, converted)
            }
            var value = read.value
            if plan.types[index] != nil || plan.valueMappings[index] != nil {
                var ignored: [(attribute: Int, message: String, pointer: String?)] = []
                guard let converted = transform(
                    value, plan: plan, index: index, origin: origin, pointer: nil, failures: &ignored)
                else { return (nil, nil) }
                value = converted
            }
            if plan.primaryKeyIndices.count == 1 { single = value } else { parts.append(value) }
        }
        let key = plan.primaryKeyIndices.count == 1 ? single.flatMap(IdentityKey.init) : Self.identityKey(parts).map(IdentityKey.init(text:))
        return (key, single)
    }

    /// The identity key of a set of primary-key values, nil when any is missing or null.
    static func identityKey(_ values: [Value?]) -> String? {
        if values.count == 1 {
            guard let value = values[0] else { return nil }
            return IdentityText.key(for: value)
        }
        var key = ""
        for (position, value) in values.enumerated() {
            guard let value, let part = IdentityText.key(for: value) else { return nil }
            if position > 0 { key += "\u{1F}" }
            key += part
        }
        return key
    }

    /// The identity key of an object about to be mapped from `values` (attribute positions).
    static func identityKey(of plan: EntityPlan, values: [Value?]) -> IdentityKey? {
        let indices = plan.primaryKeyIndices
        if indices.count == 1 {
            guard let value = values[indices[0]] else { return nil }
            return IdentityKey(value)
        }
        var key = ""
        for (position, index) in indices.enumerated() {
            guard let value = values[index], let part = IdentityText.key(for: value) else { return nil }
            if position > 0 { key += "\u{1F}" }
            key += part
        }
        return IdentityKey(text: key)
    }
}
