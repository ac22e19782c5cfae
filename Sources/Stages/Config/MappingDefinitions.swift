import RestmapBase
import RestmapFormats
import RestmapTypes

/// Everything a config defines, typed and cross-referenced: what the mapper, the request
/// builder and the linter work from. Built by `ConfigLoader` from the plist; every part
/// keeps the location it was written at so that diagnostics can point back into the file.
package struct MappingDefinitions: Sendable {
    /// The config file, for messages.
    package var file: String
    /// Entities in the order `entity_attribute_mappings` lists them (output follows it).
    package var entities: [EntityMapping] = []
    package var pathMappings: [PathMapping] = []
    package var requestMappings: [RequestMapping] = []
    /// `error_mappings`, when the config has it.
    package var errorMapping: EntityMapping?
    /// `date_formats`: Unicode date patterns, tried in order after the built-in formats.
    package var dateFormats: [Located<String>] = []
    /// The recognised sections the config contains, in file order.
    package var sections: [String] = []
    /// `error_mappings.key_path`: where error payloads keep their errors (nil: the root).
    package var errorKeyPath: KeyPath?
    /// Every place a section keyed by entity names one, for the linter to check.
    package var entityReferences: [EntityReference] = []

    private var entityIndex: [String: Int] = [:]

    package init(file: String) {
        self.file = file
    }

    /// The entity named `name`, if the config defines it.
    package func entity(named name: String) -> EntityMapping? {
        entityIndex[name].map { entities[$0] }
    }

    package func contains(entity name: String) -> Bool { entityIndex[name] != nil }

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
    package func order(ofEntity name: String) -> Int? { entityIndex[name] }
}

/// An entity name used as a key in a section other than `entity_attribute_mappings`.
package struct EntityReference: Sendable {
    package var name: String
    package var location: SourceLocation
    /// The section it appears in.
    package var context: String
}

