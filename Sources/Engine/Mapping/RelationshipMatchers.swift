/// Polymorphic relationships (the `matchers` extension of a relationship entry): each related
/// representation is mapped with the entity its matchers choose, as RestKit maps a
/// relationship whose mapping is an `RKDynamicMapping` (RKMappingOperation
/// `destinationObjectForMappingRepresentation:…`). A representation no matcher takes is
/// declined: it is left out of the relationship, as RestKit leaves out an object for which
/// the dynamic mapping returns nil.
extension MappingPlans {
    /// The compiled matchers of each relationship of `plan` (nil for single-target ones);
    /// plain-object matchers get plans of their own, numbered from `nextOrder`.
    static func relationshipMatchers(
        of plan: EntityPlan, entities: [String: EntityPlan], nextOrder: inout Int
    ) -> [MatcherPlans?] {
        plan.mapping.relationships.map { relationship -> MatcherPlans? in
            guard let matchers = relationship.matchers else { return nil }
            var plain: [Int: EntityPlan] = [:]
            for (index, matcher) in matchers.enumerated() {
                if case .plainObject(let mapping) = matcher.kind {
                    plain[index] = EntityPlan(mapping: mapping, order: nextOrder)
                    nextOrder += 1
                }
            }
            return MatcherPlans(matchers: matchers, entity: { entities[$0] }, plain: { plain[$0] })
        }
    }
}

extension MatcherPlans {
    /// The plan for `element`: the first keyed matcher whose key path holds its expected
    /// value (loose equality, SPEC §1.4; an array or object never equals a scalar), else
    /// the fallback; nil when none applies.
    func choose(_ element: Value) -> EntityPlan? {
        for matcher in keyed {
            guard let plan = matcher.plan, let actual = KeyValueCoding.evaluate(matcher.keyPath, element) else {
                continue
            }
            if actual.isScalar, LooseEquality.matches(actual, matcher.expected) { return plan }
        }
        return fallback?.plan
    }

    /// Every plan the matchers can choose.
    var candidatePlans: [EntityPlan] {
        keyed.compactMap(\.plan) + (fallback.map { [$0.plan] } ?? [])
    }
}

extension EntityPlan {
    /// Whether the relationship at `index` chooses its entity per representation.
    func hasMatchers(relationship index: Int) -> Bool {
        index < relationshipMatchers.count && relationshipMatchers[index] != nil
    }

    /// The one-key dictionaries to map when the relationship's value is a dictionary keyed
    /// by id: when its target forces collection mapping (with matchers: when every entity
    /// they can choose does). Nil otherwise.
    func keyedElements(_ value: Value, relationship index: Int) -> [Value]? {
        guard case .object = value else { return nil }
        let forces: Bool
        if hasMatchers(relationship: index), let matchers = relationshipMatchers[index] {
            let candidates = matchers.candidatePlans
            forces = !candidates.isEmpty && candidates.allSatisfy(\.forcesCollection)
        } else {
            forces = targets[index]?.forcesCollection ?? false
        }
        guard forces else { return nil }
        return KeyedRepresentation.elements(of: value)?.map(\.element)
    }
}

extension Mapper {
    /// Maps one related representation of `plan`'s relationship `index` with its target,
    /// or with the entity its matchers choose; nil when declined or nothing maps.
    func mapRelated(
        _ element: Value, relationship index: Int, of plan: EntityPlan, origin: Origin, nesting: Int
    ) -> MappedObject? {
        let target: EntityPlan?
        if plan.hasMatchers(relationship: index), let matchers = plan.relationshipMatchers[index] {
            target = matchers.choose(element)
            if target == nil {
                observer?.relatedRepresentationDeclined(plan: plan, relationship: index, origin: origin)
            } else {
                observer?.relatedRepresentationChosen(plan: plan, relationship: index, origin: origin)
            }
        } else {
            target = plan.targets[index]
        }
        guard let target else { return nil }
        return map(element, with: target, origin: origin, nesting: nesting)
    }
}

extension MappingObserver {
    /// No matcher of a polymorphic relationship took a related representation (RestKit
    /// declines it silently; `validate` reports it).
    func relatedRepresentationDeclined(plan: EntityPlan, relationship: Int, origin: Mapper.Origin) {
        (self as? RelationshipMatcherObserver)?.relatedRepresentationDeclinedByMatchers(
            plan: plan, relationship: relationship, origin: origin)
    }
}

extension MappingObserver {
    /// A matcher of a polymorphic relationship took a related representation: the keys the
    /// matchers compare are read by the config.
    func relatedRepresentationChosen(plan: EntityPlan, relationship: Int, origin: Mapper.Origin) {
        (self as? RelationshipMatcherObserver)?.relatedRepresentationChosenByMatchers(
            plan: plan, relationship: relationship, origin: origin)
    }
}

/// Observers that want to hear what a relationship's matchers decided (kept out of
/// `MappingObserver` so that its implementers need not change).
protocol RelationshipMatcherObserver: AnyObject {
    func relatedRepresentationDeclinedByMatchers(plan: EntityPlan, relationship: Int, origin: Mapper.Origin)
    func relatedRepresentationChosenByMatchers(plan: EntityPlan, relationship: Int, origin: Mapper.Origin)
}
