/// An entity mapping prepared for the mapper: indexes resolved once (primary-key attribute
/// positions, relationship targets, value tables, types) so that mapping a representation
/// does no lookups by name.
public final class EntityPlan {
    public let mapping: EntityMapping
    public let name: String
    /// Position among the config's entities; plain and error classes come after them.
    public let order: Int
    public let attributeIndex: [String: Int]
    /// Attribute positions of the primary keys, in primary-key order.
    let primaryKeyIndices: [Int]
    /// True when the primary keys are configured and all mapped.
    public let hasIdentity: Bool
    /// True when the primary key is one Integer 64 attribute with no value mapping: a key
    /// value already in canonical decimal form is then its own conversion and identity
    /// (`IdentityKey.integer64`).
    let hasInteger64Key: Bool
    /// Declared type per attribute position.
    let types: [AttributeType?]
    /// `value_mappings` per attribute position.
    let valueMappings: [ValueMapping?]
    /// Source key-path segments per attribute position (read once per representation).
    let attributeSources: [[KeyPath.Segment]]
    /// Source key-path segments per relationship position.
    let relationshipSources: [[KeyPath.Segment]]
    /// The numbers of attribute and relationship positions, read for every slot of every
    /// object (`MappedObject`).
    let attributeCount: Int
    let relationshipCount: Int
    /// Relationship names (client side) per relationship position.
    let relationshipNames: [String]
    let encodedRelationshipNames: [JSONEncodedKey]
    /// The entity's name as a JSON string, for the `_entity` member of every record.
    let encodedName: JSONEncodedKey
    /// To-one or to-many per relationship position, when a model says.
    let cardinalities: [Cardinality?]
    let setNilForMissingAttributes: Bool
    let setNilForMissingRelationships: Bool
    /// Target plans per relationship position (nil only for undefined targets, which the
    /// linter rejects).
    var targets: [EntityPlan?] = []
    /// Connections resolved to attribute positions, filled in with the targets.
    var connections: [ConnectionPlan] = []
    /// Where the mapper found each key last time (`ReadHints`).
    let readHints: ReadHints
    /// Relationship positions that are nested (not connections), in config order.
    let nestedRelationshipIndices: [Int]
    public let isPlain: Bool
    /// `key_attribute`: each representation is `{key: value}` and the key is an attribute.
    let isKeyed: Bool
    /// `force_collection_mapping`: a dictionary is a collection of one-key dictionaries.
    let forcesCollection: Bool
    /// Per relationship position, the compiled `matchers` of a polymorphic relationship.
    var relationshipMatchers: [MatcherPlans?] = []
    /// What a record holds, in order: attributes (and groups of dotted ones), minus names a
    /// relationship takes.
    let recordFields: [RecordField]

    /// One member of a record before its relationships: an attribute, or the dotted
    /// destinations sharing their first component, written as one dictionary. A struct read
    /// in place (not an enum whose payload a `switch` copies): records are written on several
    /// threads at once, and every copy of the shared name would be an atomic retain.
    struct RecordField {
        /// The attribute's position; nil for a group.
        let attribute: Int?
        let name: String
        let encoded: JSONEncodedKey
        /// A group's attribute positions, in mapping order; empty for an attribute.
        let groupIndices: [Int]

        static func attribute(index: Int, name: String, encoded: JSONEncodedKey) -> RecordField {
            RecordField(attribute: index, name: name, encoded: encoded, groupIndices: [])
        }

        static func group(name: String, encoded: JSONEncodedKey, indices: [Int]) -> RecordField {
            RecordField(attribute: nil, name: name, encoded: encoded, groupIndices: indices)
        }
    }

