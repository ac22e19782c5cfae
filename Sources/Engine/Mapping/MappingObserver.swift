/// Receives what the mapper reads and decides, so that `validate` can report findings at
/// the offending value and measure which parts of the config the samples exercised. `map`
/// runs without one and pays nothing for it.
protocol MappingObserver: AnyObject {
    /// A path mapping entry applied to an input: whether its key path was found.
    func pathMappingApplied(_ mapping: PathMapping, containerFound: Bool, origin: Mapper.Origin)
    /// A matcher took a representation.
    func matcherTook(pathIndex: Int, matcherIndex: Int, origin: Mapper.Origin)
    /// No matcher took a representation.
    func representationUnmatched(pathIndex: Int, origin: Mapper.Origin)
    /// A representation yielded nothing for its mapping.
    func representationUnmappable(entity: String, origin: Mapper.Origin)
    func attributeRead(plan: EntityPlan, index: Int, found: Bool, pointer: String?, origin: Mapper.Origin)
    func relationshipRead(plan: EntityPlan, index: Int, found: Bool, origin: Mapper.Origin)
    func conversionFailed(
        plan: EntityPlan, index: Int, value: Value, type: AttributeType, reason: String, pointer: String?,
        origin: Mapper.Origin)
    func objectMapped(_ object: MappedObject, isNew: Bool, origin: Mapper.Origin)
    /// An existing object is about to be updated by another representation with `values`.
    func objectMergedAgain(_ object: MappedObject, values: [Value?], origin: Mapper.Origin)
    func missingPrimaryKey(_ object: MappedObject, origin: Mapper.Origin)
    /// A connection was attempted with a non-null source; `matched` tells whether it found targets.
    func connectionTried(_ object: MappedObject, relationship: Int, matched: Bool, sourceDescription: String)
}
