/// One object produced by mapping: an entity instance (or a plain object) with its
/// attribute values and relationships. A class, because objects are shared: the identity
/// map hands the same object to every representation with its primary key, and related
/// objects are referenced from several places.
public final class MappedObject {
    /// The state of one relationship.
    public enum Related {
        /// Never mapped: omitted from output.
        case unset
        /// Mapped from a JSON null (or cleared by `set_nil_for_missing_relationships`).
        case null
        case one(MappedObject)
        case many([MappedObject])
    }

    public let plan: EntityPlan
    /// Attribute values by the entity's attribute-mapping index; nil: unset.
    public internal(set) var attributes: [Value?]
    /// Relationship states by the entity's relationship-mapping index; empty until one is
    /// set (most related objects have none, and each array costs an allocation).
    private(set) var relationships: [Related]
    /// Position in the run's creation order.
    public let creationIndex: Int
    /// `n` of `Entity#n` for objects without a (complete) primary key; 0 otherwise.
    var anonymousNumber: Int

    /// Whether the object is in the identity map under a complete primary key. Derived, not
    /// stored: a run holds every object, and 16 bytes more per object took each one into the
    /// allocator's next size class (4 MiB on the 100 MB benchmark).
    public var hasIdentityKey: Bool { anonymousNumber == 0 }

    init(plan: EntityPlan, creationIndex: Int) {
        self.plan = plan
        self.attributes = []
        self.relationships = []
        self.creationIndex = creationIndex
        self.anonymousNumber = 0
    }

    /// Empties the two arrays in specialized code before they go: left to their own deinit,
    /// their elements are destroyed through the runtime's generic value witnesses, a cost an
    /// NDJSON run pays for every object of every line.
    deinit {
        attributes.removeAllKeepingStorage()
        relationships.removeAllKeepingStorage()
    }

    var entityName: String { plan.name }

    /// Sets the relationship at position `index`.
    func setRelationship(_ index: Int, _ state: Related) {
        if relationships.isEmpty {
            if case .unset = state { return }
            relationships = Array(filledWith: .unset, count: plan.relationshipSources.count)
        }
        relationships[index] = state
    }

    /// The state of the relationship at position `index`.
    public func relationship(_ index: Int) -> Related {
        index < relationships.count ? relationships[index] : .unset
    }

    /// The value at attribute position `index`, nil when unset.
    @inline(__always)
    public func attribute(_ index: Int) -> Value? {
        index < attributes.count ? attributes[index] : nil
    }

    /// `Entity/pk1,pk2` from the primary-key values, or `Entity#n`.
    public var id: String {
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

    /// The value of the client attribute `name`, if set.
    func value(of name: String) -> Value? {
        guard let index = plan.attributeIndex[name] else { return nil }
        return attribute(index)
    }
}
