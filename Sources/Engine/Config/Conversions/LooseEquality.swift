/// The equality SPEC §1.4 gives matchers and §1.7 gives `value_mappings`, deliberately
/// looser than RestKit's so that one config serves JSON and XML payloads (where every value
/// is a string): values are equal when they have the same JSON type and value, or, when
/// either is a string, the same text or — both reading as numbers — the same number.
/// `"1"` = `1` = `1.0` = `"1e0"`, `"true"` = `true`. Numbers compare exactly on their
/// decimal digits, never through `Double`: `12345678901234567890` ≠ `12345678901234567891`.
///
/// Not equal: a boolean and a number (`true` ≠ `1`: different JSON types, neither a string),
/// null and anything but null (`"null"` ≠ null, `""` ≠ null), `"True"` and `true` (text
/// compares exactly). Arrays compare element by element, objects key by key (in any order).
///
/// The relation is an equivalence, computed through `LooseKey`: `matches(a, b)` exactly when
/// `key(a) == key(b)`, so identity maps and lookup tables can hash values with it.
enum LooseEquality {
    /// True when `lhs` and `rhs` are loosely equal.
    static func matches(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)) where a == b: return true
        case (.number(let a), .number(let b)) where a == b: return true
        default: return key(lhs) == key(rhs)
        }
    }

    /// The class of values loosely equal to `value`.
    static func key(_ value: Value) -> LooseKey {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text):
            guard let number = NumericText(text) else { return .text(text) }
            return .number(number.looseKey)
        case .string(let text):
            if text == "true" { return .bool(true) }
            if text == "false" { return .bool(false) }
            guard let number = NumericText(text) else { return .text(text) }
            return .number(number.looseKey)
        case .array(let elements): return .array(elements.map(key))
        case .object(let object):
            var keys = [String: LooseKey](minimumCapacity: object.count)
            for entry in object.entries { keys[entry.key] = key(entry.value) }
            return .object(keys)
        }
    }
}

/// A value reduced to what loose equality looks at: two values are loosely equal exactly
/// when their keys are equal.
enum LooseKey: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number as its normalized decimal form (`1.50e1` → `15`), see `NumericText`.
    case number(String)
    /// A string that is neither a number nor `true`/`false`, or a number literal that
    /// could not be read.
    case text(String)
    case array([LooseKey])
    case object([String: LooseKey])
}

extension NumericText {
    /// The number's normalized form: sign, significant digits and exponent, e.g. `-15e-1`
    /// for `-1.50`; `0` for every zero.
    var looseKey: String {
        if isZero { return "0" }
        var out = isNegative ? "-" : ""
        out += String(decoding: significand, as: UTF8.self)
        if exponent != 0 { out += "e" + String(exponent) }
        return out
    }
}
