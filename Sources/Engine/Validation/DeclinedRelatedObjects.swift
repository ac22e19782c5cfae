/// What `validate` makes of polymorphic relationships (the `matchers` extension): the keys
/// the matchers compare count as read, and a related representation no matcher takes is
/// reported — RestKit drops it without a word, so an app silently loses it; the finding
/// says what the matchers expect.
extension ValidationCollector: RelationshipMatcherObserver {
    func relatedRepresentationDeclinedByMatchers(plan: EntityPlan, relationship: Int, origin: Mapper.Origin) {
        let mapping = plan.mapping.relationships[relationship]
        guard let matchers = mapping.matchers else { return }
        var message = "no matcher of relationship '\(mapping.name)' of \(plan.name) takes this object; it is left out"
        let keyed = matchers.compactMap { matcher -> (KeyPath, Value)? in
            guard case .keyed(let keyPath, let expected, _) = matcher.kind else { return nil }
            return (keyPath, expected)
        }
        if !keyed.isEmpty {
            message += " (matchers expect " + keyed.map { "\($0.0.text) = \(ConversionFailure.describe($0.1))" }.joined(separator: " or ") + ")"
        }
        add(
            ValidationFinding(
                .declinedRelatedObject, .warning, message, at: location(origin.pointer, origin: origin), pointer: origin.pointer,
                config: ValidationFinding.ConfigEntry("relationship_mappings.\(plan.name).\(mapping.source.text).matchers", at: mapping.location)))
    }

    func relatedRepresentationChosenByMatchers(plan: EntityPlan, relationship: Int, origin: Mapper.Origin) {
        guard let matchers = plan.mapping.relationships[relationship].matchers, let pointer = origin.pointer,
            let element = value(at: pointer)
        else { return }
        for matcher in matchers {
            guard case .keyed(let keyPath, _, _) = matcher.kind else { continue }
            var places: [String] = []
            PayloadPointer.placesRead(by: keyPath.segments[...], in: element, at: pointer, into: &places)
            for place in places { consume(place) }
        }
    }
}
