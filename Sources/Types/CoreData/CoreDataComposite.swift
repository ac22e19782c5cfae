import RestmapBase

/// A model-level `<composite>` (Xcode 15): a named group of attributes stored as one
/// attribute value. An attribute of type `Composite` names one through `compositeName`; its
/// value is a dictionary keyed by these attributes' names. Composites nest and hold no
/// relationships.
public struct CoreDataComposite: Sendable, Hashable {
    public var name: String
    public var attributes: [CoreDataAttribute]
    public var location: SourceLocation

    public init(name: String, attributes: [CoreDataAttribute], location: SourceLocation) {
        self.name = name
        self.attributes = attributes
        self.location = location
    }
}
