import RestmapEngine

/// `restmap check --openapi SPEC`: where a config and the API's OpenAPI document disagree.
/// Each path mapping is matched to the document's paths (`:id` and `{id}` match any
/// segment); through the matched operation's JSON success response (its GET, else the first
/// with one) each entity the mapping's matchers name is held to the object schema at the
/// mapping's `key_path`: every key path an attribute or relationship reads must be a
/// property there, every typed attribute must agree with its property's type, and every
/// required property should be read. Findings sit at the config entry, with the schema's
/// place as a related location (SARIF and the GitHub annotations show both).
public struct OpenAPIDrift {
    let document: OpenAPIDocument
    let definitions: MappingDefinitions
    private var found: [Diagnostic] = []
    /// Entity and schema pairs compared already: a schema that refers back ends there.
    private var compared: Set<String> = []

    /// The config's entities by name (the first of a name, as the loader keeps it).
    private let entities: [String: EntityMapping]

    public init(document: OpenAPIDocument, definitions: MappingDefinitions) {
        self.document = document
        self.definitions = definitions
        var entities: [String: EntityMapping] = [:]
        for entity in definitions.entities where entities[entity.name] == nil { entities[entity.name] = entity }
        self.entities = entities
    }

    /// - Throws: `RestmapError` (usage, `RM1203`) for a `$ref` of the document that cannot
    ///   be followed.
    public mutating func findings() throws -> [Diagnostic] {
        found = []
        let everyOperation = try document.operations()
        let operations = everyOperation.filter { $0.response != nil }
        let anyPath = OpenAPIPathIndex(everyOperation), withResponse = OpenAPIPathIndex(operations)
        let pathsWithGET = Set(operations.filter { $0.method == "get" }.map(\.path))
        var matchedPaths: Set<String> = []
        for mapping in definitions.pathMappings {
            let uri = mapping.uri.value.text
            let matched = anyPath.matching(mapping.uri.value)
            guard !matched.isEmpty else {
                add(.openAPIUnknownPath, "path mapping '\(uri)' matches no path of the OpenAPI document",
                    at: mapping.uri.location, related: [("the document's paths", document.root["paths"]?.location ?? document.root.location)])
                continue
            }
            // Every path the mapping matches is mapped by it, not only the one compared below.
            matchedPaths.formUnion(matched.map(\.path))
            // The document's path most like the mapping's, its GET before its other operations.
            let closest = withResponse.closest(mapping.uri.value)
            guard let operation = closest.first(where: { $0.method == "get" }) ?? closest.first, let response = operation.response else {
                continue
            }
            let via = "\(operation.method.uppercased()) \(operation.path)"
            guard var schema = try objects(in: document.schema(response), keyPath: mapping.keyPath, via: via) else { continue }
            if schema.isArray, let items = schema.items { schema = try document.schema(items) }
            for matcher in mapping.matchers {
                guard let entity = entities[matcher.entityName] else { continue }
                try compare(entity, with: try option(of: schema, for: matcher), via: via)
            }
        }
        for operation in operations where !matchedPaths.contains(operation.path) {
            guard let response = operation.response, try holdsObjects(document.schema(response)), operation.method == "get" || !pathsWithGET.contains(operation.path) else { continue }
            matchedPaths.insert(operation.path)
            add(.openAPIUnmappedPath, "\(operation.method.uppercased()) \(operation.path) has a JSON response that no path mapping of \(FilePath.display(definitions.file)) matches",
                at: operation.location, related: [], severity: .note)
        }
        return found
    }

    /// Whether a response holds objects a mapping could take: an object with properties, an
    /// array of them, or options to choose between (a map of counts holds none).
    private func holdsObjects(_ schema: OpenAPISchema) throws -> Bool {
        if !schema.options.isEmpty { return true }
        if schema.isArray, let items = schema.items { return try holdsObjects(document.schema(items)) }
        return schema.isObject && !schema.properties.isEmpty
    }

