/// Turns a config's plist tree into `MappingDefinitions`. Structural problems (a value of
/// the wrong type, an unknown key, a matcher that is neither kind) go to the log, located,
/// and loading carries on so that one run reports them all; cross-references between
/// sections are the linter's job (`ConfigLinter`). A RestKitMapper config loads unchanged.
struct ConfigLoader {
    init() {}

    /// Builds the definitions.
    /// - Throws: `RestmapError` (usage) when the root is not a dictionary or the config has
    ///   none of the sections: nothing can be mapped with it.
    func load(_ root: PlistNode, file: String, log: DiagnosticLog) throws -> MappingDefinitions {
        guard let topLevel = root.entries else {
            throw RestmapError.usage(
                .configRootNotDictionary,
                "a config's root must be a dictionary, found \(PlistShape(log: log).article(root.kindName))" + Self.payloadHint(file),
                at: root.location)
        }
        let shape = PlistShape(log: log)
        var definitions = MappingDefinitions(file: file)
        var sections: [ConfigSection: PlistNode] = [:]
        var unknown: [Diagnostic] = []
        for entry in shape.withoutDuplicates(topLevel, "the config") {
            if let section = ConfigSection(rawValue: entry.key) {
                sections[section] = entry.value
                definitions.sections.append(entry.key)
            } else {
                unknown.append(.warning(
                    .configUnknownSection, "unknown section '\(entry.key)'\(Suggestions.hint(for: entry.key, among: ConfigSection.names)); it is ignored",
                    at: entry.keyLocation))
            }
        }
        guard !sections.isEmpty else {
            // With no section known, every key would be an "unknown section": the one
            // error says it all (and a payload given as the config is the usual cause).
            throw RestmapError.usage(
                .configNoSections,
                "the config has none of the sections \(ConfigSection.names.prefix(5).joined(separator: ", ")); nothing can be mapped with it"
                    + Self.payloadHint(file),
                at: root.location)
        }
        log.emit(contentsOf: unknown)
        var reader = SectionReader(shape: shape, log: log, definitions: definitions)
        for descriptor in ConfigSection.registry {
            if let node = sections[descriptor.section] { descriptor.read(&reader, node) }
        }
        return reader.definitions
    }

    /// For a file that is not a plist: it may be a payload given to `-c` out of jq's habit,
    /// where `-c` means compact output.
    static func payloadHint(_ file: String) -> String {
        guard !file.hasSuffix(".plist"), !file.hasSuffix(".bplist") else { return "" }
        return "; if '\(file)' is a payload, not a config: -c names the config (--config), and compact output, jq's -c, is --compact"
    }
}

/// Reads each section into the definitions under construction. The readers of
/// RestKitMapper's sections are below; every other section's reader sits in its own file
/// under `Sections/`, as an extension of this type.
struct SectionReader {
    let shape: PlistShape
    let log: DiagnosticLog
    var definitions: MappingDefinitions
    /// Entries of sections keyed by entity that name an entity the config does not define;
    /// the linter reports them with did-you-mean.
    init(shape: PlistShape, log: DiagnosticLog, definitions: MappingDefinitions) {
        self.shape = shape
        self.log = log
        self.definitions = definitions
    }

    /// Runs `body` for each entity of a section keyed by entity name (every section but
    /// `entity_attribute_mappings` itself), recording the reference for the linter, with the
    /// entity's dictionary (wrong types already reported).
    mutating func forEachEntity(
        in section: ConfigSection, _ node: PlistNode, what: String = "a dictionary",
        _ body: (inout SectionReader, PlistNode.Entry, String) -> Void
    ) {
        guard let entities = shape.dictionary(node, section.rawValue) else { return }
        for entity in entities {
            definitions.entityReferences.append(
                EntityReference(name: entity.key, location: entity.keyLocation, context: section.rawValue))
            body(&self, entity, "\(section.rawValue).\(entity.key)")
        }
    }

    // MARK: entity_attribute_mappings

