/// One attribute's `value_mappings` table (SPEC §1.7): enum-style replacement of payload
/// values, applied before type conversion (`"A"` → `"active"`, `1` → `"admin"`).
///
/// An input matches a key as matchers compare (`LooseEquality`: equal text, or equal
/// numbers, `"true"` = `true`); when several keys match (`"1"` and `"1.0"`) the first in
/// config order wins. `_default` replaces a value no key matches, null included; without
/// it such a value passes unchanged. An array is mapped element by element (a key path
/// through an array yields one); objects match no key. An absent value is not mapped:
/// callers only call `map` when the payload has a value.
///
/// The config keeps one per attribute, with where it was written, in
/// `EntityMapping.valueMappings` (`value_mappings` is read by `ValueMappingsSection`).
struct ValueMapping: Sendable, Equatable {
    /// The config key that names the fallback output.
    static let defaultKey = "_default"

    /// Input text → output value, in config order, without `_default`.
    let cases: [(input: String, output: Value)]
    /// The `_default` output.
    let fallback: Value?
    private let outputs: [LooseKey: Value]

    /// A table from its parts.
    init(cases: [(input: String, output: Value)], fallback: Value?) {
        self.cases = cases
        self.fallback = fallback
        var outputs = [LooseKey: Value](minimumCapacity: cases.count)
        for (input, output) in cases {
            let key = LooseEquality.key(.string(input))
            if outputs[key] == nil { outputs[key] = output }
        }
        self.outputs = outputs
    }

    /// A table from the config's dictionary entries in order; the `_default` entry becomes
    /// the fallback.
    init(entries: [(key: String, value: Value)]) {
        var cases = [(input: String, output: Value)]()
        var fallback: Value?
        for (key, value) in entries {
            if key == Self.defaultKey { fallback = value } else { cases.append((key, value)) }
        }
        self.init(cases: cases, fallback: fallback)
    }

    /// The value the table maps `value` to.
    func map(_ value: Value) -> Value {
        if case .array(let elements) = value { return .array(elements.map(map)) }
        if let output = outputs[LooseEquality.key(value)] { return output }
        return fallback ?? value
    }

    static func == (lhs: ValueMapping, rhs: ValueMapping) -> Bool {
        lhs.fallback == rhs.fallback && lhs.cases.count == rhs.cases.count
            && zip(lhs.cases, rhs.cases).allSatisfy { $0.input == $1.input && $0.output == $1.output }
    }
}
