/// A model-level `<composite>` (Xcode 15): a named group of attributes stored as one
/// attribute value. An attribute of type `Composite` names one through `compositeName`; its
/// value is a dictionary keyed by these attributes' names. Composites nest and hold no
/// relationships.
struct CoreDataComposite: Sendable, Hashable {
    var name: String
    var attributes: [CoreDataAttribute]
    var location: SourceLocation

    init(name: String, attributes: [CoreDataAttribute], location: SourceLocation) {
        self.name = name
        self.attributes = attributes
        self.location = location
    }
}
