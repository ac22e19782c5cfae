/// An `<attribute>` of an entity or composite in a Core Data model: what the mapper needs to
/// convert a payload value (its type), to validate it (optional, default) and to point at the
/// declaration in messages.
struct CoreDataAttribute: Sendable, Hashable {
    var name: String
    /// The conversion type. Unknown `attributeType` names and `Composite` read as
    /// `.transformable`: their values pass through unchanged.
    var type: AttributeType
    /// `attributeType` as written (`Integer 32`, `Composite`, …), for messages; empty when absent.
    var typeName: String
    /// `optional="YES"`. A missing flag means the attribute is required.
    var isOptional: Bool
    /// `transient="YES"`: not stored, computed at run time.
    var isTransient: Bool
    /// `derived="YES"`: computed by Core Data from `derivationExpression`, never written.
    var isDerived: Bool
    /// `defaultValueString` as written (`0`, `0.0`, `YES`, `publish`); parse it per `type`.
    var defaultValue: String?
    /// `defaultDateTimeInterval` as written: a `Date` default in seconds since 2001-01-01 UTC.
    var defaultDateTimeInterval: String?
    /// For `Composite` attributes: the name of the model's `<composite>` describing the value.
    var compositeName: String?
    /// For `Transformable` attributes: the class of the decoded value (`[String]`, `NSArray`).
    var customClassName: String?
    /// For `Transformable` attributes: the value transformer's name.
    var valueTransformerName: String?
    var userInfo: CoreDataUserInfo
    /// Where the `<attribute` start tag is in `contents`.
    var location: SourceLocation

    init(
        name: String, type: AttributeType, typeName: String, isOptional: Bool = true,
        isTransient: Bool = false, isDerived: Bool = false, defaultValue: String? = nil,
        defaultDateTimeInterval: String? = nil, compositeName: String? = nil,
        customClassName: String? = nil, valueTransformerName: String? = nil,
        userInfo: CoreDataUserInfo = CoreDataUserInfo(), location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.typeName = typeName
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.isDerived = isDerived
        self.defaultValue = defaultValue
        self.defaultDateTimeInterval = defaultDateTimeInterval
        self.compositeName = compositeName
        self.customClassName = customClassName
        self.valueTransformerName = valueTransformerName
        self.userInfo = userInfo
        self.location = location
    }
}
