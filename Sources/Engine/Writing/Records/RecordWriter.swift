/// Writes mapped objects as records (SPEC §3.1): `_entity` first, then (records shape)
/// `_id`, then attributes in mapping order — a dotted destination's dictionary where its
/// first attribute is — then relationships in mapping order. In the tree shape related
/// objects are written in place, and an object met again inside its own subtree is written
/// as `{"_entity": E, "_ref": id}`; in the records shape relationships hold `_id`s.
public struct RecordWriter {
    public enum Shape: String, Sendable, CaseIterable {
        case tree, records
    }

    let shape: Shape
    static let entityKey = JSONEncodedKey("_entity")
    static let idKey = JSONEncodedKey("_id")

    init(shape: Shape) {
        self.shape = shape
    }

    /// Counts the `_ref`s written, so that the caller can mention cycles.
    final class Statistics {
        var references = 0
        init() {}
    }

    /// A cache for `recurring` in `write(_:to:statistics:recurring:)`, nil when this shape
    /// writes related objects as ids (`records`), which nothing then replays.
    func makeRecurringCache() -> RecurringObjectCache? {
        shape == .tree ? RecurringObjectCache() : nil
    }

    /// Writes one record. `recurring` may carry the encodings of related objects met before:
    /// give one only while the objects it has seen do not change.
    func write<Emitter: StructuredEmitter>(
        _ object: MappedObject, to emitter: Emitter, statistics: Statistics? = nil,
        recurring: RecurringObjectCache? = nil
    ) throws {
        var ancestors: [ObjectIdentifier] = []
        try write(object, to: emitter, ancestors: &ancestors, statistics: statistics, recurring: recurring)
    }

    /// Writes `objects` one after the other (elements of the array the caller has begun),
    /// encoding each recurring related object once (`RecurringObjectCache`).
    func write<Emitter: StructuredEmitter, Objects: Sequence<MappedObject>>(
        all objects: Objects, to emitter: Emitter, statistics: Statistics? = nil
    ) throws {
        var ancestors: [ObjectIdentifier] = []  // one array for all (an allocation a record)
        ancestors.reserveCapacity(8)
        let recurring = makeRecurringCache()
        for object in objects {
            try write(object, to: emitter, ancestors: &ancestors, statistics: statistics, recurring: recurring)
        }
    }

    @inline(__always)
    func write<Emitter: StructuredEmitter>(
        _ object: MappedObject, to emitter: Emitter, ancestors: inout [ObjectIdentifier], statistics: Statistics?,
        recurring: RecurringObjectCache?
    ) throws {
        try object.withPlan { plan in
            try write(object, plan: plan, to: emitter, ancestors: &ancestors, statistics: statistics, recurring: recurring)
        }
    }

    @inline(__always)
    private func write<Emitter: StructuredEmitter>(
        _ object: MappedObject, plan: EntityPlan, to emitter: Emitter, ancestors: inout [ObjectIdentifier],
        statistics: Statistics?, recurring: RecurringObjectCache?
    ) throws {
        try emitter.beginObject()
        try emitter.key("_entity", encoded: Self.entityKey)
        try emitter.string(plan.name, encoded: plan.encodedName)
        if shape == .records {
            try emitter.key("_id", encoded: Self.idKey)
            try emitter.scalar(.string(object.id))
        }
        for position in plan.recordFields.indices {
            if let index = plan.recordFields[position].attribute {
                guard let value = object.attribute(index) else { continue }
                try emitter.key(plan.recordFields[position].name, encoded: plan.recordFields[position].encoded)
                try emitter.emit(value)
            } else {
                let nested = NestedDestinations.build(
                    plan.recordFields[position].groupIndices.compactMap { position in
                        object.attribute(position).map {
                            (Array(plan.mapping.attributes[position].destinationPath.dropFirst()), $0)
                        }
                    })
                guard !nested.isEmpty else { continue }
                try emitter.key(plan.recordFields[position].name, encoded: plan.recordFields[position].encoded)
                try emitter.emit(.object(nested))
            }
        }
        // Ancestors are few (the depth of the tree): a small array beats a set. An object is
        // one once it has a relationship to write.
        var isAncestor = false
        defer { if isAncestor { ancestors.removeLast() } }
        for index in 0..<object.relationshipCount {
            let state = object.relationship(index)
            if case .unset = state { continue }
            if !isAncestor {
                ancestors.append(ObjectIdentifier(object))
                isAncestor = true
            }
            switch state {
            case .unset:
                continue
            case .null:
                try emitter.key(plan.relationshipNames[index], encoded: plan.encodedRelationshipNames[index])
                try emitter.scalar(.null)
            case .one(let related):
                try emitter.key(plan.relationshipNames[index], encoded: plan.encodedRelationshipNames[index])
                try writeRelated(related, to: emitter, ancestors: &ancestors, statistics: statistics, recurring: recurring)
            case .many(let related):
                try emitter.key(plan.relationshipNames[index], encoded: plan.encodedRelationshipNames[index])
                try emitter.beginArray()
                for element in related {
                    try writeRelated(element, to: emitter, ancestors: &ancestors, statistics: statistics, recurring: recurring)
                }
                try emitter.endArray()
            }
        }
        try emitter.endObject()
    }

    func writeRelated<Emitter: StructuredEmitter>(
        _ object: MappedObject, to emitter: Emitter, ancestors: inout [ObjectIdentifier], statistics: Statistics?,
        recurring: RecurringObjectCache?
    ) throws {
        if shape == .records {
            try emitter.scalar(.string(object.id))
        } else if ancestors.contains(ObjectIdentifier(object)) {
            statistics?.references += 1
            try emitter.beginObject()
            try emitter.key("_entity")
            try emitter.scalar(.string(object.withPlan(\.name)))
            try emitter.key("_ref")
            try emitter.scalar(.string(object.id))
            try emitter.endObject()
        } else if let recurring, recurring.isEnabled, RecurringObjectCache.qualifies(object),
            let mark = try emitter.beginReplayableValue()
        {
            switch recurring.decision(for: object, depth: mark.depth) {
            case .replay(let bytes):
                try emitter.replayValue(bytes)
            case .capture:
                try write(object, to: emitter, ancestors: &ancestors, statistics: statistics, recurring: recurring)
                if let bytes = emitter.valueBytes(since: mark) { recurring.store(bytes, for: object, depth: mark.depth) }
            case .write:
                try write(object, to: emitter, ancestors: &ancestors, statistics: statistics, recurring: recurring)
            }
        } else {
            try write(object, to: emitter, ancestors: &ancestors, statistics: statistics, recurring: recurring)
        }
    }
}

/// Builds the nested dictionary of dotted destinations (`address.city`, `address.geo.lat`)
/// in the order their attributes are listed.
enum NestedDestinations {
    static func build(_ entries: [(path: [String], value: Value)]) -> ValueObject {
        var object = ValueObject()
        for (path, value) in entries where !path.isEmpty {
            insert(value, at: path[...], into: &object)
        }
        return object
    }

    private static func insert(_ value: Value, at path: ArraySlice<String>, into object: inout ValueObject) {
        guard let first = path.first else { return }
        if path.count == 1 {
            object[first] = value
            return
        }
        var child: ValueObject
        if case .object(let existing)? = object[first] { child = existing } else { child = ValueObject() }
        insert(value, at: path.dropFirst(), into: &child)
        object[first] = .object(child)
    }
}