    /// The schema at a path mapping's `key_path` inside a response schema.
    private mutating func objects(in schema: OpenAPISchema, keyPath: Located<KeyPath>?, via: String) throws -> OpenAPISchema? {
        guard let keyPath, !keyPath.value.text.isEmpty else { return schema }
        var current = schema
        for key in keyPath.value.text.split(separator: ".").map(String.init) {
            if current.isArray, let items = current.items { current = try document.schema(items) }
            guard let property = current.properties.first(where: { $0.key == key }) else {
                add(.openAPIUnknownKey, "key_path '\(keyPath.value.text)' is not in the response schema of \(via): it has no '\(key)'",
                    at: keyPath.location, related: [("the schema", current.location)])
                return nil
            }
            current = try document.schema(property.schema)
        }
        return current
    }

    /// The option of a `oneOf`/`anyOf` a matcher's entity stands for: the discriminator
    /// value's target, else the option named like the entity; the schema itself otherwise.
    private func option(of schema: OpenAPISchema, for matcher: Matcher) throws -> OpenAPISchema {
        guard !schema.options.isEmpty else { return schema }
        if case .keyed(_, let expected, _) = matcher.kind, case .string(let value) = expected,
            let target = schema.discriminator?.mapping.first(where: { $0.value == value })?.target
        {
            return try document.discriminatorTarget(target)
        }
        for option in schema.options {
            let resolved = try document.schema(option)
            if resolved.name == matcher.entityName { return resolved }
        }
        return schema
    }

    private mutating func compare(_ entity: EntityMapping, with schema: OpenAPISchema, via: String) throws {
        guard schema.isObject, !schema.properties.isEmpty else { return }
        guard compared.insert("\(entity.name)\u{0}\(schema.location.description)").inserted else { return }
        var read: Set<String> = []
        for attribute in entity.attributes {
            guard let (key, property) = try property(at: attribute.source.text, in: schema, entity: entity.name, location: attribute.location, via: via) else { continue }
            read.insert(key)
            if let type = entity.attributeTypes[attribute.destination], let property,
                let contradiction = OpenAPITypeAgreement.contradiction(type, property)
            {
                add(.openAPITypeMismatch, "\(entity.name).\(attribute.destination) is \(type.rawValue) in the config, but \(via) says \(contradiction)",
                    at: attribute.location, related: [("the property", property.location)])
            }
        }
        for relationship in entity.relationships where relationship.connection == nil {
            guard let (key, property) = try property(at: relationship.source.text, in: schema, entity: entity.name, location: relationship.location, via: via) else { continue }
            read.insert(key)
            guard var target = property, let related = entities[relationship.target.value] else { continue }
            if target.isArray, let items = target.items { target = try document.schema(items) }
            try compare(related, with: target, via: via)
        }
        for (key, node) in schema.properties where schema.required.contains(key) && !read.contains(key) {
            add(.openAPIRequiredUnread, "\(via) requires '\(key)' in \(entity.name) objects, and no mapping of \(entity.name) reads it",
                at: entity.location, related: [("the property", node.location)], severity: .note)
        }
    }

    /// The property a key path reads first, and the schema at its end (nil where the path goes
    /// past what the schema describes); nil after reporting a key the schema lacks. Pseudo
    /// keys (`@metadata`, `@parent`) and collection operators are not the schema's to judge.
    private mutating func property(
        at keyPath: String, in schema: OpenAPISchema, entity: String, location: SourceLocation, via: String
    ) throws -> (String, OpenAPISchema?)? {
        let keys = keyPath.split(separator: ".").map(String.init)
        guard let first = keys.first, !first.hasPrefix("@") else { return nil }
        var current = schema
        for key in keys {
            if current.isArray, let items = current.items {
                current = try document.schema(items)
                if Int(key) != nil { continue }
            }
            // Past what the schema describes (a free-form object, an operator): not its to judge.
            guard !key.hasPrefix("@"), current.isObject, !current.properties.isEmpty else { return (first, nil) }
            guard let node = current.properties.first(where: { $0.key == key })?.schema else {
                if current.allowsOtherProperties { return (first, nil) }
                add(.openAPIUnknownKey, "\(entity) reads '\(keyPath)', but the schema of \(via) has no '\(key)' there",
                    at: location, related: [("the schema", current.location)])
                return nil
            }
            current = try document.schema(node)
        }
        return (first, current)
    }

    private mutating func add(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation, related: [(String, SourceLocation)],
        severity: Diagnostic.Severity = .warning
    ) {
        found.append(Diagnostic(code, severity, message, at: location, related: related.map { .init($0.0, at: $0.1) }))
    }
}
