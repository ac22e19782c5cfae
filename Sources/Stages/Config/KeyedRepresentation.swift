import RestmapBase

/// Dictionaries keyed by id (`{"users": {"blake": {...}, "rachit": {...}}}`), mapped the way
/// RestKit maps them with `forceCollectionMapping` and
/// `addAttributeMappingFromKeyOfRepresentationToAttribute:` (RKMapperOperation,
/// RKMappingOperation `applyNestedMappings`):
///
/// - a forced collection splits a dictionary into one-key dictionaries, one per entry, in
///   document order: `{"blake": {...}}`, `{"rachit": {...}}`;
/// - the key attribute receives the representation's key (`blake`);
/// - in the entity's key paths, `(name)` and `{name}` — `name` being the key attribute —
///   stand for that key, so `(name).id` reads `blake.id`.
///
/// restmap does this without rewriting key paths per object: a placeholder is replaced once,
/// when the plan is built, by a reserved key, and each representation of a keyed entity gets
/// two reserved members before it is mapped: the key, and the value under the key.
public enum KeyedRepresentation {
    /// The source of the key attribute's mapping: the reserved member holding the key.
    public static let keySourceText = "\u{1}key"
    /// The reserved member holding the value under the key (what a placeholder stands for).
    static let valueMemberName = "\u{1}value"

    /// Whether an attribute mapping is the one receiving the representation's key.
    public static func isKeySource(_ keyPath: KeyPath) -> Bool { keyPath.text == keySourceText }

    /// `(name)` and `{name}`, the two spellings RestKit accepts for a placeholder.
    public static func placeholders(for attribute: String) -> [String] { ["(\(attribute))", "{\(attribute)}"] }

    /// The key path to evaluate for `keyPath` in an entity whose key attribute is `keyAttribute`:
    /// its placeholder segments read the value under the key.
    public static func resolved(_ keyPath: KeyPath, keyAttribute: String?) -> KeyPath {
        guard let keyAttribute, keyPath.text.contains(keyAttribute) else { return keyPath }
        let spellings = placeholders(for: keyAttribute)
        let parts = keyPath.text.split(separator: ".", omittingEmptySubsequences: false).map { part in
            spellings.contains(String(part)) ? valueMemberName : String(part)
        }
        return KeyPath(parts.joined(separator: "."))
    }

    /// The placeholders (`(x)`, `{x}`) a key path or body key uses, by the attribute they name.
    public static func placeholderNames(in text: String) -> [String] {
        text.split(separator: ".", omittingEmptySubsequences: false).compactMap { part in
            guard part.count > 2 else { return nil }
            let (first, last) = (part.first!, part.last!)
            guard (first == "(" && last == ")") || (first == "{" && last == "}") else { return nil }
            return String(part.dropFirst().dropLast())
        }
    }

    /// A representation of a keyed entity with the key and the value under it added. A
    /// dictionary with several keys uses its last (RestKit takes `allKeys.lastObject`, whose
    /// order Foundation leaves open); anything else is returned as it is.
    public static func prepared(_ representation: Value) -> Value {
        guard case .object(var object) = representation, let last = object.entries.last else { return representation }
        let (key, value) = (last.key, last.value)
        object[keySourceText] = .string(key)
        object[valueMemberName] = value
        return .object(object)
    }

    /// A forced collection's elements: each entry of a dictionary as a one-key dictionary,
    /// with the entry's key (for locating it). Nil when `container` is not a dictionary
    /// (RestKit maps an array as usual, and one object as one).
    public static func elements(of container: Value) -> [(key: String, element: Value)]? {
        guard case .object(let object) = container else { return nil }
        return object.entries.map { entry in (entry.key, .object(ValueObject([(entry.key, entry.value)]))) }
    }

    /// The body key for a client object whose key attribute has the value `name`: each
    /// placeholder segment of `path` replaced by it (RestKit's
    /// `addAttributeMappingToKeyOfRepresentationFromAttribute:` in a request mapping).
    public static func substituted(_ path: [String], attribute: String, name: String) -> [String] {
        let spellings = placeholders(for: attribute)
        return path.map { spellings.contains($0) ? name : $0 }
    }

    /// The text a key attribute's value gives a body key (RestKit formats it with `%@`):
    /// strings as they are, numbers as their text, booleans as 1 or 0; nil for null,
    /// arrays and dictionaries, which cannot name a key.
    public static func keyText(_ value: Value) -> String? {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "1" : "0"
        case .null, .array, .object: return nil
        }
    }
}
