import RestmapEngine

/// Learns entities from the shapes of sample payloads, the way a person writing a config by
/// hand would read them: an object is an entity, its scalar keys are attributes, a nested
/// object or an array of objects is a relationship to an entity named after its key.
/// Objects met again under the same name merge into one entity (the union of their keys).
struct ShapeSketcher {
    /// Entities in first-seen order.
    private(set) var entities: [EntitySketch] = []
    private var indexByName: [String: Int] = [:]
    /// Per entity, where each attribute's key sits in its `attributes`, and the keys of its
    /// relationships: a payload object with a hundred thousand keys is learnt in linear time.
    private var attributePositions: [[String: Int]] = []
    private var relationshipKeys: [Set<String>] = []
    /// Per entity, the client-side names given so far: two keys never get one name.
    private var namesTaken: [Set<String>] = []
    /// Keys left out because no key path can read them, by entity, in first-seen order.
    private(set) var leftOut: [(entity: String, key: String)] = []
    private var leftOutSeen: Set<String> = []

    init() {}

    func entity(named name: String) -> EntitySketch? {
        indexByName[name].map { entities[$0] }
    }

    /// Adds the objects of `value` (an object, or an array of objects) as `entity`.
    mutating func learn(_ value: Value, as entity: String) {
        switch value {
        case .object(let object):
            learn(object, as: entity)
        case .array(let elements):
            for case .object(let object) in elements { learn(object, as: entity) }
        default:
            break
        }
    }

    private mutating func learn(_ object: ValueObject, as entity: String) {
        let index = self.index(of: entity)
        for entry in object.entries {
            guard Self.isReadableKey(entry.key) else {
                if leftOutSeen.insert(entity + "\u{0}" + entry.key).inserted { leftOut.append((entity, entry.key)) }
                continue
            }
            switch Self.kind(of: entry.value) {
            case .object, .objects:
                let target = NameStyle.entityName(entry.key)
                let toMany = Self.kind(of: entry.value) == .objects
                // A key seen holding an object is a relationship, even where it was null.
                if let position = attributePositions[index][entry.key] {
                    namesTaken[index].remove(entities[index].attributes[position].name)
                    entities[index].attributes.removeAll { $0.key == entry.key }
                    attributePositions[index] = Dictionary(
                        uniqueKeysWithValues: entities[index].attributes.enumerated().map { ($1.key, $0) })
                }
                if relationshipKeys[index].insert(entry.key).inserted {
                    entities[index].relationships.append(
                        RelationshipSketch(key: entry.key, name: uniqueName(for: entry.key, in: index), target: target, toMany: toMany))
                }
                learn(entry.value, as: target)
            case .scalar(let type):
                record(entry.key, type: type, in: index)
            case .unknown:
                record(entry.key, type: nil, in: index)
            }
        }
    }

    private mutating func record(_ key: String, type: String?, in index: Int) {
        if relationshipKeys[index].contains(key) { return }
        if let position = attributePositions[index][key] {
            var attribute = entities[index].attributes[position]
            if let type {
                if attribute.type == nil && attribute.typeAgreed {
                    attribute.type = type
                } else if attribute.type != type {
                    // Integers and decimals seen together are decimals; anything else disagrees.
                    let numbers: Set<String> = ["integer", "decimal"]
                    if let current = attribute.type, numbers.contains(current), numbers.contains(type) {
                        attribute.type = "decimal"
                    } else {
                        attribute.type = nil
                        attribute.typeAgreed = false
                    }
                }
            }
            entities[index].attributes[position] = attribute
        } else {
            attributePositions[index][key] = entities[index].attributes.count
            entities[index].attributes.append(AttributeSketch(key: key, name: uniqueName(for: key, in: index), type: type))
        }
    }

    private mutating func index(of name: String) -> Int {
        if let index = indexByName[name] { return index }
        entities.append(EntitySketch(name: name))
        attributePositions.append([:])
        relationshipKeys.append([])
        namesTaken.append([])
        indexByName[name] = entities.count - 1
        return entities.count - 1
    }

    /// The client-side name for `key`: its camelCase form, numbered when another key of the
    /// entity took it already (`a_b` and `aB` become `aB` and `aB2`).
    private mutating func uniqueName(for key: String, in index: Int) -> String {
        NameStyle.unique(NameStyle.attributeName(key), in: &namesTaken[index])
    }

    /// Whether a key can be read by a key path as it is: key paths split at dots, `@` starts
    /// an operator or a pseudo key (`@count`, `@parent`), `(name)` and `{name}` are
    /// placeholders, an empty key path is the whole representation, and control characters
    /// have no place in a config. RestKit has no escape for these, so such keys are left out.
    static func isReadableKey(_ key: String) -> Bool {
        !key.isEmpty && !key.hasPrefix("@")
            && !key.unicodeScalars.contains { $0 == "." || $0 == "(" || $0 == ")" || $0 == "{" || $0 == "}" || $0.value < 0x20 || $0.value == 0x7F }
    }

    enum Kind: Equatable {
        case object, objects
        /// A scalar and the `entity_attribute_types` type its value shows.
        case scalar(String?)
        /// Null, an empty array: no type can be told.
        case unknown
    }

    static func kind(of value: Value) -> Kind {
        switch value {
        case .object: return .object
        case .array(let elements):
            if elements.isEmpty { return .unknown }
            if elements.contains(where: { if case .object = $0 { return true } else { return false } }) { return .objects }
            return .scalar(nil)
        case .null: return .unknown
        case .bool: return .scalar("boolean")
        case .number(let text):
            // An integer literal beyond 64 bits is a decimal: `integer` would refuse it.
            let isInteger = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) && Int64(text) != nil
            return .scalar(isInteger ? "integer" : "decimal")
        case .string(let text):
            return .scalar(looksLikeDate(text) ? "date" : "string")
        }
    }

    /// An ISO 8601 date as APIs send them (`2013-02-12`, `2013-02-12T22:58:52Z`), read by the
    /// `date` type's own reader: text it would refuse (`2013-02-30`, `2013-02-12 soon`) stays
    /// a string, so that the sketched config maps every sample it was made from. Digit-only
    /// text (`20130212`) is a number to an API, not a date.
    static func looksLikeDate(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "-")) && DateParser.isISO8601Date(text)
    }

}
