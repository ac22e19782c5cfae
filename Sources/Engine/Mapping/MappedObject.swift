/// One object produced by mapping: an entity instance (or a plain object) with its
/// attribute values and relationships. A class, because objects are shared: the identity
/// map hands the same object to every representation with its primary key, and related
/// objects are referenced from several places.
///
/// A tree-shaped run keeps every object it maps until the end, so an object is one
/// allocation: its attribute values and relationship states are stored after it
/// (`ManagedBuffer`'s tail), not in arrays of their own: two allocations and two array
/// headers fewer for each object.
public final class MappedObject: ManagedBuffer<MappedObject.Header, UInt64> {
    /// The state of one relationship.
    public enum Related {
        /// Never mapped: omitted from output.
        case unset
        /// Mapped from a JSON null (or cleared by `set_nil_for_missing_relationships`).
        case null
        case one(MappedObject)
        case many([MappedObject])
    }

    /// What an object holds besides its slots (a `ManagedBuffer` has no other stored
    /// properties), kept to three words: the counts of slots are the plan's.
    public struct Header {
        /// Retained by the object (released in `deinit`) and read without counting: every
        /// object of an entity shares its plan, whose reference count would otherwise be
        /// written for each slot read, from every thread encoding the output.
        let plan: Unmanaged<EntityPlan>
        /// Position in the run's creation order.
        let creationIndex: Int
        /// `n` of `Entity#n` for objects without a (complete) primary key; 0 otherwise.
        var anonymousNumber = 0
    }

    /// A new object of `plan`, every attribute unset and every relationship `unset`.
    static func make(plan: EntityPlan, creationIndex: Int) -> MappedObject {
        assert(MemoryLayout<Value?>.alignment <= 8 && MemoryLayout<Related>.alignment <= 8, "slots sit on whole words")
        let attributes = plan.attributeCount, relationships = plan.relationshipCount
        let bytes = attributes * MemoryLayout<Value?>.stride + relationships * MemoryLayout<Related>.stride
        let buffer = create(minimumCapacity: (bytes + 7) / 8) { _ in Header(plan: .passRetained(plan), creationIndex: creationIndex) }
        let object = unsafeDowncast(buffer, to: MappedObject.self)
        // Slot by slot, here and in `deinit`: the pointers' bulk forms go through the
        // runtime's generic value witnesses, a cost paid for every object.
        object.withUnsafeMutablePointerToElements { words in
            let raw = UnsafeMutableRawPointer(words)
            let values = raw.bindMemory(to: Value?.self, capacity: attributes)
            for index in 0..<attributes { (values + index).initialize(to: nil) }
            let states = (raw + attributes * MemoryLayout<Value?>.stride).bindMemory(to: Related.self, capacity: relationships)
            for index in 0..<relationships { (states + index).initialize(to: .unset) }
        }
        return object
    }

    deinit {
        let values = attributeSlots, states = relationshipSlots
        for index in 0..<attributeCount { _ = (values + index).move() }
        for index in 0..<relationshipCount { _ = (states + index).move() }
        header.plan.release()
    }

    /// The attribute values, by the entity's attribute-mapping index (valid while the object
    /// lives; `make` bound the memory).
    private var attributeSlots: UnsafeMutablePointer<Value?> {
        withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0).assumingMemoryBound(to: Value?.self) }
    }

    /// The relationship states, by the entity's relationship-mapping index, after the values.
    private var relationshipSlots: UnsafeMutablePointer<Related> {
        withUnsafeMutablePointerToElements {
            (UnsafeMutableRawPointer($0) + attributeCount * MemoryLayout<Value?>.stride)
                .assumingMemoryBound(to: Related.self)
        }
    }

    public var plan: EntityPlan { header.plan.takeUnretainedValue() }

    /// Calls `body` with the plan, without counting a reference to it.
    @inline(__always)
    func withPlan<Result>(_ body: (EntityPlan) throws -> Result) rethrows -> Result {
        try header.plan._withUnsafeGuaranteedRef(body)
    }
    /// Position in the run's creation order.
    public var creationIndex: Int { header.creationIndex }
    var anonymousNumber: Int {
        get { header.anonymousNumber }
        set { header.anonymousNumber = newValue }
    }

    /// Whether the object is in the identity map under a complete primary key. Derived, not
    /// stored: a run holds every object, and every byte of one counts (see the type's note).
    public var hasIdentityKey: Bool { anonymousNumber == 0 }

    /// The number of attribute positions (the plan's attribute mappings).
    public var attributeCount: Int { withPlan(\.attributeCount) }

    /// The value at attribute position `index`, nil when unset or out of range.
    @inline(__always)
    public func attribute(_ index: Int) -> Value? {
        UInt(bitPattern: index) < UInt(attributeCount) ? attributeSlots[index] : nil
    }

    /// Sets the value at attribute position `index` (nil: unset).
    @inline(__always)
    func setAttribute(_ index: Int, _ value: consuming Value?) {
        assert(UInt(bitPattern: index) < UInt(attributeCount), "attribute position out of range")
        attributeSlots[index] = value
    }

    /// The number of relationship positions (the plan's relationship mappings).
    var relationshipCount: Int { withPlan(\.relationshipCount) }

    /// Whether any relationship is set (most related objects have none: writers skip them).
    var hasRelationships: Bool {
        let slots = relationshipSlots
        for index in 0..<relationshipCount {
            if case .unset = slots[index] { continue }
            return true
        }
        return false
    }

    /// Sets the relationship at position `index`.
    func setRelationship(_ index: Int, _ state: Related) {
        assert(UInt(bitPattern: index) < UInt(relationshipCount), "relationship position out of range")
        relationshipSlots[index] = state
    }

    /// The state of the relationship at position `index`.
    public func relationship(_ index: Int) -> Related {
        UInt(bitPattern: index) < UInt(relationshipCount) ? relationshipSlots[index] : .unset
    }

    /// `Entity/pk1,pk2` from the primary-key values, or `Entity#n`.
    public var id: String {
        withPlan { plan in
            if anonymousNumber == 0, !plan.primaryKeyIndices.isEmpty {
                let parts = plan.primaryKeyIndices.map { index -> String in
                    switch attribute(index) {
                    case .string(let text)?, .number(let text)?: return text
                    case .bool(let flag)?: return flag ? "true" : "false"
                    default: return ""
                    }
                }
                return plan.name + "/" + parts.joined(separator: ",")
            }
            return plan.name + "#" + String(anonymousNumber)
        }
    }

    /// The value of the client attribute `name`, if set.
    func value(of name: String) -> Value? {
        guard let index = plan.attributeIndex[name] else { return nil }
        return attribute(index)
    }
}
