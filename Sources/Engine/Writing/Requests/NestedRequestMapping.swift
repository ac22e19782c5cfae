/// Two request-mapping extensions (SPEC §1.7, README "Config extensions"), as RestKit's
/// parameterization does them (RKObjectParameterization driving RKMappingOperation):
///
/// - **relationships**: a request mapping's `relationship_mappings` nest another request
///   mapping for the related client object (to-one: a dictionary) or objects (to-many: an
///   array of dictionaries), written at the body key (dotted body keys nest). A related
///   value absent from the client object, or null, is left out: RestKit skips a nil
///   relationship (`assignsNilForMissingRelationships` is off for request mappings);
/// - **key attribute**: `key_attribute: name` names each body key written `(name)` or
///   `{name}` after the value of the object's `name`, as RestKit's
///   `addAttributeMappingToKeyOfRepresentationFromAttribute:` does
///   (`{"blake": {"name": "blake", "job": "Hacker"}}`).
extension RequestBodyBuilder {
    /// The text naming the body keys of one object; `""` when the mapping has no key
    /// attribute. Nil (with a problem) when the object has no usable value for it: RestKit
    /// would send the placeholder itself as a key, which no server expects.
    func keyName(of source: Value, pointer: String, problems: inout [RequestInputProblem]) -> String? {
        guard let keyAttribute = mapping.keyAttribute else { return "" }
        let keyPath = KeyPath(keyAttribute.value)
        if let value = KeyValueCoding.value(at: keyPath, in: source), let text = KeyedRepresentation.keyText(value) {
            return text
        }
        let found = KeyValueCoding.locatedValue(at: keyPath, in: source, pointer: pointer)
        let what = found.map { "is \(Self.article($0.value.kindName))" } ?? "is missing"
        problems.append(
            RequestInputProblem(
                pointer: found?.pointer ?? pointer,
                message: "'\(keyAttribute.value)' \(what): \(mapping.label) names body keys '(\(keyAttribute.value))' after it, so it must be a string, number or boolean"))
        return nil
    }

    /// A body key with its placeholders named after the object's key attribute.
    func bodyPath(_ path: [String], keyName: String) -> [String] {
        guard let keyAttribute = mapping.keyAttribute else { return path }
        return KeyedRepresentation.substituted(path, attribute: keyAttribute.value, name: keyName)
    }

    /// Writes each relationship of the client object `source` with its nested mapping.
    func writeRelationships(
        of source: Value, pointer: String, keyName: String, into parameters: inout ValueObject,
        problems: inout [RequestInputProblem]
    ) {
        for (index, relationship) in mapping.relationships.enumerated() {
            guard let found = KeyValueCoding.locatedValue(at: relationship.source, in: source, pointer: pointer) else {
                continue
            }
            let valuePointer = found.pointer ?? pointer
            let builder = relationshipBuilders[index]
            let written: Value
            switch found.value {
            case .null:
                continue
            case .object(let object):
                written = .object(builder.parameters(for: object, pointer: valuePointer, problems: &problems))
            case .array(let elements):
                var list: [Value] = []
                for (position, element) in elements.enumerated() {
                    let elementPointer = PayloadLocations.appending(position, to: valuePointer)
                    switch element {
                    case .null:
                        continue
                    case .object(let object):
                        list.append(.object(builder.parameters(for: object, pointer: elementPointer, problems: &problems)))
                    default:
                        problems.append(
                            RequestInputProblem(
                                pointer: elementPointer,
                                message: "element \(position) of '\(relationship.source.text)' is \(Self.article(element.kindName)); \(mapping.label) maps it as a related client object (a JSON object)"))
                    }
                }
                written = .array(list)
            default:
                problems.append(
                    RequestInputProblem(
                        pointer: valuePointer,
                        message: "'\(relationship.source.text)' is \(Self.article(found.value.kindName)); \(mapping.label) maps it as a related client object or an array of them"))
                continue
            }
            Self.set(written, at: bodyPath(relationshipPaths[index], keyName: keyName)[...], in: &parameters)
        }
    }
}
