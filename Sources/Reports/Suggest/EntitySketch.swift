import RestmapEngine

/// An entity as sample payloads show it: the keys its objects carry, what each holds, and
/// the nested objects it points to. Built by `ShapeSketcher`, written out by
/// `ConfigSketchWriter`.
struct EntitySketch: Sendable, Equatable {
    var name: String
    /// Payload keys holding scalars (or arrays of scalars), in first-seen order.
    var attributes: [AttributeSketch] = []
    /// Payload keys holding objects or arrays of objects, in first-seen order.
    var relationships: [RelationshipSketch] = []

    init(name: String) {
        self.name = name
    }

    /// The client attribute RestKit would infer as the identifier: `<entity>ID`,
    /// `<entity_snake>_id`, then `identifier`, `id`, `ID`, `URL`, `url`
    /// (RKIdentificationAttributesInferredFromEntity), matched against the payload keys and
    /// the attribute names.
    var primaryKey: AttributeSketch? {
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
struct AttributeSketch: Sendable, Equatable {
    var key: String
    /// The client attribute name (`NameStyle.attributeName`).
    var name: String
    /// The `entity_attribute_types` type the values seen agree on, nil when they disagree
    /// or were all null.
    var type: String?
    /// False once a value disagreed with `type`.
    var typeAgreed = true
}

/// One nested object (to-one) or array of objects (to-many).
struct RelationshipSketch: Sendable, Equatable {
    var key: String
    var name: String
    var target: String
    var toMany: Bool
}
