/// Everything a config defines, typed and cross-referenced: what the mapper, the request
/// builder and the linter work from. Built by `ConfigLoader` from the plist; every part
/// keeps the location it was written at so that diagnostics can point back into the file.
public struct MappingDefinitions: Sendable {
    /// The config file, for messages.
    public var file: String
    /// Entities in the order `entity_attribute_mappings` lists them (output follows it).
    public var entities: [EntityMapping] = []
    public var pathMappings: [PathMapping] = []
    public var requestMappings: [RequestMapping] = []
    /// `error_mappings`, when the config has it.
    var errorMapping: EntityMapping?
    /// `date_formats`: Unicode date patterns, parsed, tried in order after the built-in formats.
    var dateFormats: [Located<DatePattern>] = []
    /// The recognised sections the config contains, in file order.
    var sections: [String] = []
    /// `error_mappings.key_path`: where error payloads keep their errors (nil: the root).
    var errorKeyPath: KeyPath?
    /// Every place a section keyed by entity names one, for the linter to check.
    var entityReferences: [EntityReference] = []

    private var entityIndex: [String: Int] = [:]

    init(file: String) {
        self.file = file
    }

    /// The entity named `name`, if the config defines it.
    func entity(named name: String) -> EntityMapping? {
        entityIndex[name].map { entities[$0] }
    }

    public func contains(entity name: String) -> Bool { entityIndex[name] != nil }

    /// Adds an entity, or returns false when one of that name exists.
    @discardableResult
    mutating func addEntity(_ entity: EntityMapping) -> Bool {
        guard entityIndex[entity.name] == nil else { return false }
        entityIndex[entity.name] = entities.count
        entities.append(entity)
        return true
    }

    /// Changes the entity named `name` in place.
    mutating func updateEntity(_ name: String, _ change: (inout EntityMapping) -> Void) {
        guard let index = entityIndex[name] else { return }
        change(&entities[index])
    }

    /// The position of an entity in config order (records are grouped in that order).
    func order(ofEntity name: String) -> Int? { entityIndex[name] }
}

/// An entity name used as a key in a section other than `entity_attribute_mappings`.
struct EntityReference: Sendable {
    var name: String
    var location: SourceLocation
    /// The section it appears in.
    var context: String
}

/// A value together with where the config wrote it.
public struct Located<Wrapped: Sendable>: Sendable {
    public var value: Wrapped
    public var location: SourceLocation

