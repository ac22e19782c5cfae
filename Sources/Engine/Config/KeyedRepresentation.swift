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
/// restmap does this without rewriting key paths per object. When the plan is built, a key
/// path starting with the placeholder is made relative to the value under the key
/// (`(name).id` → `id`); any other key path reads the one-key dictionary itself, as in
/// RestKit (`id` → the reserved member holding it, so it finds nothing). Each
/// representation `{key: value}` of a keyed entity is then mapped as `value` with two
/// reserved members added: the key, and the one-key dictionary. So every read is located in
/// the payload where the value really is (`/users/blake/id`), which `validate` relies on.
enum KeyedRepresentation {
    /// The source of the key attribute's mapping: the reserved member holding the key.
    static let keySourceText = "\u{1}key"
    /// The reserved member holding the one-key dictionary (what a key path without a
    /// placeholder reads).
    static let outerMemberName = "\u{1}outer"

    /// Whether an attribute mapping is the one receiving the representation's key.
    static func isKeySource(_ keyPath: KeyPath) -> Bool { keyPath.text == keySourceText }

    /// `(name)` and `{name}`, the two spellings RestKit accepts for a placeholder.
    static func placeholders(for attribute: String) -> [String] { ["(\(attribute))", "{\(attribute)}"] }

    /// The key path to evaluate, on a prepared representation, for `keyPath` of an entity
    /// whose key attribute is `keyAttribute` (nil: not keyed, the path is unchanged).
    /// Pseudo keys (`@metadata`, `@parent`, `@root`) are left to key-value coding.
    static func resolved(_ keyPath: KeyPath, keyAttribute: String?) -> KeyPath {
        guard let keyAttribute, keyPath.text != keySourceText else { return keyPath }
        var parts = keyPath.text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if keyPath.text.isEmpty { parts = [] }
        if let first = parts.first, placeholders(for: keyAttribute).contains(first) {
            return KeyPath(parts.dropFirst().joined(separator: "."))
        }
        if let first = parts.first, first.hasPrefix("@") { return keyPath }
        return KeyPath(([outerMemberName] + parts).joined(separator: "."))
    }

    /// The placeholders (`(x)`, `{x}`) a key path or body key uses, by the attribute they name.
    static func placeholderNames(in text: String) -> [String] {
        text.split(separator: ".", omittingEmptySubsequences: false).compactMap { part in
            guard part.count > 2 else { return nil }
            let (first, last) = (part.first!, part.last!)
            guard (first == "(" && last == ")") || (first == "{" && last == "}") else { return nil }
            return String(part.dropFirst().dropLast())
        }
    }

    /// The representation a keyed entity maps for `{key: value}`: `value` with the key and
    /// the one-key dictionary added, and the key (to locate `value`). A dictionary with
    /// several keys uses its last (RestKit takes `allKeys.lastObject`, whose order
    /// Foundation leaves open). Nil for anything else, and for a value that is not a
    /// dictionary (it has no room for the key; the representation is mapped as it is).
    static func prepared(_ representation: Value) -> (representation: Value, key: String)? {
        guard case .object(let outer) = representation, let last = outer.entries.last,
            case .object(var inner) = last.value
        else { return nil }
        inner[keySourceText] = .string(last.key)
        inner[outerMemberName] = representation
        return (.object(inner), last.key)
    }

    /// A forced collection's elements: each entry of a dictionary as a one-key dictionary,
    /// with the entry's key (for locating it). Nil when `container` is not a dictionary
    /// (RestKit maps an array as usual, and one object as one).
    static func elements(of container: Value) -> [(key: String, element: Value)]? {
        guard case .object(let object) = container else { return nil }
        return object.entries.map { entry in (entry.key, .object(ValueObject([(entry.key, entry.value)]))) }
    }

    /// The body key for a client object whose key attribute has the value `name`: each
    /// placeholder segment of `path` replaced by it (RestKit's
    /// `addAttributeMappingToKeyOfRepresentationFromAttribute:` in a request mapping).
    static func substituted(_ path: [String], attribute: String, name: String) -> [String] {
        let spellings = placeholders(for: attribute)
        return path.map { spellings.contains($0) ? name : $0 }
    }

    /// The text a key attribute's value gives a body key (RestKit formats it with `%@`):
    /// strings as they are, numbers as their text, booleans as 1 or 0; nil for null,
    /// arrays and dictionaries, which cannot name a key.
    static func keyText(_ value: Value) -> String? {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "1" : "0"
        case .null, .array, .object: return nil
        }
    }
}
