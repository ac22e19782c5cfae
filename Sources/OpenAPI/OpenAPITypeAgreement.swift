import RestmapEngine

/// Whether a config attribute's type can take the values a schema property describes: an
/// integer attribute refuses a `number` (fractions) and a `string`; a number takes integers;
/// a date takes `date`/`date-time` strings and numbers (timestamps), not other strings'
/// formats; a string takes any scalar (numbers and booleans are written as text); `url` and
/// `uuid` need strings. A property that says no type, and `binary` and `transformable`
/// attributes, are not judged.
enum OpenAPITypeAgreement {
    /// What the schema says, when it contradicts `type`: `string (date-time)`; nil when they agree.
    static func contradiction(_ type: AttributeType, _ property: OpenAPISchema) -> String? {
        guard let schemaType = property.type else { return nil }
        let said = schemaType + (property.format.map { " (\($0))" } ?? "")
        let scalar = ["string", "integer", "number", "boolean"].contains(schemaType)
        let agrees: Bool
        switch type {
        case .integer16, .integer32, .integer64:
            agrees = schemaType == "integer"
        case .double, .float, .decimal:
            agrees = schemaType == "number" || schemaType == "integer"
        case .boolean:
            agrees = schemaType == "boolean"
        case .date:
            agrees = schemaType == "integer" || schemaType == "number"
                || (schemaType == "string" && (property.format == nil || property.format == "date" || property.format == "date-time"))
        case .string:
            agrees = scalar
        case .url, .uuid:
            agrees = schemaType == "string"
        default:
            agrees = true
        }
        return agrees ? nil : said
    }
}