    init(mapping: EntityMapping, order: Int) {
        self.mapping = mapping
        self.name = mapping.name
        self.order = order
        self.isPlain = mapping.isPlain
        var index: [String: Int] = [:]
        for (position, attribute) in mapping.attributes.enumerated() where index[attribute.destination] == nil {
            index[attribute.destination] = position
        }
        attributeIndex = index
        primaryKeyIndices = mapping.primaryKeys.compactMap { index[$0.value] }
        hasIdentity = !primaryKeyIndices.isEmpty && primaryKeyIndices.count == mapping.primaryKeys.count
        types = mapping.attributes.map { mapping.attributeTypes[$0.destination] }
        valueMappings = mapping.attributes.map { mapping.valueMappings[$0.destination]?.value }
        hasInteger64Key = hasIdentity && primaryKeyIndices.count == 1 && types[primaryKeyIndices[0]] == .integer64
            && valueMappings[primaryKeyIndices[0]] == nil
        let keyAttribute = mapping.options.keyAttribute?.value
        attributeSources = mapping.attributes.map { KeyedRepresentation.resolved($0.source, keyAttribute: keyAttribute).segments }
        relationshipSources = mapping.relationships.map { KeyedRepresentation.resolved($0.source, keyAttribute: keyAttribute).segments }
        attributeCount = attributeSources.count
        relationshipCount = relationshipSources.count
        readHints = ReadHints(attributes: attributeCount, relationships: relationshipCount)
        isKeyed = keyAttribute != nil
        forcesCollection = mapping.options.forceCollectionMapping
        relationshipNames = mapping.relationships.map(\.name)
        encodedRelationshipNames = mapping.relationships.map { JSONEncodedKey($0.name) }
        encodedName = JSONEncodedKey(mapping.name)
        cardinalities = mapping.relationships.map(\.cardinality)
        setNilForMissingAttributes = mapping.options.setNilForMissingAttributes
        setNilForMissingRelationships = mapping.options.setNilForMissingRelationships
        nestedRelationshipIndices = mapping.relationships.indices.filter { !mapping.relationships[$0].isConnection }
        var nested: [String: [Int]] = [:]
        for (position, attribute) in mapping.attributes.enumerated() where attribute.destinationPath.count > 1 {
            nested[attribute.destinationPath[0], default: []].append(position)
        }
        let relationshipNameSet = Set(mapping.relationships.map(\.name))
        var fields: [RecordField] = []
        var groupsWritten = Set<String>()
        for (position, attribute) in mapping.attributes.enumerated() {
            let first = attribute.destinationPath[0]
            if attribute.destinationPath.count == 1 {
                if !relationshipNameSet.contains(first) {
                    fields.append(.attribute(index: position, name: first, encoded: JSONEncodedKey(first)))
                }
            } else if groupsWritten.insert(first).inserted, let members = nested[first] {
                fields.append(.group(name: first, encoded: JSONEncodedKey(first), indices: members))
            }
        }
        recordFields = fields
    }
}

/// A connection (`fk_mapping`) with its attributes resolved to positions.
struct ConnectionPlan {
    var relationship: Int
    var target: EntityPlan
    var sourceIndices: [Int]
    var targetIndices: [Int]
    var cardinality: Cardinality?
    /// True when the target attributes are exactly the target entity's primary keys; worked
    /// out once here because the resolver asks for every object it connects.
    let targetIsIdentity: Bool

    init(relationship: Int, target: EntityPlan, sourceIndices: [Int], targetIndices: [Int], cardinality: Cardinality?) {
        self.relationship = relationship
        self.target = target
        self.sourceIndices = sourceIndices
        self.targetIndices = targetIndices
        self.cardinality = cardinality
        targetIsIdentity = target.hasIdentity && Set(targetIndices) == Set(target.primaryKeyIndices)
    }
}

/// All plans of a config, built once per run.
public final class MappingPlans {
    let definitions: MappingDefinitions
    public let entities: [EntityPlan]
    private let byName: [String: EntityPlan]
    /// Plans of plain-object matchers, by path-mapping index and matcher index.
    private var plainPlans: [Int: [Int: EntityPlan]] = [:]
    /// Compiled matchers per path mapping, by its index.
    private var matcherPlans: [MatcherPlans] = []
    /// `error_mappings`, or without it the default: each error string becomes an `Error`
    /// whose `errorMessage` holds it (RestKit 0.10's default error mapping).
    let errorPlan: EntityPlan

