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
    /// The keys that may identify an object: all of them for samples; an OpenAPI schema's
    /// `required` properties (an identifier an object may lack identifies nothing).
    var identifierKeys: Set<String>?

    init(name: String) {
        self.name = name
    }

    /// The client attribute RestKit would infer as the identifier: `<entity>ID`,
    /// `<entity_snake>_id`, then `identifier`, `id`, `ID`, `URL`, `url`
    /// (RKIdentificationAttributesInferredFromEntity), matched against the payload keys and
    /// the attribute names.
    var primaryKey: AttributeSketch? {
        for candidate in Self.identifierCandidates(for: name) {
            if let match = attributes.first(where: { ($0.key == candidate || $0.name == candidate) && identifierKeys?.contains($0.key) != false }) {
                return match
            }
        }
        // A schema says which properties every object has: a required one named like an
        // identifier (`eventId`, `order_id`) identifies the object where RestKit's names miss.
        if let identifierKeys {
            return attributes.first { attribute in
                identifierKeys.contains(attribute.key)
                    && ["Id", "ID", "_id", "Identifier"].contains { attribute.key.hasSuffix($0) && attribute.key.count > $0.count }
            }
        }
        return nil
    }

    /// RestKit's identifier names for an entity, in the order it tries them.
    static func identifierCandidates(for entity: String) -> [String] {
        let lowerFirst = entity.prefix(1).lowercased() + entity.dropFirst()
        let snake = NameStyle.words(entity).map { $0.lowercased() }.joined(separator: "_")
        return [lowerFirst + "ID", snake + "_id", "identifier", "id", "ID", "URL", "url"]
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
