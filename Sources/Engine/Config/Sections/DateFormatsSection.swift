/// `date_formats` (SPEC §1.6): an array of Unicode date patterns, tried in order after the
/// built-in formats. Each pattern is parsed here so that a bad one is reported at its
/// location; `MappingDefinitions.dateFormats` keeps the valid ones, parsed, for the
/// converters of `map`, `validate` and `request`.
enum DateFormatsSection {
    static let descriptor = ConfigSectionDescriptor(
        .dateFormats,
        read: { reader, node in reader.readDateFormats(node) },
        summary: SectionSummary(closing: { definitions in
            guard !definitions.dateFormats.isEmpty else { return [] }
            return ["", "date formats: " + definitions.dateFormats.map { "'\($0.value.pattern)'" }.joined(separator: ", ")]
        }))
}

extension SectionReader {
    mutating func readDateFormats(_ node: PlistNode) {
        let section = ConfigSection.dateFormats.rawValue
        guard let patterns = shape.array(node, section, what: "an array of date patterns") else { return }
        for (index, element) in patterns.enumerated() {
            guard let pattern = shape.string(element, "\(section).\(index)") else { continue }
            do {
                definitions.dateFormats.append(Located(try DatePattern(parsing: pattern), at: element.location))
            } catch let error as DatePatternError {
                log.error(.configInvalidDatePattern, error.description, at: element.location)
            } catch {
                log.error(.configInvalidDatePattern, "invalid date pattern '\(pattern)'", at: element.location)
            }
        }
    }
}
