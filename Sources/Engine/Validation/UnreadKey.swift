/// A payload key the config never reads, with the value it held where it was first met:
/// what `validate --suggest` turns into the config entries that would map it.
public struct UnreadKey: Sendable, Equatable {
    /// The entity whose objects carry the key; nil when no entity took the object.
    public var entity: String?
    public var key: String
    public var value: Value
    public var location: SourceLocation?

    init(entity: String?, key: String, value: Value, location: SourceLocation?) {
        self.entity = entity
        self.key = key
        self.value = value
        self.location = location
    }
}
