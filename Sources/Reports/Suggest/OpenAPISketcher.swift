import RestmapEngine
import RestmapOpenAPI

/// `restmap init --openapi`: entities and path mappings from an OpenAPI document rather than
/// from samples. An object schema a response uses is an entity (named after its component,
/// else after the property or path holding it); its scalar properties are attributes typed
/// from `type` and `format`; object properties and arrays of objects are relationships; an
/// `id`-like required property is the primary key. Each operation with a JSON success
/// response gets a path mapping (`{petId}` → `:petId`), with a `key_path` where a wrapper
/// object holds the collection, and one matcher per discriminator value where the response
/// is `oneOf`/`anyOf` with a discriminator.
struct OpenAPISketcher {
    let document: OpenAPIDocument
    private(set) var entities: [EntitySketch] = []
    private(set) var paths: [PathSketch] = []
    /// A request mapping per path and body class, from the operations' JSON request bodies.
    private(set) var requests: [RequestSketch] = []
    /// `error_mappings`, from the first JSON error response (`4xx`, `5xx`, `default`).
    private(set) var errors: ErrorSketch?
    /// Why an operation or a property has no mapping, for comments in the config.
    private(set) var notes: [String] = []
    private var indexByName: [String: Int] = [:]
    private var namesTaken: [Set<String>] = []

    init(document: OpenAPIDocument) {
        self.document = document
    }

    mutating func sketch() throws {
        var pathsNoted: Set<String> = []
        for operation in try document.operations() {
            if pathsNoted.insert(operation.path).inserted {
                for name in operation.unseparatedParameters {
                    notes.append("\(operation.path): {\(name)} runs into what follows it in the pattern \(operation.pattern); edit the path mapping by hand")
                }
            }
            if let body = operation.requestBody {
                let schema = try document.schema(body)
                if schema.isObject, !schema.properties.isEmpty {
                    let className = schema.name.map(NameStyle.entityName) ?? StarterConfig.entityName(forPath: operation.pattern)
                    let request = try requestSketch(schema, className: className, uri: operation.pattern, depth: 0)
                    // One request mapping a class: `request --class` could not choose between two.
                    if let earlier = requests.first(where: { $0.className == className }) {
                        if earlier.uri != request.uri {
                            notes.append("\(operation.method.uppercased()) \(operation.path) also sends a \(className) body; its request mapping is the one for \(earlier.uri)")
                        }
                    } else {
                        requests.append(request)
                    }
                }
            }
            if errors == nil, let error = operation.errorResponse { errors = try errorSketch(try document.schema(error)) }
            guard let response = operation.response else { continue }
            let schema = try document.schema(response)
            let fallback = StarterConfig.entityName(forPath: operation.pattern)
            guard let path = try pathSketch(for: schema, uri: operation.pattern, fallbackName: fallback) else {
                notes.append("\(operation.method.uppercased()) \(operation.path): its response holds no object to map")
                continue
            }
            if let earlier = paths.first(where: { $0.uri == path.uri }) {
                if earlier != path {
                    notes.append("\(operation.method.uppercased()) \(operation.path): its response (\(path.shape)) differs from the one the path mapping for \(path.uri) takes (\(earlier.shape)); map it by hand if both arrive")
                }
                continue
            }
            paths.append(path)
        }
    }

    /// Where a response's objects sit and what they are.
    private mutating func pathSketch(for schema: OpenAPISchema, uri: String, fallbackName: String) throws -> PathSketch? {
        if let matchers = try discriminated(schema, fallbackName: fallbackName) {
            return PathSketch(uri: uri, keyPath: nil, entity: matchers[0].entity, matchers: matchers)
        }
        if schema.isArray, let items = schema.items {
            let element = try document.schema(items)
            if let matchers = try discriminated(element, fallbackName: fallbackName) {
                return PathSketch(uri: uri, keyPath: nil, entity: matchers[0].entity, matchers: matchers)
            }
            return try entity(for: element, name: fallbackName).map { PathSketch(uri: uri, keyPath: nil, entity: $0) }
        }
        guard schema.isObject else { return nil }
        // A wrapper ({"items": [...], "total": 3}): an object without an identifier of its
        // own whose property holds an array of objects.
        let identified = schema.properties.contains { EntitySketch.identifierCandidates(for: schema.name ?? fallbackName).contains($0.key) }
        if !identified {
            for (key, node) in schema.properties {
                let property = try document.schema(node)
                guard property.isArray, let items = property.items else { continue }
                let element = try document.schema(items)
                guard element.isObject, !element.properties.isEmpty else { continue }
                if let entity = try entity(for: element, name: fallbackName) {
                    return PathSketch(uri: uri, keyPath: key, entity: entity)
                }
            }
        }
        return try entity(for: schema, name: fallbackName).map { PathSketch(uri: uri, keyPath: nil, entity: $0) }
    }