    mutating func readEntities(_ node: PlistNode) {
        let section = ConfigSection.entityAttributeMappings.rawValue
        guard let entities = shape.dictionary(node, section) else { return }
        for entity in entities {
            let path = "\(section).\(entity.key)"
            var mapping = EntityMapping(name: entity.key, location: entity.keyLocation)
            mapping.attributes = readAttributeMappings(entity.value, path)
            definitions.addEntity(mapping)
        }
    }

    /// `{ sourceKeyPath: destinationAttribute }`, each destination at most once.
    func readAttributeMappings(_ node: PlistNode, _ path: String) -> [AttributeMapping] {
        guard let entries = shape.dictionary(node, path) else { return [] }
        var mappings: [AttributeMapping] = []
        var writers: [String: SourceLocation] = [:]
        for entry in entries {
            guard let destination = shape.string(entry.value, "\(path).\(entry.key)", what: "a string (the client attribute it maps to)")
            else { continue }
            if destination.isEmpty {
                log.error(.configEmptyAttributeName, "\(path).\(entry.key) maps to an empty attribute name", at: entry.value.location)
                continue
            }
            if let earlier = writers[destination] {
                log.emit(
                    Diagnostic(
                        .configAttributeWrittenTwice, .error, "attribute '\(destination)' is written by two mappings in \(path)",
                        at: entry.value.location, related: [.init("the first one is here", at: earlier)]))
                continue
            }
            writers[destination] = entry.value.location
            mappings.append(AttributeMapping(source: entry.key, destination: destination, location: entry.keyLocation))
        }
        return mappings
    }

    // MARK: primary_key_mappings

    mutating func readPrimaryKeys(_ node: PlistNode) {
        forEachEntity(in: .primaryKeyMappings, node) { reader, entity, path in
            guard let names = reader.shape.array(entity.value, path, what: "an array of attribute names") else { return }
            var keys: [Located<String>] = []
            for (index, element) in names.enumerated() {
                if let name = reader.shape.string(element, "\(path).\(index)") { keys.append(Located(name, at: element.location)) }
            }
            if keys.isEmpty {
                reader.log.error(.configMissingEntry, "\(path) lists no attribute; remove the entry or name the identifying attributes", at: entity.value.location)
            }
            reader.definitions.updateEntity(entity.key) { $0.primaryKeys = keys }
        }
    }

    // MARK: relationship_mappings

    mutating func readRelationships(_ node: PlistNode) {
        forEachEntity(in: .relationshipMappings, node) { reader, entity, path in
            guard let relationships = reader.shape.dictionary(entity.value, path) else { return }
            var mappings: [RelationshipMapping] = []
            for relationship in relationships {
                if let mapping = reader.readRelationship(relationship, "\(path).\(relationship.key)") {
                    mappings.append(mapping)
                }
            }
            reader.definitions.updateEntity(entity.key) { $0.relationships = mappings }
        }
    }

