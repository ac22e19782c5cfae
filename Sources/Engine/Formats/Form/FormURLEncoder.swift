/// Writes a body as `application/x-www-form-urlencoded`, the way RestKit's URL-encoded
/// serialization (AFNetworking's query-string pairs) sends it (SPEC §3.2; notes §7.4):
///
/// - a dictionary's keys are sorted (by Unicode code point, at every level); a nested key is
///   written `parent[key]`, a top-level one bare;
/// - an array's elements are each written under `key[]` (arrays of arrays `key[][]`, arrays
///   of dictionaries `key[][name]`); empty arrays and dictionaries write nothing;
/// - a scalar is `key=value`: strings as they are, numbers as their JSON text, booleans as
///   `1` and `0` (RestKit sends a boolean's `NSNumber` description); null is the bare key
///   with no `=`;
/// - pairs are joined with `&`;
/// - each name and value is percent-encoded as UTF-8, leaving only `A-Z a-z 0-9 - . _ ~`
///   (space is `%20`, never `+`); the brackets of the notation are written as they are,
///   while a bracket inside a key is encoded (`%5B`), so that it cannot read as nesting.
///
/// The body must be a dictionary: a form has names, and an array at the top has none.
struct FormURLEncoder: Sendable {
    init() {}

    /// The encoded body, without a trailing newline (it would be part of the last value).
    /// - Throws: `FormURLEncoder.TopLevelError` when `body` is not a dictionary.
    func encode(_ body: Value) throws -> String {
        guard case .object(let object) = body else { throw TopLevelError(kind: body.kindName) }
        var pairs: [String] = []
        appendPairs(of: object, prefix: nil, to: &pairs)
        return pairs.joined(separator: "&")
    }

    /// A body that is not a dictionary: a form cannot carry it.
    struct TopLevelError: Error, Sendable, Equatable {
        /// What the body is instead (`array`).
        var kind: String
    }

    private func appendPairs(of object: ValueObject, prefix: String?, to pairs: inout [String]) {
        let entries = object.entries.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
        for entry in entries {
            let name = PercentEncoding.encode(entry.key)
            append(entry.value, name: prefix.map { "\($0)[\(name)]" } ?? name, to: &pairs)
        }
    }

    private func append(_ value: Value, name: String, to pairs: inout [String]) {
        switch value {
        case .object(let object):
            appendPairs(of: object, prefix: name, to: &pairs)
        case .array(let elements):
            for element in elements { append(element, name: name + "[]", to: &pairs) }
        case .null:
            pairs.append(name)
        case .bool(let flag):
            pairs.append(name + (flag ? "=1" : "=0"))
        case .number(let text):
            pairs.append(name + "=" + PercentEncoding.encode(text))
        case .string(let text):
            pairs.append(name + "=" + PercentEncoding.encode(text))
        }
    }
}