    init(_ definitions: MappingDefinitions) {
        self.definitions = definitions
        let entities = definitions.entities.enumerated().map { EntityPlan(mapping: $1, order: $0) }
        self.entities = entities
        var byName: [String: EntityPlan] = [:]
        for plan in entities { byName[plan.name] = plan }
        self.byName = byName
        var order = entities.count
        for path in definitions.pathMappings {
            for (matcherIndex, matcher) in path.matchers.enumerated() {
                if case .plainObject(let mapping) = matcher.kind {
                    plainPlans[path.index, default: [:]][matcherIndex] = EntityPlan(mapping: mapping, order: order)
                    order += 1
                }
            }
        }
        let plain = plainPlans
        matcherPlans = definitions.pathMappings.map { path in
            MatcherPlans(matchers: path.matchers, entity: { byName[$0] }, plain: { plain[path.index]?[$0] })
        }
        for plan in entities {
            plan.relationshipMatchers = Self.relationshipMatchers(of: plan, entities: byName, nextOrder: &order)
        }
        errorPlan = EntityPlan(mapping: definitions.errorMapping ?? Self.defaultErrorMapping, order: order)
        for plan in entities {
            plan.targets = plan.mapping.relationships.map { byName[$0.target.value] }
            plan.connections = plan.mapping.relationships.indices.compactMap { index in
                let relationship = plan.mapping.relationships[index]
                guard let pairs = relationship.connection, let target = plan.targets[index] else { return nil }
                let sources = pairs.compactMap { plan.attributeIndex[$0.sourceAttribute.value] }
                let targets = pairs.compactMap { target.attributeIndex[$0.targetAttribute.value] }
                guard sources.count == pairs.count, targets.count == pairs.count else { return nil }
                return ConnectionPlan(
                    relationship: index, target: target, sourceIndices: sources, targetIndices: targets,
                    cardinality: relationship.cardinality)
            }
        }
    }

    /// Plans point at each other (an employee's department, a human's friends, matchers
    /// choosing among entities): the links are cut when the plans go, or every run that
    /// builds plans (a fuzzer's, a test's) would leak them.
    deinit {
        for plan in entities {
            plan.targets = []
            plan.connections = []
            plan.relationshipMatchers = []
        }
    }

    func entity(named name: String) -> EntityPlan? { byName[name] }

    /// The plan of a plain-object matcher (`path_mappings[path].matchers[matcher]`).
    func plainPlan(path: Int, matcher: Int) -> EntityPlan? { plainPlans[path]?[matcher] }

    /// The compiled matchers of `path_mappings[index]`.
    func matchers(ofPath index: Int) -> MatcherPlans { matcherPlans[index] }

    static var defaultErrorMapping: EntityMapping {
        let location = SourceLocation.file("<default error mapping>")
        var mapping = EntityMapping(name: "Error", location: location, isPlain: true)
        mapping.attributes = [AttributeMapping(source: "", destination: "errorMessage", location: location)]
        return mapping
    }

}

/// The matchers of one path mapping, compiled: keyed matchers in order with their entity
/// plans resolved, and the fallback that applies (the last one).
final class MatcherPlans {
    /// A keyed matcher: maps with `plan` when the value at `keyPath` equals `expected`.
    final class Keyed {
        let keyPath: [KeyPath.Segment]
        let keyPathText: String
        let expected: Value
        let plan: EntityPlan?
        let index: Int

        init(keyPath: KeyPath, expected: Value, plan: EntityPlan?, index: Int) {
            self.keyPath = keyPath.segments
            self.keyPathText = keyPath.text
            self.expected = expected
            self.plan = plan
            self.index = index
        }
    }

    let keyed: [Keyed]
    let fallback: (plan: EntityPlan, index: Int)?

    init(matchers: [Matcher], entity: (String) -> EntityPlan?, plain: (Int) -> EntityPlan?) {
        var keyed: [Keyed] = []
        var fallback: (EntityPlan, Int)?
        var fallbackIndex: Int?
        for (index, matcher) in matchers.enumerated() {
            switch matcher.kind {
            case .keyed(let keyPath, let expected, let name):
                keyed.append(Keyed(keyPath: keyPath, expected: expected, plan: entity(name.value), index: index))
            case .entityFallback, .plainObject:
                fallbackIndex = index
            }
        }
        if let index = fallbackIndex {
            switch matchers[index].kind {
            case .entityFallback(let name): fallback = entity(name.value).map { ($0, index) }
            case .plainObject: fallback = plain(index).map { ($0, index) }
            case .keyed: break
            }
        }
        self.keyed = keyed
        self.fallback = fallback
    }
}