    func readRelationship(_ entry: PlistNode.Entry, _ path: String) -> RelationshipMapping? {
        guard let fields = shape.dictionary(entry.value, path, what: "a dictionary with target and key_path") else {
            return nil
        }
        shape.unknownKeys(fields, allowed: ["target", "key_path", "fk_mapping", "matchers"], path)
        let dictionary = entry.value
        let matchers = dictionary["matchers"].map { ExtensionEntryReader(shape: shape, log: log).relationshipMatchers($0, "\(path).matchers", readMatcher) }
        guard let targetNode = dictionary["target"] ?? matchers?.impliedTarget else {
            log.error(.configMissingEntry, "\(path) has no 'target' (the related entity)", at: entry.keyLocation)
            return nil
        }
        guard let target = shape.string(targetNode, "\(path).target") else { return nil }
        var name = entry.key
        if let nameNode = dictionary["key_path"] {
            guard let text = shape.string(nameNode, "\(path).key_path", what: "a string (the relationship's name)") else {
                return nil
            }
            name = text
        } else {
            log.error(.configMissingEntry, "\(path) has no 'key_path' (the relationship's name on the entity)", at: entry.keyLocation)
            return nil
        }
        var connection: [ConnectionPair]?
        if let fkNode = dictionary["fk_mapping"] {
            guard let pairs = shape.dictionary(fkNode, "\(path).fk_mapping", what: "a dictionary of source attribute to target attribute")
            else { return nil }
            var list: [ConnectionPair] = []
            for pair in pairs {
                guard let targetAttribute = shape.string(pair.value, "\(path).fk_mapping.\(pair.key)") else { continue }
                list.append(
                    ConnectionPair(
                        sourceAttribute: Located(pair.key, at: pair.keyLocation),
                        targetAttribute: Located(targetAttribute, at: pair.value.location)))
            }
            if list.isEmpty {
                log.error(.configMissingEntry, "\(path).fk_mapping names no attribute pair", at: fkNode.location)
                return nil
            }
            connection = list
        }
        var relationship = RelationshipMapping(
            source: KeyPath(entry.key), name: name, target: Located(target, at: targetNode.location),
            connection: connection, location: entry.keyLocation, cardinality: nil)
        if let matchers {
            relationship.matchers = matchers.list
            relationship.targetIsImplied = dictionary["target"] == nil
        }
        return relationship
    }

    // MARK: path_mappings

    mutating func readPathMappings(_ node: PlistNode) {
        let section = ConfigSection.pathMappings.rawValue
        guard let entries = shape.array(node, section, what: "an array of dictionaries") else { return }
        for (index, entry) in entries.enumerated() {
            let path = "\(section).\(index)"
            guard let fields = shape.dictionary(entry, path) else { continue }
            shape.unknownKeys(fields, allowed: ["uri", "key_path", "matchers", "fetch_request"], path)
            guard let uriNode = entry["uri"] else {
                log.error(.configMissingEntry, "\(path) has no 'uri' (the request path it serves)", at: entry.location)
                continue
            }
            guard let uri = shape.string(uriNode, "\(path).uri") else { continue }
            var keyPath: Located<KeyPath>?
            if let keyPathNode = entry["key_path"], let text = shape.string(keyPathNode, "\(path).key_path") {
                keyPath = text.isEmpty ? nil : Located(KeyPath(text), at: keyPathNode.location)
            }
            var matchers: [Matcher] = []
            if let matchersNode = entry["matchers"] {
                if let list = shape.array(matchersNode, "\(path).matchers") {
                    if list.isEmpty {
                        log.error(.configNoMatchers, "\(path).matchers is empty: no object at '\(uri)' can be mapped", at: matchersNode.location)
                    }
                    for (matcherIndex, matcherNode) in list.enumerated() {
                        if let matcher = readMatcher(matcherNode, "\(path).matchers.\(matcherIndex)") {
                            matchers.append(matcher)
                        }
                    }
                }
            } else {
                log.error(.configNoMatchers, "\(path) ('\(uri)') has no 'matchers': no object at that path can be mapped", at: entry.location)
            }
            definitions.pathMappings.append(
                PathMapping(
                    uri: Located(PathPattern(uri), at: uriNode.location), keyPath: keyPath, matchers: matchers,
                    location: entry.location, index: index))
        }
    }

