import RestmapBase

/// A `<relationship>` of an entity: which entity a nested payload object maps into, and
/// whether the payload holds one object or a collection.
public struct CoreDataRelationship: Sendable, Hashable {
    public var name: String
    /// The target entity's name (possibly abstract, possibly the declaring entity itself).
    public var destinationEntity: String
    /// `toMany="YES"`; missing means to-one. `maxCount`/`minCount` are not consulted: Xcode
    /// writes `minCount="1" maxCount="1"` even on optional to-one relationships.
    public var isToMany: Bool
    /// `ordered="YES"`: a to-many relationship whose order matters (`NSOrderedSet`).
    public var isOrdered: Bool
    /// `optional="YES"`. A missing flag means the relationship is required.
    public var isOptional: Bool
    /// `transient="YES"`: not stored.
    public var isTransient: Bool
    /// The inverse relationship's name, if any.
    public var inverseName: String?
    /// The entity declaring the inverse (may be an ancestor of `destinationEntity`).
    public var inverseEntity: String?
    /// `minCount`/`maxCount` as written; 0 or nil means no limit.
    public var minCount: Int?
    public var maxCount: Int?
    public var userInfo: CoreDataUserInfo
    /// Where the `<relationship` start tag is in `contents`.
    public var location: SourceLocation

    public init(
        name: String, destinationEntity: String, isToMany: Bool = false, isOrdered: Bool = false,
        isOptional: Bool = true, isTransient: Bool = false, inverseName: String? = nil,
        inverseEntity: String? = nil, minCount: Int? = nil, maxCount: Int? = nil,
        userInfo: CoreDataUserInfo = CoreDataUserInfo(), location: SourceLocation
    ) {
        self.name = name
        self.destinationEntity = destinationEntity
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.inverseName = inverseName
        self.inverseEntity = inverseEntity
        self.minCount = minCount
        self.maxCount = maxCount
        self.userInfo = userInfo
        self.location = location
    }
}
