/// Why a value could not be converted, in words for a diagnostic ("not a number").
/// Conversion helpers return it; `ValueConverter` wraps it into a `ConversionFailure`.
struct ConversionReason: Error, Sendable, Hashable, ExpressibleByStringInterpolation,
    CustomStringConvertible
{
    let text: String

    init(_ text: String) { self.text = text }
    init(stringLiteral value: String) { self.text = value }
    init(stringInterpolation: DefaultStringInterpolation) {
        self.text = String(stringInterpolation: stringInterpolation)
    }

    var description: String { text }
}

/// A value that a declared type refuses. SPEC §1.6: the attribute is then not assigned;
/// `map` warns and `validate` reports an error, both with `message`.
struct ConversionFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value as the payload (after `value_mappings`) gave it.
    let input: Value
    let type: AttributeType
    let reason: ConversionReason

    init(input: Value, type: AttributeType, reason: ConversionReason) {
        self.input = input
        self.type = type
        self.reason = reason
    }

    /// `cannot convert "abc" to integer: not a number`.
    var message: String {
        "cannot convert \(Self.describe(input)) to \(type.conversionName): \(reason.text)"
    }

    var description: String { message }

    /// Longer strings are cut in messages: the value is in the payload for whoever needs it.
    static let maximumQuotedLength = 60

    /// A value as a message shows it: strings quoted and escaped as JSON writes them (cut
    /// after 60 characters), numbers as their text, containers by kind.
    static func describe(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return shortened(text)
        case .array: return "an array"
        case .object: return "an object"
        case .string(let text):
            var out = "\""
            for scalar in shortened(text).unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
    }

    private static func shortened(_ text: String) -> String {
        guard text.count > maximumQuotedLength else { return text }
        return String(text.prefix(maximumQuotedLength)) + "…"
    }
}

extension AttributeType {
    /// The type's name in conversion messages: the config's short names where there is
    /// one (`integer`, `data`), the width for the narrower Core Data integers.
    var conversionName: String {
        switch self {
        case .string: return "string"
        case .integer16: return "integer (16-bit)"
        case .integer32: return "integer (32-bit)"
        case .integer64: return "integer"
        case .double: return "double"
        case .float: return "float"
        case .decimal: return "decimal"
        case .boolean: return "boolean"
        case .date: return "date"
        case .binary: return "data"
        case .url: return "url"
        case .uuid: return "uuid"
        case .transformable: return "transformable"
        }
    }
}