    func readMatcher(_ node: PlistNode, _ path: String) -> Matcher? {
        guard let fields = shape.dictionary(node, path) else { return nil }
        shape.unknownKeys(fields, allowed: ["key_path", "expected_value", "entity_name", "class_name", "attribute_mappings"], path)
        let keyPathNode = node["key_path"]
        let expectedNode = node["expected_value"]
        if let entityNode = node["entity_name"] {
            guard let entity = shape.string(entityNode, "\(path).entity_name") else { return nil }
            let located = Located(entity, at: entityNode.location)
            if node["attribute_mappings"] != nil || node["class_name"] != nil {
                log.warning(
                    .configIgnoredEntry, "\(path) has entity_name, so its class_name and attribute_mappings are ignored (the entity's own mappings apply)",
                    at: node.location)
            }
            switch (keyPathNode, expectedNode) {
            case (nil, nil):
                return Matcher(kind: .entityFallback(located), location: node.location)
            case (let keyPathNode?, let expectedNode?):
                guard let keyPath = shape.string(keyPathNode, "\(path).key_path"),
                    let expected = shape.scalar(expectedNode, "\(path).expected_value")
                else { return nil }
                return Matcher(
                    kind: .keyed(keyPath: KeyPath(keyPath), expected: expected, entity: located), location: node.location)
            case (nil, _):
                log.error(.configIncompleteMatcher, "\(path) has expected_value but no key_path to compare it with", at: node.location)
                return nil
            case (_, nil):
                log.error(.configIncompleteMatcher, "\(path) has key_path but no expected_value to compare with", at: node.location)
                return nil
            }
        }
        guard let attributesNode = node["attribute_mappings"] else {
            log.error(.configIncompleteMatcher, "\(path) needs entity_name (an entity mapping) or attribute_mappings (a plain object mapping)", at: node.location)
            return nil
        }
        if keyPathNode != nil || expectedNode != nil {
            log.warning(
                .configIgnoredEntry, "\(path) is a plain object mapping (no entity_name); its key_path and expected_value are ignored, as RestKitMapper does",
                at: node.location)
        }
        var className: String?
        if let classNode = node["class_name"] { className = shape.string(classNode, "\(path).class_name") }
        var mapping = EntityMapping(name: className ?? "NSDictionary", location: node.location, isPlain: true)
        mapping.attributes = readAttributeMappings(attributesNode, "\(path).attribute_mappings")
        return Matcher(kind: .plainObject(mapping), location: node.location)
    }

    // MARK: request_mappings

    mutating func readRequestMappings(_ node: PlistNode) {
        let section = ConfigSection.requestMappings.rawValue
        guard let entries = shape.array(node, section, what: "an array of dictionaries") else { return }
        for (index, entry) in entries.enumerated() {
            let path = "\(section).\(index)"
            guard let fields = shape.dictionary(entry, path) else { continue }
            shape.unknownKeys(
                fields, allowed: ["uri", "root_keypath", "class_name", "attribute_mappings"] + ExtensionEntryReader.requestMappingKeys, path)
            var uri: Located<PathPattern>?
            if let uriNode = entry["uri"], let text = shape.string(uriNode, "\(path).uri") {
                uri = Located(PathPattern(text), at: uriNode.location)
            }
            var className: Located<String>?
            if let classNode = entry["class_name"], let text = shape.string(classNode, "\(path).class_name") {
                className = Located(text, at: classNode.location)
            } else if entry["class_name"] == nil {
                log.error(.configMissingEntry, "\(path) has no 'class_name' (the client class it serializes)", at: entry.location)
            }
            var rootKeyPath: String?
            if let rootNode = entry["root_keypath"], let text = shape.string(rootNode, "\(path).root_keypath") {
                rootKeyPath = text.isEmpty ? nil : text
            }
            var attributes: [RequestAttribute] = []
            if let attributesNode = entry["attribute_mappings"] {
                if let pairs = shape.dictionary(attributesNode, "\(path).attribute_mappings") {
                    for pair in pairs {
                        guard let bodyKey = shape.string(pair.value, "\(path).attribute_mappings.\(pair.key)", what: "a string (the body key)")
                        else { continue }
                        attributes.append(RequestAttribute(source: KeyPath(pair.key), bodyKey: bodyKey, location: pair.keyLocation))
                    }
                }
            } else {
                log.error(.configMissingEntry, "\(path) has no 'attribute_mappings': it would send an empty body", at: entry.location)
            }
            var mapping = RequestMapping(
                uri: uri, className: className, rootKeyPath: rootKeyPath, attributes: attributes,
                location: entry.location, index: index)
            ExtensionEntryReader(shape: shape, log: log).readRequestExtensions(entry, path, into: &mapping)
            definitions.requestMappings.append(mapping)
        }
    }
}
