/// Builds the body a RestKit app sends for client objects, with one request mapping, the way
/// RestKit's parameterization does (notes §7.2; SPEC §3.2):
///
/// - each attribute mapping reads its key path from the client object (key-value-coding
///   semantics, as `map` reads payloads) and writes its body key; a dotted body key nests
///   (`user.name` → `{"user":{"name":…}}`), the nested dictionary sitting where its first key
///   was written;
/// - body keys follow the config's order;
/// - a key path absent from the object writes null (request mappings assign defaults for
///   missing attributes), or nothing with `omitMissing`; a JSON null in the object is
///   written as null, or left out with `omitMissing` too: a client object read from JSON
///   cannot tell a nil property from an absent one, and RestKit omits nil properties when
///   it assigns no defaults (RKObjectParameterizationTest
///   `testSerializingOmitsNullAttributesWhenAssignsDefaultValueForMissingAttributesIsFalse`);
/// - when the class names an entity with declared types, present values are converted to
///   them, then serialized as RestKit does: dates as ISO 8601 UTC strings, decimals as
///   strings of their exact digits, booleans as booleans;
/// - a JSON object gives one dictionary, an array of objects an array of them; both are
///   wrapped in `root_keypath` when the mapping has one.
struct RequestBodyBuilder: Sendable {
    let mapping: RequestMapping
    let omitMissing: Bool
    /// The class name the body is built for (`class_name`; XML names its root after it).
    let className: String
    /// Per attribute mapping, in order: its body key split at dots, and its declared type.
    private let targets: [(path: [String], type: AttributeType?)]
    private let converter: ValueConverter
    /// Builders of the nested request mappings, in `mapping.relationships` order.
    let relationshipBuilders: [RequestBodyBuilder]
    /// Per relationship, its body key split at dots.
    let relationshipPaths: [[String]]

    /// - Throws: `RestmapError` (usage, exit 2) when the mapping's body keys conflict or are
    ///   malformed (see `RequestBodyKeys`).
    init(mapping: RequestMapping, definitions: MappingDefinitions, omitMissing: Bool = false) throws {
        let problems = RequestBodyKeys.problems(in: mapping)
        guard problems.isEmpty else { throw RestmapError(.usage, diagnostics: problems) }
        self.mapping = mapping
        self.omitMissing = omitMissing
        self.className = mapping.className?.value ?? "NSDictionary"
        let types = mapping.className.flatMap { definitions.entity(named: $0.value)?.attributeTypes } ?? [:]
        self.targets = mapping.attributes.map { attribute in
            (RequestBodyKeys.path(attribute.bodyKey), types[attribute.source.text])
        }
        self.converter = ValueConverter(dateFormats: definitions.dateFormats.map(\.value))
        self.relationshipBuilders = try mapping.relationships.map {
            try RequestBodyBuilder(mapping: $0.mapping, definitions: definitions, omitMissing: omitMissing)
        }
        self.relationshipPaths = mapping.relationships.map { RequestBodyKeys.path($0.bodyKey) }
    }

    /// The body for a client object or an array of them.
    /// - Throws: `RequestInputError` (a data problem, exit 1) for input that is not an object
    ///   or an array of objects, and for values their declared type cannot take; every
    ///   problem of the input is reported, not just the first.
    func body(for input: Value) throws -> RequestBody {
        var problems: [RequestInputProblem] = []
        let content: Value
        switch input {
        case .object(let object):
            content = .object(parameters(for: object, pointer: "", problems: &problems))
        case .array(let elements):
            var bodies: [Value] = []
            bodies.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                let pointer = PayloadLocations.appending(index, to: "")
                guard case .object(let object) = element else {
                    problems.append(
                        RequestInputProblem(
                            pointer: pointer,
                            message: "element \(index) of the input is \(Self.article(element.kindName)); a request body is built from client objects (JSON objects)"))
                    continue
                }
                bodies.append(.object(parameters(for: object, pointer: pointer, problems: &problems)))
            }
            content = .array(bodies)
        default:
            problems.append(
                RequestInputProblem(
                    pointer: "",
                    message: "the input is \(Self.article(input.kindName)); a request body is built from a client object (a JSON object) or an array of them"))
            content = .null
        }
        guard problems.isEmpty else { throw RequestInputError(problems: problems) }
        return RequestBody(rootKeyPath: mapping.rootKeyPath, className: className, content: content)
    }

    /// The parameters of one client object; conversion failures go to `problems`.
    /// - Parameter pointer: the object's JSON Pointer in the input, for messages.
    func parameters(
        for object: ValueObject, pointer: String, problems: inout [RequestInputProblem]
    ) -> ValueObject {
        var parameters = ValueObject()
        let source = Value.object(object)
        guard let keyName = keyName(of: source, pointer: pointer, problems: &problems) else { return parameters }
        for (attribute, target) in zip(mapping.attributes, targets) {
            var value: Value
            if let found = KeyValueCoding.value(at: attribute.source, in: source), !(omitMissing && found == .null) {
                value = found
            } else if omitMissing {
                continue
            } else {
                value = .null
            }
            if let type = target.type, value != .null {
                switch converter.convert(value, to: type) {
                case .converted(let converted):
                    value = Self.serialized(converted, type: type)
                case .failed(let failure):
                    let located = KeyValueCoding.locatedValue(at: attribute.source, in: source, pointer: pointer)
                    problems.append(
                        RequestInputProblem(
                            pointer: located?.pointer ?? pointer,
                            message: "'\(attribute.source.text)': \(failure.message)"))
                    continue
                }
            }
            Self.set(value, at: bodyPath(target.path, keyName: keyName)[...], in: &parameters)
        }
        writeRelationships(of: source, pointer: pointer, keyName: keyName, into: &parameters, problems: &problems)
        return parameters
    }

    /// A converted value as RestKit's parameterization writes it: decimals as strings
    /// (`NSDecimalNumber` → `stringValue`, so JavaScript clients lose no digits); dates are
    /// already ISO 8601 UTC strings; everything else as converted.
    static func serialized(_ value: Value, type: AttributeType) -> Value {
        if type == .decimal, case .number(let text) = value { return .string(text) }
        return value
    }

    /// Writes `value` at a body key path, creating the dictionaries on the way. Body keys are
    /// checked not to conflict beforehand, so an existing member on the way is a dictionary.
    static func set(_ value: Value, at path: ArraySlice<String>, in object: inout ValueObject) {
        let key = path[path.startIndex]
        guard path.count > 1 else {
            object[key] = value
            return
        }
        var child = ValueObject()
        if case .object(let existing)? = object[key] {
            child = existing
            object[key] = .null  // drop the shared reference so the child mutates in place
        }
        set(value, at: path.dropFirst(), in: &child)
        object[key] = .object(child)
    }

    static func article(_ kind: String) -> String {
        kind == "array" || kind == "object" ? "an \(kind)" : "a \(kind)"
    }
}

/// One thing wrong with a `request` input: where (a JSON Pointer into the input) and what.
struct RequestInputProblem: Sendable, Equatable {
    var pointer: String
    var message: String

    init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }
}

/// Input a request body cannot be built from (exit 1); the CLI locates each problem.
struct RequestInputError: Error, Sendable, Equatable {
    var problems: [RequestInputProblem]
}
