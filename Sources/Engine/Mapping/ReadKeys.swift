/// The keys of a representation that mapping can possibly read: the first segment of every
/// matcher key path and of every attribute and relationship source of the mappings that may
/// take it. Streaming readers build only those members of each element (the rest is checked,
/// not built), which halves the work on payloads whose objects carry many unmapped fields.
/// Nil when everything may be read (an empty source key, a collection operator at the top).
enum ReadKeys {
    static func forEntry(_ entry: PathMapping, plans: MappingPlans) -> Set<String>? {
        let matchers = plans.matchers(ofPath: entry.index)
        var keys = Set<String>()
        var candidates: [EntityPlan] = []
        for matcher in matchers.keyed {
            guard let first = firstKey(matcher.keyPath) else { return nil }
            keys.insert(first)
            if let plan = matcher.plan { candidates.append(plan) }
        }
        if let fallback = matchers.fallback { candidates.append(fallback.plan) }
        for plan in candidates {
            guard let planKeys = forPlan(plan) else { return nil }
            keys.formUnion(planKeys)
        }
        return keys
    }

    static func forPlan(_ plan: EntityPlan) -> Set<String>? {
        // A keyed representation's key is data: any member may be the one read.
        if plan.isKeyed { return nil }
        var keys = Set<String>()
        for segments in plan.attributeSources + plan.nestedRelationshipIndices.map({ plan.relationshipSources[$0] }) {
            guard let first = firstKey(segments) else { return nil }
            keys.insert(first)
        }
        return keys
    }

    private static func firstKey(_ segments: [KeyPath.Segment]) -> String? {
        guard case .key(let name, _)? = segments.first else { return nil }
        return name
    }
}
