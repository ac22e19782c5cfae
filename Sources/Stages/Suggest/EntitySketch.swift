import RestmapBase

/// An entity as sample payloads show it: the keys its objects carry, what each holds, and
/// the nested objects it points to. Built by `ShapeSketcher`, written out by
/// `ConfigSketchWriter`.
public struct EntitySketch: Sendable, Equatable {
    public var name: String
    /// Payload keys holding scalars (or arrays of scalars), in first-seen order.
    public var attributes: [AttributeSketch] = []
    /// Payload keys holding objects or arrays of objects, in first-seen order.
    public var relationships: [RelationshipSketch] = []

    public init(name: String) {
        self.name = name
    }

    /// The client attribute RestKit would infer as the identifier: `<entity>ID`,
    /// `<entity_snake>_id`, then `identifier`, `id`, `ID`, `URL`, `url`
    /// (RKIdentificationAttributesInferredFromEntity), matched against the payload keys and
    /// the attribute names.
    public var primaryKey: AttributeSketch? {
        let lowerFirst = name.prefix(1).lowercased() + name.dropFirst()
        let snake = NameStyle.words(name).map { $0.lowercased() }.joined(separator: "_")
        let candidates = [lowerFirst + "ID", snake + "_id", "identifier", "id", "ID", "URL", "url"]
        for candidate in candidates {
            if let match = attributes.first(where: { $0.key == candidate || $0.name == candidate }) { return match }
        }
        return nil
    }
}

/// One scalar key.
public struct AttributeSketch: Sendable, Equatable {
    public var key: String
    /// The client attribute name (`NameStyle.attributeName`).
    public var name: String
    /// The `entity_attribute_types` type the values seen agree on, nil when they disagree
    /// or were all null.
    public var type: String?
    /// False once a value disagreed with `type`.
    var typeAgreed = true
}

/// One nested object (to-one) or array of objects (to-many).
public struct RelationshipSketch: Sendable, Equatable {
    public var key: String
    public var name: String
    public var target: String
    public var toMany: Bool
}
