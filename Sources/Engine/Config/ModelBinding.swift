/// Binds a config to a Core Data model (`--model`), as RestKit maps into the app's model:
/// attribute types come from the model (an `entity_attribute_types` entry wins over it),
/// relationships learn whether they are to-one or to-many, and an entity without
/// `primary_key_mappings` gets RestKit's inferred identification attribute (SPEC §1.2).
/// Everything the config names that the model lacks or types differently is reported, as
/// `check --model` requires.
struct ModelBinding {
    init() {}

    func apply(_ model: CoreDataModel, to definitions: inout MappingDefinitions, log: DiagnosticLog) {
        let modelEntityNames = model.entities.map(\.name)
        for entity in definitions.entities {
            guard model.entity(named: entity.name) != nil else {
                log.error(
                    .bindingUnknownEntity, "entity '\(entity.name)' is not in the model \(model.file)\(Suggestions.hint(for: entity.name, among: modelEntityNames))",
                    at: entity.location)
                continue
            }
            definitions.updateEntity(entity.name) { bindEntity(&$0, model: model, log: log) }
        }
    }

    private func bindEntity(_ entity: inout EntityMapping, model: CoreDataModel, log: DiagnosticLog) {
        let name = entity.name
        let attributeNames = model.attributes(of: name).map(\.name)
        for attribute in entity.attributes {
            // A dotted destination writes inside a dictionary-valued (transformable) attribute.
            let destination = attribute.destinationPath[0]
            if let modelAttribute = model.attribute(named: destination, in: name) {
                guard attribute.destinationPath.count == 1 else { continue }
                if let declared = entity.attributeTypes[destination] {
                    if declared != modelAttribute.type {
                        log.warning(
                            .bindingTypeDisagrees, "entity_attribute_types says '\(name).\(destination)' is \(declared.rawValue), the model says \(modelAttribute.typeName); the config's type is used",
                            at: entity.attributeTypeLocations[destination] ?? attribute.location)
                    }
                } else {
                    entity.attributeTypes[destination] = modelAttribute.type
                }
            } else if model.relationship(named: destination, in: name) != nil {
                log.error(
                    .bindingAttributeIsRelationship, "'\(attribute.source.text)' is mapped to '\(destination)', which the model defines as a relationship of '\(name)', not an attribute; map it in relationship_mappings",
                    at: attribute.location)
            } else {
                log.error(
                    .bindingUnknownAttribute, "the model's entity '\(name)' has no attribute '\(destination)'\(Suggestions.hint(for: destination, among: attributeNames))",
                    at: attribute.location)
            }
        }
        for key in entity.primaryKeys where model.attribute(named: key.value, in: name) == nil {
            log.error(
                .bindingUnknownAttribute, "primary key '\(key.value)' is not an attribute of '\(name)' in the model\(Suggestions.hint(for: key.value, among: attributeNames))",
                at: key.location)
        }
        if entity.primaryKeys.isEmpty {
            inferPrimaryKeys(&entity, model: model, log: log)
        }
        let relationshipNames = model.relationships(of: name).map(\.name)
        for index in entity.relationships.indices {
            let relationship = entity.relationships[index]
            guard let modelRelationship = model.relationship(named: relationship.name, in: name) else {
                if model.attribute(named: relationship.name, in: name) != nil {
                    log.error(
                        .bindingRelationshipIsAttribute, "relationship '\(relationship.name)' of '\(name)' is an attribute in the model, not a relationship",
                        at: relationship.location)
                } else {
                    log.error(
                        .bindingUnknownRelationship, "the model's entity '\(name)' has no relationship '\(relationship.name)'\(Suggestions.hint(for: relationship.name, among: relationshipNames))",
                        at: relationship.location)
                }
                continue
            }
            // With matchers (an extension), every entity they can choose must fit the model.
            for (target, location) in relationship.matchers.map({ $0.map { ($0.entityName, $0.location) } })
                ?? [(relationship.target.value, relationship.target.location)]
            where model.entity(named: target) != nil && !model.entity(target, isKindOf: modelRelationship.destinationEntity) {
                log.error(
                    .bindingTargetDisagrees, "relationship '\(relationship.name)' of '\(name)' leads to '\(modelRelationship.destinationEntity)' in the model, but the config's \(relationship.matchers == nil ? "target" : "matcher") is '\(target)'",
                    at: location)
            }
            let cardinality: Cardinality = modelRelationship.isToMany ? .toMany : .toOne
            entity.relationships[index].cardinality = cardinality
            // A single-valued fk_mapping source on a to-many relationship is a one-to-many
            // back-reference: it connects every target holding the value (as RestKit does).
        }
    }

    /// RestKit's inference: the `RKEntityIdentificationAttributes` userInfo entry, else the
    /// first conventional name (`gistFileID`, `gist_file_id`, `identifier`, `id`, `ID`,
    /// `URL`, `url`) that is an attribute. Used only when every inferred attribute is mapped:
    /// identity needs their values from the payload.
    private func inferPrimaryKeys(_ entity: inout EntityMapping, model: CoreDataModel, log: DiagnosticLog) {
        let inferred = model.inferredIdentificationAttributes(for: entity.name)
        guard !inferred.isEmpty else { return }
        let unmapped = inferred.filter { name in !entity.attributes.contains { $0.destination == name } }
        guard unmapped.isEmpty else {
            log.note(
                .bindingIdentityNotMapped, "the model identifies '\(entity.name)' by \(inferred.map { "'\($0)'" }.joined(separator: ", ")), which the config does not map; its objects are not deduplicated",
                at: entity.location)
            return
        }
        entity.primaryKeys = inferred.map { Located($0, at: entity.location) }
        entity.primaryKeysInferred = true
    }
}