/// A value together with where the config wrote it.
package struct Located<Wrapped: Sendable>: Sendable {
    package var value: Wrapped
    package var location: SourceLocation

    package init(_ value: Wrapped, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Wrapped: Equatable {}
extension Located: Hashable where Wrapped: Hashable {}

/// How one entity (or a plain object class) is mapped from payload representations.
package struct EntityMapping: Sendable {
    package var name: String
    /// Where the entity's name was written in `entity_attribute_mappings`.
    package var location: SourceLocation
    /// Where `entity_attribute_types` declared each attribute's type (model binding reports
    /// disagreements there).
    package var attributeTypeLocations: [String: SourceLocation] = [:]
    /// Attribute mappings in config order.
    package var attributes: [AttributeMapping] = []
    /// Identification attributes (client-side names) in order; empty: every
    /// representation becomes a new object.
    package var primaryKeys: [Located<String>] = []
    /// True when the primary keys were inferred from a Core Data model, not configured.
    package var primaryKeysInferred = false
    /// Relationship mappings in config order.
    package var relationships: [RelationshipMapping] = []
    package var options = MappingOptions()
    /// Declared attribute types (`entity_attribute_types` or a model), by client name.
    package var attributeTypes: [String: AttributeType] = [:]
    /// `value_mappings` tables by client attribute name.
    package var valueMappings: [String: ValueMappingTable] = [:]
    /// Plain objects (matchers without `entity_name`, error mappings) have no identity.
    package var isPlain = false

    package init(name: String, location: SourceLocation, isPlain: Bool = false) {
        self.name = name
        self.location = location
        self.isPlain = isPlain
    }

    /// The attribute mapping writing the client attribute `name`.
    package func attribute(writing name: String) -> AttributeMapping? {
        attributes.first { $0.destination == name }
    }

    /// The client-side attribute names this entity maps, in order.
    package var attributeNames: [String] { attributes.map(\.destination) }
}

/// `{ sourceKeyPath: destinationAttribute }`: read a payload key path, write a client attribute.
package struct AttributeMapping: Sendable {
    package var source: KeyPath
    /// The client-side attribute; dotted (`address.city`) writes into a nested dictionary.
    package var destination: String
    package var destinationPath: [String]
    package var location: SourceLocation

    package init(source: String, destination: String, location: SourceLocation) {
        self.source = KeyPath(source)
        self.destination = destination
        self.destinationPath = destination.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.location = location
    }
}

/// A relationship of an entity: nested (the payload embeds the related representation) or,
/// with `fk_mapping`, a connection made after mapping by matching attribute values.
package struct RelationshipMapping: Sendable {
    /// The payload key path (the section's key); for connections only a name.
    package var source: KeyPath
    /// The relationship's client-side name (`key_path` in the config).
    package var name: String
    /// The related entity.
    package var target: Located<String>
    /// `fk_mapping` pairs `(source attribute, target attribute)`; nil for nested relationships.
    package var connection: [ConnectionPair]?
    package var location: SourceLocation
    /// To-one or to-many, when a Core Data model says so; nil: the payload's shape decides
    /// (a dictionary is one object, an array several).
    package var cardinality: Cardinality?

    package var isConnection: Bool { connection != nil }
}

/// Whether a relationship holds one object or several.
package enum Cardinality: String, Sendable {
    case toOne = "to-one"
    case toMany = "to-many"
}

/// One `sourceAttribute: targetAttribute` pair of an `fk_mapping`.
package struct ConnectionPair: Sendable {
    package var sourceAttribute: Located<String>
    package var targetAttribute: Located<String>
}

/// RestKit's per-mapping options (`mapping_options`).
package struct MappingOptions: Sendable, Equatable {
    /// Absent source key paths set the attribute to null instead of leaving it unset.
    package var setNilForMissingAttributes = false
    /// Absent relationship sources clear the relationship.
    package var setNilForMissingRelationships = false

    package init() {}
}

/// A `value_mappings` table for one attribute: enum-style replacement before conversion.
package struct ValueMappingTable: Sendable {
    /// Input text → output value, in config order.
    package var cases: [(input: String, output: Value)]
    /// `_default`: applies to values matching no input, and to null.
    package var fallback: Value?
    package var location: SourceLocation

    package init(cases: [(input: String, output: Value)], fallback: Value?, location: SourceLocation) {
        self.cases = cases
        self.fallback = fallback
        self.location = location
    }
}

/// An entry of `path_mappings`: which request paths it serves, where the data sits in the
/// payload, and which mapping takes each object found there.
package struct PathMapping: Sendable {
    package var uri: Located<PathPattern>
    /// The container of the data; nil or empty: the payload root.
    package var keyPath: Located<KeyPath>?
    package var matchers: [Matcher]
    package var location: SourceLocation
    /// Its position among `path_mappings` (coverage and messages name it).
    package var index: Int
}

/// Chooses the mapping for one object representation.
package struct Matcher: Sendable {
    package enum Kind: Sendable {
        /// Maps with `entity` when the value at `keyPath` equals `expected` (loosely, SPEC §1.4).
        case keyed(keyPath: KeyPath, expected: Value, entity: Located<String>)
        /// Maps every object no keyed matcher took with `entity`.
        case entityFallback(Located<String>)
        /// Maps every object no keyed matcher took as a plain object.
        case plainObject(EntityMapping)
    }

    package var kind: Kind
    package var location: SourceLocation

    package var isFallback: Bool {
        if case .keyed = kind { return false }
        return true
    }

    /// The entity this matcher maps into (plain objects: their class name).
    package var entityName: String {
        switch kind {
        case .keyed(_, _, let entity), .entityFallback(let entity): return entity.value
        case .plainObject(let mapping): return mapping.name
        }
    }
}

/// An entry of `request_mappings`: how a client object becomes a request body.
package struct RequestMapping: Sendable {
    package var uri: Located<PathPattern>?
    package var className: Located<String>?
    /// Wraps the body: `{ root_keypath: body }`.
    package var rootKeyPath: String?
    /// `objectKeyPath → bodyKey` pairs in config order.
    package var attributes: [RequestAttribute]
    package var location: SourceLocation
    package var index: Int
}

/// One request attribute mapping: read `source` from the client object, write `bodyKey`.
package struct RequestAttribute: Sendable {
    package var source: KeyPath
    /// Dotted body keys nest (`user.name` → `{"user":{"name":…}}`).
    package var bodyKey: String
    package var location: SourceLocation
}
