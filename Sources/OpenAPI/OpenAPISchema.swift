import RestmapEngine

/// One schema of an OpenAPI document seen flat: its `$ref`s followed, `allOf` merged into
/// one set of properties, 3.1's `type: [string, "null"]` read as `string`. Properties stay
/// nodes: what they hold is resolved when asked for, so a schema that refers to itself
/// (a tree of comments) is read without end only if its reader walks it without end.
public struct OpenAPISchema {
    /// The component it came from (`#/components/schemas/Pet` → `Pet`), which names an entity.
    public var name: String?
    /// `object`, `array`, `string`, `integer`, `number`, `boolean`; nil when not said (an
    /// object is still one when it has properties).
    public var type: String?
    public var format: String?
    /// Properties in document order, those of `allOf` members after their own.
    public var properties: [(key: String, schema: SpecNode)] = []
    public var required: Set<String> = []
    /// An array's `items`.
    public var items: SpecNode?
    /// `oneOf`/`anyOf` options.
    public var options: [SpecNode] = []
    /// A discriminator's property and its value → schema `mapping` (names or `$ref`s).
    public var discriminator: (property: String, mapping: [(value: String, target: SpecNode)])?
    /// Whether objects may hold properties the schema does not list (`additionalProperties`
    /// given and not `false`).
    var allowsOtherProperties = false
    /// Where the schema is written, for findings about it.
    public var location: SourceLocation

    public var isObject: Bool { type == "object" || (type == nil && !properties.isEmpty) }
    public var isArray: Bool { type == "array" || (type == nil && items != nil) }
}

extension OpenAPIDocument {
    /// `node` as a flat schema.
    /// - Throws: `RestmapError` (usage, `RM1203`) for a `$ref` that cannot be followed.
    public func schema(_ node: SpecNode) throws -> OpenAPISchema {
        var seen: Set<String> = []
        return try schema(node, seen: &seen)
    }

    private func schema(_ node: SpecNode, seen: inout Set<String>) throws -> OpenAPISchema {
        let (resolved, name) = try resolve(node)
        var result = OpenAPISchema(name: name, type: Self.type(of: resolved), format: resolved["format"]?.text, location: resolved.location)
        result.properties = resolved["properties"]?.members.map { ($0.key, $0.value) } ?? []
        result.required = Set(resolved["required"]?.elements.compactMap(\.text) ?? [])
        result.items = resolved["items"]
        if let additional = resolved["additionalProperties"] { result.allowsOtherProperties = additional.bool != false }
        result.options = (resolved["oneOf"]?.elements ?? []) + (resolved["anyOf"]?.elements ?? [])
        if let discriminator = resolved["discriminator"], let property = discriminator["propertyName"]?.text {
            let mapping = discriminator["mapping"]?.members.filter { $0.value.text != nil }.map { ($0.key, $0.value) } ?? []
            result.discriminator = (property, mapping)
        }
        // allOf: every member's properties and required names join the schema's own; a
        // member seen already on this path (a loop through allOf) adds nothing again.
        let key = "\(resolved.file):\(resolved.line):\(resolved.column)"
        guard seen.insert(key).inserted else { return result }
        for member in resolved["allOf"]?.elements ?? [] {
            let part = try schema(member, seen: &seen)
            for property in part.properties where !result.properties.contains(where: { $0.key == property.key }) {
                result.properties.append(property)
            }
            result.required.formUnion(part.required)
            if result.type == nil { result.type = part.type }
            if result.format == nil { result.format = part.format }
            if result.items == nil { result.items = part.items }
            if result.discriminator == nil { result.discriminator = part.discriminator }
            result.allowsOtherProperties = result.allowsOtherProperties || part.allowsOtherProperties
            if result.name == nil && resolved["properties"] == nil { result.name = part.name }
        }
        return result
    }

    /// `type`, or 3.1's list of types without `null`.
    private static func type(of node: SpecNode) -> String? {
        if let text = node["type"]?.text { return text }
        return node["type"]?.elements.compactMap(\.text).first { $0 != "null" }
    }

    /// The schema a discriminator's mapping value names — a `$ref` string or a component
    /// name — followed from the file that holds the mapping.
    public func discriminatorTarget(_ target: SpecNode) throws -> OpenAPISchema {
        let text = target.text ?? ""
        let (node, component) = try follow(text.contains("#") || text.contains("/") ? text : "#/components/schemas/" + text, from: target)
        var result = try schema(node)
        result.name = component ?? result.name
        return result
    }
}
