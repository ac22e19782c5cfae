import RestmapBase
import RestmapFormats

/// A `<relationship>` of an entity: which entity a nested payload object maps into, and
/// whether the payload holds one object or a collection.
package struct CoreDataRelationship: Sendable, Hashable {
    package var name: String
    /// The target entity's name (possibly abstract, possibly the declaring entity itself).
    package var destinationEntity: String
    /// `toMany="YES"`; missing means to-one. `maxCount`/`minCount` are not consulted: Xcode
    /// writes `minCount="1" maxCount="1"` even on optional to-one relationships.
    package var isToMany: Bool
    /// `ordered="YES"`: a to-many relationship whose order matters (`NSOrderedSet`).
    package var isOrdered: Bool
    /// `optional="YES"`. A missing flag means the relationship is required.
    package var isOptional: Bool
    /// `transient="YES"`: not stored.
    package var isTransient: Bool
    /// The inverse relationship's name, if any.
    package var inverseName: String?
    /// The entity declaring the inverse (may be an ancestor of `destinationEntity`).
    package var inverseEntity: String?
    /// `minCount`/`maxCount` as written; 0 or nil means no limit.
    package var minCount: Int?
    package var maxCount: Int?
    package var userInfo: CoreDataUserInfo
    /// Where the `<relationship` start tag is in `contents`.
    package var location: SourceLocation

    package init(
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