    /// One matcher per discriminator value, when `schema` is `oneOf`/`anyOf` with one.
    private mutating func discriminated(_ schema: OpenAPISchema, fallbackName: String) throws -> [MatcherSketch]? {
        guard let discriminator = schema.discriminator, !schema.options.isEmpty else { return nil }
        var matchers: [MatcherSketch] = []
        if discriminator.mapping.isEmpty {
            // Without a mapping, the value is the option's component name.
            for option in schema.options {
                let resolved = try document.schema(option)
                if let name = resolved.name, let entity = try entity(for: resolved, name: name) {
                    matchers.append(MatcherSketch(keyPath: discriminator.property, value: name, entity: entity))
                }
            }
        } else {
            for (value, target) in discriminator.mapping {
                let resolved = try document.discriminatorTarget(target)
                if let entity = try entity(for: resolved, name: resolved.name ?? NameStyle.entityName(value)) {
                    matchers.append(MatcherSketch(keyPath: discriminator.property, value: value, entity: entity))
                }
            }
        }
        return matchers.isEmpty ? nil : matchers
    }

    /// The entity an object schema is, sketched on first use; nil for a schema with no
    /// properties (a free-form object has nothing for a mapping to name).
    private mutating func entity(for schema: OpenAPISchema, name suggested: String) throws -> String? {
        guard schema.isObject, !schema.properties.isEmpty else { return nil }
        let name = schema.name.map(NameStyle.entityName) ?? suggested
        if indexByName[name] != nil { return name }
        let index = entities.count
        indexByName[name] = index
        var sketch = EntitySketch(name: name)
        sketch.identifierKeys = schema.required
        entities.append(sketch)
        namesTaken.append([])
        for (key, node) in schema.properties {
            guard ShapeSketcher.isReadableKey(key) else {
                notes.append("\(name).\(key): no key path can read this key as it is")
                continue
            }
            let property = try document.schema(node)
            if property.isObject, let target = try entity(for: property, name: NameStyle.entityName(key)) {
                entities[index].relationships.append(
                    RelationshipSketch(key: key, name: uniqueName(for: key, in: index), target: target, toMany: false))
            } else if property.isArray, let items = property.items, let target = try entity(for: try document.schema(items), name: NameStyle.entityName(key)) {
                entities[index].relationships.append(
                    RelationshipSketch(key: key, name: uniqueName(for: key, in: index), target: target, toMany: true))
            } else {
                entities[index].attributes.append(
                    AttributeSketch(key: key, name: uniqueName(for: key, in: index), type: Self.attributeType(property)))
            }
        }
        return name
    }

    /// An error response's objects as `error_mappings`: the object itself, or the objects of
    /// an array it holds (`{"errors": [{"code": ..., "message": ...}]}`); scalar keys only.
    private func errorSketch(_ schema: OpenAPISchema) throws -> ErrorSketch? {
        var objects = schema, keyPath: String?
        if schema.isArray, let items = schema.items { objects = try document.schema(items) }
        if objects.isObject, objects.properties.count == 1, let (key, node) = objects.properties.first {
            let property = try document.schema(node)
            if property.isArray, let items = property.items {
                let element = try document.schema(items)
                if element.isObject && !element.properties.isEmpty { (objects, keyPath) = (element, key) }
            }
        }
        guard objects.isObject, !objects.properties.isEmpty else { return nil }
        var sketch = ErrorSketch(keyPath: keyPath, className: objects.name.map(NameStyle.entityName) ?? "Error")
        var taken: Set<String> = []
        for (key, node) in objects.properties where ShapeSketcher.isReadableKey(key) {
            let property = try document.schema(node)
            guard !property.isObject, !property.isArray else { continue }
            sketch.attributes.append((key, NameStyle.unique(NameStyle.attributeName(key), in: &taken)))
        }
        return sketch.attributes.isEmpty ? nil : sketch
    }

    /// Request bodies nest related objects at most this deep (a schema may refer to itself).
    static let maxRequestDepth = 8

    /// A request body schema as a request mapping: scalar properties as attributes, object
    /// properties (and arrays of objects) as nested mappings.
    private func requestSketch(_ schema: OpenAPISchema, className: String, uri: String, depth: Int) throws -> RequestSketch {
        var request = RequestSketch(uri: uri, className: className)
        var taken: Set<String> = []
        for (key, node) in schema.properties where ShapeSketcher.isReadableKey(key) {
            var property = try document.schema(node)
            let name = NameStyle.unique(NameStyle.attributeName(key), in: &taken)
            if property.isArray, let items = property.items {
                let element = try document.schema(items)
                if element.isObject && !element.properties.isEmpty { property = element }
            }
            if depth < Self.maxRequestDepth, property.isObject, !property.properties.isEmpty {
                let nestedClass = property.name.map(NameStyle.entityName) ?? NameStyle.entityName(key)
                request.relationships.append((name, key, try requestSketch(property, className: nestedClass, uri: uri, depth: depth + 1)))
            } else {
                request.attributes.append((name, key))
            }
        }
        return request
    }

    private mutating func uniqueName(for key: String, in index: Int) -> String {
        NameStyle.unique(NameStyle.attributeName(key), in: &namesTaken[index])
    }

    /// The `entity_attribute_types` type a scalar schema says; nil for arrays, objects and
    /// schemas that say no type.
    static func attributeType(_ schema: OpenAPISchema) -> String? {
        switch (schema.type, schema.format) {
        case ("integer", "int32"): return "integer32"
        case ("integer", _): return "integer64"
        case ("number", "float"): return "float"
        case ("number", "double"): return "double"
        case ("number", _): return "decimal"
        case ("boolean", _): return "boolean"
        case ("string", "date-time"), ("string", "date"): return "date"
        case ("string", "uuid"): return "uuid"
        case ("string", "uri"), ("string", "url"): return "url"
        case ("string", _): return "string"
        default: return nil
        }
    }
}
