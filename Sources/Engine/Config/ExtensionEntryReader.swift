/// Reads the config extensions that let a config say what RestKit can do but RestKitMapper's
/// format cannot (SPEC §1.7, docs/config.md, "Extensions"):
///
/// - `matchers` on a relationship: each related representation picks its entity, as path
///   mappings' matchers do (RestKit's dynamic mapping in a relationship);
/// - `relationship_mappings` and `key_attribute` in a request mapping: related client objects
///   nested in the body, and `(attribute)` body keys named by an attribute's value.
///
/// (`force_collection_mapping` and `key_attribute` in `mapping_options` are read by
/// `MappingOptionsSection`.)
///
/// Like `ConfigLoader`, it reports wrong shapes at the node and carries on.
struct ExtensionEntryReader {
    let shape: PlistShape
    let log: DiagnosticLog

    /// The request mapping keys this reader handles.
    static let requestMappingKeys = ["relationship_mappings", "key_attribute"]

    // MARK: relationship matchers

    /// A relationship's `matchers`, and the node standing in for its `target` when it has
    /// none: the first matcher's entity (or plain class) name.
    func relationshipMatchers(
        _ node: PlistNode, _ path: String, _ readMatcher: (PlistNode, String) -> Matcher?
    ) -> (list: [Matcher], impliedTarget: PlistNode?) {
        guard let elements = shape.array(node, path, what: "an array of matchers") else { return ([], nil) }
        if elements.isEmpty {
            log.error(.configNoMatchers, "\(path) is empty: no related object could be mapped", at: node.location)
        }
        var list: [Matcher] = []
        for (index, element) in elements.enumerated() {
            if let matcher = readMatcher(element, "\(path).\(index)") { list.append(matcher) }
        }
        let implied = list.first.map { PlistNode(.string($0.entityName), at: $0.location) }
        return (list, implied)
    }

    // MARK: request mappings

    /// `relationship_mappings` and `key_attribute` of a request mapping (top level or nested).
    func readRequestExtensions(_ entry: PlistNode, _ path: String, into mapping: inout RequestMapping, depth: Int = 0) {
        if let keyNode = entry["key_attribute"],
            let name = shape.string(keyNode, "\(path).key_attribute", what: "a string (the attribute naming the body key)")
        {
            if name.isEmpty {
                log.error(.configInvalidKeyAttribute, "\(path).key_attribute is empty", at: keyNode.location)
            } else {
                mapping.keyAttribute = Located(name, at: keyNode.location)
            }
        }
        guard let relationshipsNode = entry["relationship_mappings"],
            let relationships = shape.dictionary(
                relationshipsNode, "\(path).relationship_mappings", what: "a dictionary of object key path to nested request mapping")
        else { return }
        guard depth < 64 else {
            log.error(.configNestingTooDeep, "\(path) nests request mappings more than 64 levels deep", at: relationshipsNode.location)
            return
        }
        for relationship in relationships {
            let relationshipPath = "\(path).relationship_mappings.\(relationship.key)"
            if let nested = readNestedRequestMapping(relationship, relationshipPath, parent: mapping, depth: depth + 1) {
                mapping.relationships.append(nested)
            }
        }
    }

    /// `objectKeyPath: { body_key?, class_name?, attribute_mappings, relationship_mappings?, key_attribute? }`.
    private func readNestedRequestMapping(
        _ entry: PlistNode.Entry, _ path: String, parent: RequestMapping, depth: Int
    ) -> RequestRelationship? {
        guard let fields = shape.dictionary(entry.value, path, what: "a dictionary (a nested request mapping)") else { return nil }
        shape.unknownKeys(fields, allowed: ["body_key", "class_name", "attribute_mappings"] + Self.requestMappingKeys, path)
        var bodyKey = entry.key
        if let bodyKeyNode = entry.value["body_key"] {
            guard let text = shape.string(bodyKeyNode, "\(path).body_key", what: "a string (the body key)") else { return nil }
            bodyKey = text
        }
        var className: Located<String>?
        if let classNode = entry.value["class_name"], let text = shape.string(classNode, "\(path).class_name") {
            className = Located(text, at: classNode.location)
        }
        var attributes: [RequestAttribute] = []
        if let attributesNode = entry.value["attribute_mappings"] {
            if let pairs = shape.dictionary(attributesNode, "\(path).attribute_mappings") {
                for pair in pairs {
                    guard let key = shape.string(pair.value, "\(path).attribute_mappings.\(pair.key)", what: "a string (the body key)")
                    else { continue }
                    attributes.append(RequestAttribute(source: KeyPath(pair.key), bodyKey: key, location: pair.keyLocation))
                }
            }
        } else if entry.value["relationship_mappings"] == nil {
            log.error(.configMissingEntry, "\(path) has no 'attribute_mappings': each related object would be an empty dictionary", at: entry.keyLocation)
        }
        var mapping = RequestMapping(
            uri: nil, className: className, rootKeyPath: nil, attributes: attributes, location: entry.keyLocation,
            index: parent.index)
        mapping.configPath = path
        readRequestExtensions(entry.value, path, into: &mapping, depth: depth)
        return RequestRelationship(source: KeyPath(entry.key), bodyKey: bodyKey, mapping: mapping, location: entry.keyLocation)
    }
}

/// One `relationship_mappings` entry of a request mapping: the related object (to-one) or
/// objects (to-many) at `source` are written at `bodyKey` with their own request mapping.
public struct RequestRelationship: Sendable {
    public var source: KeyPath
    /// Dotted body keys nest, as for attributes.
    public var bodyKey: String
    public var mapping: RequestMapping
    var location: SourceLocation
}

extension RequestMapping {
    /// Every body key the mapping writes, nested mappings included, with where it is
    /// configured and the label of the mapping writing it (for XML name checks).
    var allBodyKeys: [(bodyKey: String, location: SourceLocation, label: String, keyAttribute: String?)] {
        var keys = attributes.map { ($0.bodyKey, $0.location, label, keyAttribute?.value) }
        for relationship in relationships {
            keys.append((relationship.bodyKey, relationship.location, label, keyAttribute?.value))
            keys.append(contentsOf: relationship.mapping.allBodyKeys)
        }
        return keys
    }

    /// Every mapping nested in this one, depth first.
    var nestedMappings: [RequestMapping] {
        relationships.flatMap { [$0.mapping] + $0.mapping.nestedMappings }
    }
}

extension RelationshipMapping {
    /// The entities the relationship can hold: its matchers' (each once, in order), else its target.
    public var targetNames: [String] {
        guard let matchers else { return [target.value] }
        var names: [String] = []
        for matcher in matchers where !names.contains(matcher.entityName) { names.append(matcher.entityName) }
        return names
    }
}
