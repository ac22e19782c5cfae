import RestmapEngine

/// A path mapping a suggested config gets for one sample: its request path, where the
/// objects sit, and the entity they are.
struct PathSketch: Sendable, Equatable {
    var uri: String
    var keyPath: String?
    var entity: String
    /// Matchers that tell the objects apart by a property's value (an OpenAPI
    /// discriminator); empty: one matcher naming `entity`.
    var matchers: [MatcherSketch] = []

    init(uri: String, keyPath: String?, entity: String, matchers: [MatcherSketch] = []) {
        self.uri = uri
        self.keyPath = keyPath
        self.entity = entity
        self.matchers = matchers
    }
}

/// A request mapping: how a client object of `className` becomes the body sent to `uri`.
/// `attributes` pair a client attribute with the body key it fills; `relationships` nest
/// the same for objects inside the body.
struct RequestSketch: Sendable {
    var uri: String
    var className: String
    var attributes: [(attribute: String, key: String)] = []
    var relationships: [(name: String, key: String, body: RequestSketch)] = []

    /// `attribute_mappings` (and `relationship_mappings`) as a request mapping writes them.
    var bodyEntries: ValueObject {
        var entry = ValueObject([("attribute_mappings", .object(ValueObject(attributes.map { ($0.attribute, .string($0.key)) })))])
        if !relationships.isEmpty {
            entry["relationship_mappings"] = .object(ValueObject(relationships.map { relationship in
                var nested = relationship.body.bodyEntries
                if relationship.key != relationship.name { nested["body_key"] = .string(relationship.key) }
                return (relationship.name, .object(nested))
            }))
        }
        return entry
    }
}

extension PathSketch {
    /// What the mapping takes, in words: `Pet objects under 'items'`, `Pet or Bird objects by 'kind'`.
    var shape: String {
        let entities = matchers.isEmpty ? entity : matchers.map(\.entity).joined(separator: " or ")
        let place = keyPath.map { "under '\($0)'" } ?? "at the root"
        let by = matchers.first.map { " by '\($0.keyPath)'" } ?? ""
        return "\(entities) objects \(place)\(by)"
    }
}

/// `error_mappings`: what an error response's objects are (`className`), where they sit,
/// and which client attribute each key fills.
struct ErrorSketch: Sendable {
    var keyPath: String?
    var className: String
    var attributes: [(key: String, attribute: String)] = []

    var section: Value {
        var entry = ValueObject()
        if let keyPath { entry["key_path"] = .string(keyPath) }
        entry["class_name"] = .string(className)
        entry["attribute_mappings"] = .object(ValueObject(attributes.map { ($0.key, .string($0.attribute)) }))
        return .object(entry)
    }
}

/// A matcher taking the objects whose `keyPath` holds `value` as `entity`.
struct MatcherSketch: Sendable, Equatable {
    var keyPath: String
    var value: String
    var entity: String
}

/// Writes sketched entities as config sections (SPEC §1): `entity_attribute_mappings`,
/// `primary_key_mappings`, `relationship_mappings`, `entity_attribute_types` and
/// `path_mappings`, as a whole XML plist (`restmap init`) or as the entries to paste into
/// an existing config (`validate --suggest`).
struct ConfigSketchWriter {
    init() {}

    /// The config's sections as one dictionary; sections with nothing to say are left out.
    func sections(entities: [EntitySketch], paths: [PathSketch] = [], requests: [RequestSketch] = [], errors: ErrorSketch? = nil) -> ValueObject {
        var attributes = ValueObject(), keys = ValueObject(), relationships = ValueObject(), types = ValueObject()
        for entity in entities {
            attributes[entity.name] = .object(ValueObject(entity.attributes.map { ($0.key, .string($0.name)) }))
            if let key = entity.primaryKey {
                keys[entity.name] = .array([.string(key.name)])
            }
            if !entity.relationships.isEmpty {
                relationships[entity.name] = .object(ValueObject(entity.relationships.map { relationship in
                    (relationship.key, .object(ValueObject([
                        ("target", .string(relationship.target)), ("key_path", .string(relationship.name)),
                    ])))
                }))
            }
            let typed = entity.attributes.compactMap { attribute in attribute.type.map { (attribute.name, Value.string($0)) } }
            if !typed.isEmpty { types[entity.name] = .object(ValueObject(typed)) }
        }
        var result = ValueObject()
        if !attributes.isEmpty { result["entity_attribute_mappings"] = .object(attributes) }
        if !keys.isEmpty { result["primary_key_mappings"] = .object(keys) }
        if !relationships.isEmpty { result["relationship_mappings"] = .object(relationships) }
        if !types.isEmpty { result["entity_attribute_types"] = .object(types) }
        if !paths.isEmpty {
            result["path_mappings"] = .array(paths.map { path in
                var entry = ValueObject([("uri", .string(path.uri))])
                if let keyPath = path.keyPath { entry["key_path"] = .string(keyPath) }
                if path.matchers.isEmpty {
                    entry["matchers"] = .array([.object(ValueObject([("entity_name", .string(path.entity))]))])
                } else {
                    entry["matchers"] = .array(path.matchers.map { matcher in
                        .object(ValueObject([
                            ("key_path", .string(matcher.keyPath)), ("expected_value", .string(matcher.value)),
                            ("entity_name", .string(matcher.entity)),
                        ]))
                    })
                }
                return .object(entry)
            })
        }
        if let errors { result["error_mappings"] = errors.section }
        if !requests.isEmpty {
            result["request_mappings"] = .array(requests.map { request in
                var entry = ValueObject([("uri", .string(request.uri)), ("class_name", .string(request.className))])
                for member in request.bodyEntries.entries { entry[member.key] = member.value }
                return .object(entry)
            })
        }
        return result
    }

    /// A whole XML plist document.
    func document(_ sections: ValueObject) throws -> String {
        try PlistEmitter.document(.object(sections))
    }

    /// The sections' entries as plist lines to paste inside a config's top-level `<dict>`:
    /// the document without its header, `<plist>` and outer `<dict>`, one level less indented.
    func snippet(_ sections: ValueObject) throws -> String {
        let lines = try document(sections).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let open = lines.firstIndex(of: "<dict>"), let close = lines.lastIndex(of: "</dict>"), open < close else {
            return ""
        }
        return lines[(open + 1)..<close].map { $0.hasPrefix("\t") ? String($0.dropFirst()) : $0 }
            .joined(separator: "\n") + "\n"
    }
}
