/// An `<entity>` of a Core Data model as written: only its own properties. Inherited ones
/// come from `CoreDataModel.attributes(of:)` and `relationships(of:)`, because a sub-entity's
/// element lists only what it adds to its parent.
struct CoreDataEntity: Sendable, Hashable {
    var name: String
    /// The runtime class; nil when missing or empty (both mean `NSManagedObject`).
    var representedClassName: String?
    /// The super-entity's name.
    var parentEntity: String?
    /// `isAbstract="YES"`: only sub-entities have instances.
    var isAbstract: Bool
    /// Own attributes in file order, each name once.
    var attributes: [CoreDataAttribute]
    /// Own relationships in file order, each name once.
    var relationships: [CoreDataRelationship]
    var userInfo: CoreDataUserInfo
    /// `<uniquenessConstraints>`: each inner array is one constraint; several names in it form
    /// a compound key.
    var uniquenessConstraints: [[String]]
    /// Where the `<entity` start tag is in `contents`.
    var location: SourceLocation

    init(
        name: String, representedClassName: String? = nil, parentEntity: String? = nil,
        isAbstract: Bool = false, attributes: [CoreDataAttribute] = [],
        relationships: [CoreDataRelationship] = [], userInfo: CoreDataUserInfo = CoreDataUserInfo(),
        uniquenessConstraints: [[String]] = [], location: SourceLocation
    ) {
        self.name = name
        self.representedClassName = representedClassName
        self.parentEntity = parentEntity
        self.isAbstract = isAbstract
        self.attributes = attributes
        self.relationships = relationships
        self.userInfo = userInfo
        self.uniquenessConstraints = uniquenessConstraints
        self.location = location
    }

    /// The own attribute with that name.
    func attribute(named name: String) -> CoreDataAttribute? {
        attributes.first { $0.name == name }
    }

    /// The own relationship with that name.
    func relationship(named name: String) -> CoreDataRelationship? {
        relationships.first { $0.name == name }
    }
}