    init(_ value: Wrapped, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Wrapped: Equatable {}
extension Located: Hashable where Wrapped: Hashable {}

/// How one entity (or a plain object class) is mapped from payload representations.
public struct EntityMapping: Sendable {
    public var name: String
    /// Where the entity's name was written in `entity_attribute_mappings`.
    public var location: SourceLocation
    /// Where `entity_attribute_types` declared each attribute's type (model binding reports
    /// disagreements there).
    var attributeTypeLocations: [String: SourceLocation] = [:]
    /// Attribute mappings in config order.
    public var attributes: [AttributeMapping] = []
    /// Identification attributes (client-side names) in order; empty: every
    /// representation becomes a new object.
    public var primaryKeys: [Located<String>] = []
    /// True when the primary keys were inferred from a Core Data model, not configured.
    public var primaryKeysInferred = false
    /// Relationship mappings in config order.
    public var relationships: [RelationshipMapping] = []
    var options = MappingOptions()
    /// Declared attribute types (`entity_attribute_types` or a model), by client name.
    public var attributeTypes: [String: AttributeType] = [:]
    /// `value_mappings` tables by client attribute name, located at the attribute's key.
    var valueMappings: [String: Located<ValueMapping>] = [:]
    /// Plain objects (matchers without `entity_name`, error mappings) have no identity.
    var isPlain = false

    init(name: String, location: SourceLocation, isPlain: Bool = false) {
        self.name = name
        self.location = location
        self.isPlain = isPlain
    }

    /// The attribute mapping writing the client attribute `name`.
    func attribute(writing name: String) -> AttributeMapping? {
        attributes.first { $0.destination == name }
    }

    /// The client-side attribute names this entity maps, in order.
    var attributeNames: [String] { attributes.map(\.destination) }
}

/// `{ sourceKeyPath: destinationAttribute }`: read a payload key path, write a client attribute.
public struct AttributeMapping: Sendable {
    public var source: KeyPath
    /// The client-side attribute; dotted (`address.city`) writes into a nested dictionary.
    public var destination: String
    var destinationPath: [String]
    public var location: SourceLocation

    init(source: String, destination: String, location: SourceLocation) {
        self.source = KeyPath(source)
        self.destination = destination
        self.destinationPath = destination.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.location = location
    }
}

/// A relationship of an entity: nested (the payload embeds the related representation) or,
/// with `fk_mapping`, a connection made after mapping by matching attribute values.
public struct RelationshipMapping: Sendable {
    /// The payload key path (the section's key); for connections only a name.
    public var source: KeyPath
    /// The relationship's client-side name (`key_path` in the config).
    public var name: String
    /// The related entity.
    public var target: Located<String>
    /// `fk_mapping` pairs `(source attribute, target attribute)`; nil for nested relationships.
    public var connection: [ConnectionPair]?
    public var location: SourceLocation
    /// To-one or to-many, when a Core Data model says so; nil: the payload's shape decides
    /// (a dictionary is one object, an array several).
    public var cardinality: Cardinality?
    /// `matchers` (extension, SPEC §1.7): choose each related representation's mapping, as
    /// a path mapping's matchers do; nil for a relationship with one target.
    public var matchers: [Matcher]? = nil
    /// True when `target` was not written and stands for the first matcher's entity.
    var targetIsImplied = false

    var isConnection: Bool { connection != nil }
}

/// Whether a relationship holds one object or several.
public enum Cardinality: String, Sendable {
    case toOne = "to-one"
    case toMany = "to-many"
}

/// One `sourceAttribute: targetAttribute` pair of an `fk_mapping`.
public struct ConnectionPair: Sendable {
    public var sourceAttribute: Located<String>
    public var targetAttribute: Located<String>
}

/// RestKit's per-mapping options (`mapping_options`).
struct MappingOptions: Sendable, Equatable {
    /// Absent source key paths set the attribute to null instead of leaving it unset.
    var setNilForMissingAttributes = false
    /// Absent relationship sources clear the relationship.
    var setNilForMissingRelationships = false
    /// `force_collection_mapping`: a dictionary is a collection, each key one object.
    var forceCollectionMapping = false
    /// `key_attribute`: the attribute that receives the key of a dictionary-keyed object.
    var keyAttribute: Located<String>? = nil

    init() {}
}

/// An entry of `path_mappings`: which request paths it serves, where the data sits in the
/// payload, and which mapping takes each object found there.
public struct PathMapping: Sendable {
    public var uri: Located<PathPattern>
    /// The container of the data; nil or empty: the payload root.
    public var keyPath: Located<KeyPath>?
    public var matchers: [Matcher]
    var location: SourceLocation
    /// Its position among `path_mappings` (coverage and messages name it).
    public var index: Int
}

/// Chooses the mapping for one object representation.
public struct Matcher: Sendable {
    public enum Kind: Sendable {
        /// Maps with `entity` when the value at `keyPath` equals `expected` (loosely, SPEC §1.4).
        case keyed(keyPath: KeyPath, expected: Value, entity: Located<String>)
        /// Maps every object no keyed matcher took with `entity`.
        case entityFallback(Located<String>)
        /// Maps every object no keyed matcher took as a plain object.
        case plainObject(EntityMapping)
    }

    public var kind: Kind
    var location: SourceLocation

    var isFallback: Bool {
        if case .keyed = kind { return false }
        return true
    }

    /// The entity this matcher maps into (plain objects: their class name).
    public var entityName: String {
        switch kind {
        case .keyed(_, _, let entity), .entityFallback(let entity): return entity.value
        case .plainObject(let mapping): return mapping.name
        }
    }
}

/// An entry of `request_mappings`: how a client object becomes a request body.
public struct RequestMapping: Sendable {
    public var uri: Located<PathPattern>?
    public var className: Located<String>?
    /// Wraps the body: `{ root_keypath: body }`.
    public var rootKeyPath: String?
    /// `objectKeyPath → bodyKey` pairs in config order.
    public var attributes: [RequestAttribute]
    var location: SourceLocation
    var index: Int
    /// `relationship_mappings` (extension): nested request mappings for related objects.
    public var relationships: [RequestRelationship] = []
    /// `key_attribute` (extension): the attribute whose value names `(attribute)` body keys.
    public var keyAttribute: Located<String>? = nil
    /// Where the entry sits in the config, for messages (`request_mappings.0`, or deeper for
    /// a nested mapping).
    var configPath: String? = nil

    /// The entry's name in messages.
    var label: String { configPath ?? "request_mappings.\(index)" }
}

/// One request attribute mapping: read `source` from the client object, write `bodyKey`.
public struct RequestAttribute: Sendable {
    public var source: KeyPath
    /// Dotted body keys nest (`user.name` → `{"user":{"name":…}}`).
    public var bodyKey: String
    var location: SourceLocation
}
