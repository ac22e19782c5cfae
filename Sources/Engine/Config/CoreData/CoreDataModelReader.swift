/// Interprets the element tree of a model's `contents`: entities, their properties and
/// userInfo, and composites. It is lenient where Apple keeps adding things (unknown elements
/// and XML attributes are ignored, unknown `attributeType` names are a warning) and strict
/// where the model would be ambiguous (nameless or duplicate entities are errors).
struct CoreDataModelReader {
    /// Everything found, in document order; errors among them make the model unusable.
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var entities: [CoreDataEntity] = []
    private(set) var composites: [CoreDataComposite] = []

    /// The `type` Xcode writes on every model root.
    static let modelType = "com.apple.IDECoreDataModeler.DataModel"

    /// Reads the document whose root element is `root`.
    mutating func read(_ root: CoreDataXMLElement) {
        guard root.name == "model" else {
            diagnostics.append(.error(
                .modelMalformed, "not a Core Data model: the root element is <\(root.name)>, expected <model>",
                at: root.location))
            return
        }
        if let type = root["type"], type != Self.modelType {
            diagnostics.append(.warning(
                .modelUnexpectedVersion, "unexpected model type '\(type)' (expected '\(Self.modelType)'); reading it anyway",
                at: root.location))
        }
        if let version = root["documentVersion"], version != "1.0" {
            diagnostics.append(.warning(
                .modelUnexpectedVersion, "unknown model documentVersion '\(version)' (expected '1.0'); reading it anyway",
                at: root.location))
        }
        var firstEntity: [String: SourceLocation] = [:]
        for child in root.children {
            switch child.name {
            case "entity":
                guard let entity = readEntity(child) else { continue }
                if let first = firstEntity[entity.name] {
                    diagnostics.append(Diagnostic(
                        .modelDuplicateEntity, .error, "entity '\(entity.name)' is defined more than once", at: entity.location,
                        related: [.init("first definition of '\(entity.name)'", at: first)]))
                    continue
                }
                firstEntity[entity.name] = entity.location
                entities.append(entity)
            case "composite":
                guard let name = requiredName(of: child, what: "composite") else { continue }
                if composites.contains(where: { $0.name == name }) {
                    diagnostics.append(.warning(
                        .modelDuplicateProperty, "composite '\(name)' is defined more than once; the first definition is used",
                        at: child.location))
                    continue
                }
                let attributes = child.children(named: "attribute").compactMap {
                    readAttribute($0, owner: "composite '\(name)'")
                }
                composites.append(CoreDataComposite(
                    name: name, attributes: unique(attributes, owner: "composite '\(name)'"),
                    location: child.location))
            default:
                continue  // fetchRequest, configuration, elements, and whatever comes next
            }
        }
        checkCompositeReferences()
    }

    private mutating func readEntity(_ element: CoreDataXMLElement) -> CoreDataEntity? {
        guard let name = requiredName(of: element, what: "entity") else { return nil }
        let owner = "entity '\(name)'"
        var attributes: [CoreDataAttribute] = []
        var relationships: [CoreDataRelationship] = []
        var userInfo = CoreDataUserInfo()
        var constraints: [[String]] = []
        for child in element.children {
            switch child.name {
            case "attribute":
                if let attribute = readAttribute(child, owner: owner) { attributes.append(attribute) }
            case "relationship":
                if let relationship = readRelationship(child, owner: owner) { relationships.append(relationship) }
            case "userInfo":
                userInfo.entries += readUserInfo(child).entries
            case "uniquenessConstraints":
                for constraint in child.children(named: "uniquenessConstraint") {
                    let names = constraint.children(named: "constraint").compactMap { $0["value"] }
                        .filter { !$0.isEmpty }
                    if !names.isEmpty { constraints.append(names) }
                }
            default:
                continue  // fetchedProperty, fetchIndex, compoundIndexes: no stored data
            }
        }
        attributes = unique(attributes, owner: owner)
        relationships = relationships.filter { relationship in
            guard let clash = attributes.first(where: { $0.name == relationship.name }) else { return true }
            diagnostics.append(Diagnostic(
                .modelDuplicateProperty, .warning, "\(owner) declares '\(relationship.name)' as both an attribute and a relationship; the attribute is used",
                at: relationship.location, related: [.init("attribute '\(clash.name)'", at: clash.location)]))
            return false
        }
        relationships = unique(relationships, owner: owner)
        let className = element["representedClassName"]
        let parent = element["parentEntity"]
        return CoreDataEntity(
            name: name, representedClassName: className?.isEmpty == false ? className : nil,
            parentEntity: parent?.isEmpty == false ? parent : nil, isAbstract: element.flag("isAbstract"),
            attributes: attributes, relationships: relationships, userInfo: userInfo,
            uniquenessConstraints: constraints, location: element.location)
    }

