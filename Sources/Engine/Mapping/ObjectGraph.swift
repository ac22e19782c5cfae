/// Every object one run maps, with the identity map that makes representations with equal
/// primary keys one object across all inputs of the run (RestKit's update-else-create).
public final class ObjectGraph {
    /// All objects in creation order.
    public private(set) var objects: [MappedObject] = []
    /// Identity maps by plan order (plans are numbered densely: entities, then plain classes).
    private var identities: [IdentityTable] = []
    private var anonymousCounts: [String: Int] = [:]

    init() {}

    /// Forgets every object but keeps the storage, for streaming runs that map payload
    /// elements one at a time.
    func removeAll() {
        objects.removeAllKeepingStorage()
        for index in identities.indices where !identities[index].isEmpty {
            identities[index].removeAll()
        }
        if !anonymousCounts.isEmpty { anonymousCounts.removeAll(keepingCapacity: true) }
    }

    /// The object of `plan` with `identityKey`, or a new one (registered under the key when
    /// there is one, numbered `Entity#n` when there is none).
    func object(for plan: EntityPlan, identityKey: IdentityKey?) -> (object: MappedObject, isNew: Bool) {
        if let identityKey, plan.order < identities.count,
            let existing = Unmanaged.passUnretained(identities[plan.order])._withUnsafeGuaranteedRef({ $0.object(for: identityKey) })
        {
            return (existing, false)
        }
        return (insert(plan, identityKey: identityKey), true)
    }

    /// A new object of `plan`, registered under `identityKey` (which the caller knows is not
    /// taken) or numbered `Entity#n` when there is none.
    func insert(_ plan: EntityPlan, identityKey: IdentityKey?) -> MappedObject {
        let object = MappedObject.make(plan: plan, creationIndex: objects.count)
        if let identityKey {
            if plan.order >= identities.count {
                for _ in identities.count...plan.order { identities.append(IdentityTable()) }
            }
            // (The table stays in `identities` throughout: no reference counted for the call.)
            Unmanaged.passUnretained(identities[plan.order])._withUnsafeGuaranteedRef { $0.insert(object, for: identityKey) }
        } else {
            let next = (anonymousCounts[plan.name] ?? 0) + 1
            anonymousCounts[plan.name] = next
            object.anonymousNumber = next
        }
        objects.append(object)
        return object
    }

    /// The object of `plan` registered under `identityKey`, if any.
    func existing(_ plan: EntityPlan, identityKey: IdentityKey) -> MappedObject? {
        guard plan.order < identities.count else { return nil }
        // The table stays in `identities` during the lookup: no reference is counted for it.
        return Unmanaged.passUnretained(identities[plan.order])._withUnsafeGuaranteedRef { $0.object(for: identityKey) }
    }

    /// Objects grouped for the records shape: entities in config order, then plain and error
    /// classes in order of first creation; each group in creation order.
    func groupedByEntity() -> [(name: String, objects: [MappedObject])] {
        var groups: [String: [MappedObject]] = [:]
        var firstSeen: [String: (order: Int, creation: Int, plain: Bool)] = [:]
        for object in objects {
            let name = object.plan.name
            groups[name, default: []].append(object)
            if firstSeen[name] == nil {
                firstSeen[name] = (object.plan.order, object.creationIndex, object.plan.isPlain)
            }
        }
        let names = firstSeen.keys.sorted { a, b in
            let x = firstSeen[a]!, y = firstSeen[b]!
            if x.plain != y.plain { return !x.plain }
            return x.plain ? x.creation < y.creation : x.order < y.order
        }
        return names.map { ($0, groups[$0]!) }
    }
}
