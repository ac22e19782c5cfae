/// The keys connections look targets up by. One attribute: its identity text (a null
/// source never gets here). Several: RestKit looks targets up with every source value,
/// a nil one included, so a compound key holds a null part as a marker that equals the
/// null (or unset) attribute of a target (RKRelationshipConnectionOperationTest
/// `testConnectionOfOptionalRelationshipIsEvaluatedWhenAtLeastOneAttributeEvaluatesToNonNil`).
enum ConnectionKeys {
    /// Stands for a null part of a compound key; no identity text contains it.
    static let nullPart = "\u{0}null"

    static func key(_ values: [Value?]) -> String? {
        if values.count == 1 {
            guard let value = values[0] else { return nil }
            return IdentityText.key(for: value)
        }
        var key = ""
        for (position, value) in values.enumerated() {
            let part: String
            switch value {
            case nil, .null?: part = nullPart
            case let value?:
                guard let text = IdentityText.key(for: value) else { return nil }
                part = text
            }
            if position > 0 { key += "\u{1F}" }
            key += part
        }
        return key
    }
}

extension ConnectionPlan {
    /// Whether the relationship holds several objects: the model says so; or, without a
    /// model, the source holds an array, or the target attributes are not the target's
    /// primary key, so that several targets may share the value (a one-to-many
    /// back-reference such as `{departmentID: departmentID}` on the department).
    func isToMany(arraySource: Bool) -> Bool {
        switch cardinality {
        case .toMany?: return true
        case .toOne?: return false
        case nil: return arraySource || !targetIsIdentity
        }
    }
}

extension EntityPlan {
    /// Whether the connection at relationship position `index` holds several objects when its
    /// source is (or is not) an array — the one rule the mapper and the store both decide a
    /// connection's cardinality by; nil when the position is not a connection.
    public func connectionIsToMany(relationship index: Int, arraySource: Bool) -> Bool? {
        connections.first { $0.relationship == index }?.isToMany(arraySource: arraySource)
    }
}