    private mutating func readAttribute(_ element: CoreDataXMLElement, owner: String) -> CoreDataAttribute? {
        guard let name = requiredName(of: element, what: "attribute in \(owner)") else { return nil }
        let typeName = element["attributeType"] ?? ""
        var type = AttributeType.transformable
        if typeName.isEmpty {
            diagnostics.append(.warning(
                .modelUnknownAttributeType, "attribute '\(name)' of \(owner) has no attributeType; its values pass through unchanged (as Transformable)",
                at: element.location))
        } else if let known = AttributeType(name: typeName) {
            type = known
        } else {
            diagnostics.append(.warning(
                .modelUnknownAttributeType, "attribute '\(name)' of \(owner) has unknown attributeType '\(typeName)'; its values pass through unchanged (as Transformable)",
                at: element.location))
        }
        return CoreDataAttribute(
            name: name, type: type, typeName: typeName, isOptional: element.flag("optional"),
            isTransient: element.flag("transient"), isDerived: element.flag("derived"),
            defaultValue: element["defaultValueString"],
            defaultDateTimeInterval: element["defaultDateTimeInterval"],
            compositeName: element["composite"], customClassName: element["customClassName"],
            valueTransformerName: element["valueTransformerName"],
            userInfo: userInfo(in: element), location: element.location)
    }

    private mutating func readRelationship(_ element: CoreDataXMLElement, owner: String) -> CoreDataRelationship? {
        guard let name = requiredName(of: element, what: "relationship in \(owner)") else { return nil }
        guard let destination = element["destinationEntity"], !destination.isEmpty else {
            diagnostics.append(.error(
                .modelMissingPart, "relationship '\(name)' of \(owner) has no destinationEntity", at: element.location))
            return nil
        }
        let inverseName = element["inverseName"]
        let inverseEntity = element["inverseEntity"]
        return CoreDataRelationship(
            name: name, destinationEntity: destination, isToMany: element.flag("toMany"),
            isOrdered: element.flag("ordered"), isOptional: element.flag("optional"),
            isTransient: element.flag("transient"),
            inverseName: inverseName?.isEmpty == false ? inverseName : nil,
            inverseEntity: inverseEntity?.isEmpty == false ? inverseEntity : nil,
            minCount: element["minCount"].flatMap { Int($0) }, maxCount: element["maxCount"].flatMap { Int($0) },
            userInfo: userInfo(in: element), location: element.location)
    }

    private mutating func userInfo(in element: CoreDataXMLElement) -> CoreDataUserInfo {
        CoreDataUserInfo(entries: element.children(named: "userInfo").flatMap { readUserInfo($0).entries })
    }

    private mutating func readUserInfo(_ element: CoreDataXMLElement) -> CoreDataUserInfo {
        var info = CoreDataUserInfo()
        for entry in element.children(named: "entry") {
            guard let key = entry["key"] else {
                diagnostics.append(.warning(.modelIgnoredEntry, "userInfo entry without a key is ignored", at: entry.location))
                continue
            }
            info.entries.append(.init(key: key, value: entry["value"] ?? "", location: entry.location))
        }
        return info
    }

    /// The `name` XML attribute, or an error when it is missing or empty.
    private mutating func requiredName(of element: CoreDataXMLElement, what: String) -> String? {
        if let name = element["name"], !name.isEmpty { return name }
        diagnostics.append(.error(.modelMissingPart, "\(what) has no name", at: element.location))
        return nil
    }

    /// Drops repeated property names (not valid in Xcode), keeping the first, with a warning.
    private mutating func unique<Property: CoreDataNamedProperty>(_ properties: [Property], owner: String) -> [Property] {
        var seen: [String: SourceLocation] = [:]
        return properties.filter { property in
            if let first = seen[property.name] {
                diagnostics.append(Diagnostic(
                    .modelDuplicateProperty, .warning, "\(owner) declares '\(property.name)' more than once; the first declaration is used",
                    at: property.location, related: [.init("first declaration", at: first)]))
                return false
            }
            seen[property.name] = property.location
            return true
        }
    }

    /// Composite attributes must name a `<composite>` of the model.
    private mutating func checkCompositeReferences() {
        let known = Set(composites.map(\.name))
        let owned = entities.flatMap { entity in entity.attributes.map { (owner: "entity '\(entity.name)'", $0) } }
            + composites.flatMap { composite in composite.attributes.map { (owner: "composite '\(composite.name)'", $0) } }
        for (owner, attribute) in owned where attribute.typeName == "Composite" {
            guard let name = attribute.compositeName, !name.isEmpty else {
                diagnostics.append(.warning(
                    .modelDanglingReference, "Composite attribute '\(attribute.name)' of \(owner) names no composite", at: attribute.location))
                continue
            }
            if !known.contains(name) {
                diagnostics.append(.warning(
                    .modelDanglingReference, "Composite attribute '\(attribute.name)' of \(owner) names composite '\(name)', which the model does not define",
                    at: attribute.location))
            }
        }
    }
}

/// What `CoreDataModelReader.unique` needs of attributes and relationships alike.
protocol CoreDataNamedProperty {
    var name: String { get }
    var location: SourceLocation { get }
}

extension CoreDataAttribute: CoreDataNamedProperty {}
extension CoreDataRelationship: CoreDataNamedProperty {}
