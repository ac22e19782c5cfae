/// The type of a client-side attribute, from a Core Data model (`attributeType`) or from the
/// config's `entity_attribute_types`. It decides how a payload value is converted, the way
/// RestKit's default value transformers do (SPEC §1.6).
public enum AttributeType: String, Sendable, Hashable, CaseIterable {
    case string
    case integer16
    case integer32
    case integer64
    case double
    case float
    case decimal
    case boolean
    case date
    case binary
    case url
    case uuid
    /// Transformable, Object ID, composite and unknown types: values pass through unchanged.
    case transformable

    /// Reads a type name as either section writes it: the config's short names
    /// (`string integer double decimal boolean date url data`) or Core Data's
    /// (`Integer 32`, `Binary`, `URI`, `UUID`, ...). Case-insensitive. Nil when unknown.
    init?(name: String) {
        let key = name.lowercased().filter { $0 != " " && $0 != "_" }
        switch key {
        case "string", "text": self = .string
        case "integer16", "int16": self = .integer16
        case "integer32", "int32": self = .integer32
        case "integer", "int", "integer64", "int64": self = .integer64
        case "double": self = .double
        case "float": self = .float
        case "decimal": self = .decimal
        case "boolean", "bool": self = .boolean
        case "date": self = .date
        case "data", "binary", "binarydata": self = .binary
        case "url", "uri": self = .url
        case "uuid": self = .uuid
        case "transformable", "objectid", "composite", "undefined": self = .transformable
        default: return nil
        }
    }

    /// The names `init(name:)` accepts in the config, for did-you-mean suggestions and help.
    static let configNames = ["string", "integer", "double", "decimal", "boolean", "date", "url", "data"]

    /// Integers of every width.
    var isInteger: Bool {
        self == .integer16 || self == .integer32 || self == .integer64
    }

    /// Numbers of every kind.
    var isNumeric: Bool {
        isInteger || self == .double || self == .float || self == .decimal
    }
}
