/// A `<relationship>` of an entity: which entity a nested payload object maps into, and
/// whether the payload holds one object or a collection.
struct CoreDataRelationship: Sendable, Hashable {
    var name: String
    /// The target entity's name (possibly abstract, possibly the declaring entity itself).
    var destinationEntity: String
    /// `toMany="YES"`; missing means to-one. `maxCount`/`minCount` are not consulted: Xcode
    /// writes `minCount="1" maxCount="1"` even on optional to-one relationships.
    var isToMany: Bool
    /// `ordered="YES"`: a to-many relationship whose order matters (`NSOrderedSet`).
    var isOrdered: Bool
    /// `optional="YES"`. A missing flag means the relationship is required.
    var isOptional: Bool
    /// `transient="YES"`: not stored.
    var isTransient: Bool
    /// The inverse relationship's name, if any.
    var inverseName: String?
    /// The entity declaring the inverse (may be an ancestor of `destinationEntity`).
    var inverseEntity: String?
    /// `minCount`/`maxCount` as written; 0 or nil means no limit.
    var minCount: Int?
    var maxCount: Int?
    var userInfo: CoreDataUserInfo
    /// Where the `<relationship` start tag is in `contents`.
    var location: SourceLocation

    init(
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
