import RestmapEngine

/// Writes a batch of a run's objects into a store file whose schema is already migrated,
/// inside the caller's transaction, row by row (PostgreSQL's counterpart is
/// PostgreSQLBulkWriter), in two passes:
/// 1. attributes, object by object in creation order: update-else-create by primary key
///    (`INSERT … ON CONFLICT DO UPDATE` of the attributes the representation carried, so
///    what it did not carry keeps its stored value), a plain insert for objects without
///    one. Each object's row id is kept: SQLite's last inserted row id, or, when the upsert
///    met a stored row, that row's id looked up by its key once something needs it (most
///    such rows are never pointed at, and a load of unchanged records skips the look-up).
/// 2. relationships, now that every object of the run has a row: nested ones from the
///    mapped graph, connections (`fk_mapping`) looked up in the store — which holds this
///    run's objects and the ones stored before.
/// Statements are prepared once per shape (entity and set of carried columns) and reused.
/// A connection some of whose source values found no target, or one that may gain targets,
/// is kept in `unresolved`: a later run (another shard) may bring them (PendingConnections).
final class GraphPersister {
    private let connection: SQLiteConnection
    private let schema: StoreSchema
    private let statements: StatementCache
    private let connections: ConnectionLookup
    /// Per object (creation index): its row id, 0 while it is the stored row an upsert met
    /// and nothing has needed its id yet (`rowID(of:)`).
    private var rowIDs: [Int64] = []
    private var layouts: [ObjectIdentifier: EntityLayout] = [:]
    /// Connections left without (all of) their targets, for `PendingConnections.record`.
    private var unresolved: [PendingConnections.Source] = []

    /// The connections left waiting since the last call, forgotten here.
    func takeUnresolved() -> [PendingConnections.Source] {
        defer { unresolved.removeAll() }
        return unresolved
    }

    /// True when the store has triggers (restmap makes none): one may have dropped a row
    /// silently, so a write that reports no change is checked at once, not when needed.
    private let checksEveryWrite: Bool

    init(connection: SQLiteConnection, schema: StoreSchema, checksEveryWrite: Bool) {
        self.connection = connection
        self.schema = schema
        self.checksEveryWrite = checksEveryWrite
        self.statements = StatementCache(connection: connection)
        self.connections = ConnectionLookup(connection: connection, schema: schema)
    }

    /// What the run wrote, for the summary line.
    struct Counts: Equatable {
        var inserted = 0
        var upserted = 0
    }

    func persist(_ graph: ObjectGraph) throws -> Counts {
        var counts = Counts()
        rowIDs = Array(repeating: 0, count: graph.objects.count)
        var carried: [Int] = []
        var values: [StoreValue] = []
        for object in graph.objects {
            let layout = try self.layout(of: object.plan)
            carried.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            for (position, column) in layout.attributeColumns.enumerated() {
                guard column >= 0, let value = object.attribute(position) else { continue }
                carried.append(position)
                values.append(StoreValueCodec.encode(value, as: layout.entity.attributes[column].type))
            }
            // To-one relationships whose target already has its row go in the same statement.
            for index in layout.relationships.indices {
                guard let target = try earlyTarget(of: object, relationship: index, layout: layout) else { continue }
                carried.append(-1 - index)
                values.append(target.map(StoreValue.integer) ?? .null)
            }
            let upsert = object.hasIdentityKey && layout.hasIdentity
            connection.lastInsertedRowID = 0
            try statements.write(layout, carried: carried, upsert: upsert).run(values)
            rowIDs[object.creationIndex] = connection.lastInsertedRowID
            // No row inserted: an upsert that met its stored row, or a write that did not
            // happen — an insert without a key always adds a row.
            if rowIDs[object.creationIndex] == 0 {
                if !upsert { throw RestmapError.usage(.storeWriteFailed, "the store returned no row id for \(object.id)") }
                if checksEveryWrite { _ = try rowID(of: object) }
            }
            if upsert { counts.upserted += 1 } else { counts.inserted += 1 }
        }
        for object in graph.objects {
            try persistRelationships(of: object, layout: try layout(of: object.plan))
        }
        return counts
    }

    private func layout(of plan: EntityPlan) throws -> EntityLayout {
        if let layout = layouts[ObjectIdentifier(plan)] { return layout }
        let layout = try EntityLayout(plan: plan, schema: schema)
        layouts[ObjectIdentifier(plan)] = layout
        return layout
    }

    /// The row id of an object of this batch, written already; a stored row its upsert met
    /// is found by the primary key it carried.
    private func rowID(of object: MappedObject) throws -> Int64 {
        let known = rowIDs[object.creationIndex]
        if known != 0 { return known }
        let layout = try layout(of: object.plan)
        let key = layout.primaryKeyPositions.map { position -> StoreValue in
            guard let value = object.attribute(position) else { return .null }
            return StoreValueCodec.encode(value, as: layout.entity.attributes[layout.attributeColumns[position]].type)
        }
        guard case .integer(let rowID)? = try statements.rowID(layout.entity).firstValue(key) else {
            throw RestmapError.usage(.storeWriteFailed, "the store returned no row id for \(object.id)")
        }
        rowIDs[object.creationIndex] = rowID
        return rowID
    }

    /// The row id a to-one relationship points to when it can be written with the object's
    /// own row (`.some(nil)`: cleared), nil when it waits for the relationship pass: its
    /// target is an object mapped earlier in the run (so it has its row), found by nesting
    /// or by a connection on the target's primary key, which the identity map already matched.
    private func earlyTarget(of object: MappedObject, relationship index: Int, layout: EntityLayout) throws -> Int64?? {
        guard let stored = layout.relationships[index], !stored.toMany else { return nil }
        switch object.relationship(index) {
        case .one(let target) where target.creationIndex < object.creationIndex:
            if let connection = layout.connections[index], !connection.isOnPrimaryKey { return nil }
            return .some(try rowID(of: target))
        case .null where layout.connections[index] == nil:
            return .some(nil)
        default:
            // A connection whose carried source is null: cleared without a lookup.
            if let connection = layout.connections[index] {
                var carried = false
                for position in connection.sourcePositions {
                    guard let value = object.attribute(position) else { continue }
                    if value != .null { return nil }
                    carried = true
                }
                if carried { return .some(nil) }
            }
            return nil
        }
    }

    private func persistRelationships(of object: MappedObject, layout: EntityLayout) throws {
        guard !layout.relationships.isEmpty else { return }
        var toOneColumns: [String] = []
        var toOneValues: [StoreValue] = []
        for (index, stored) in layout.relationships.enumerated() {
            guard let stored, try earlyTarget(of: object, relationship: index, layout: layout) == nil else { continue }
            let owner = try rowID(of: object)
            let targets: [Int64]?
            if let connection = layout.connections[index], connection.isOnPrimaryKey, !stored.toMany,
                case .one(let target) = object.relationship(index)
            {
                // The identity map matched the target by its primary key in this batch: its row.
                targets = [try rowID(of: target)]
            } else if let connection = layout.connections[index] {
                targets = try connections.targets(of: object, connection: connection, toMany: stored.toMany)
                if connections.lastLookupWaits {
                    unresolved.append(PendingConnections.Source(
                        entity: layout.entity.name, relationship: stored.name, rowID: owner,
                        sourceAttributes: connection.sourcePositions.map { object.plan.mapping.attributes[$0].destination },
                        targetAttributes: connection.targetAttributes.map(\.name)))
                }
            } else {
                switch object.relationship(index) {
                case .unset: targets = nil
                case .null: targets = []
                case .one(let target): targets = [try rowID(of: target)]
                case .many(let list): targets = try list.map { try rowID(of: $0) }
                }
            }
            guard let targets else { continue }
            if stored.toMany {
                try statements.clearJoin(stored, owner: layout.entity).run([.integer(owner)])
                let insert = try statements.insertJoin(stored, owner: layout.entity)
                for (position, target) in targets.enumerated() {
                    try insert.run([.integer(owner), .integer(Int64(position)), .integer(target)])
                }
            } else {
                toOneColumns.append(stored.column)
                toOneValues.append(targets.first.map(StoreValue.integer) ?? .null)
            }
        }
        if !toOneColumns.isEmpty {
            toOneValues.append(.integer(try rowID(of: object)))
            try statements.update(layout.entity, columns: toOneColumns).run(toOneValues)
        }
    }
}

/// How one plan's objects land in its table: the stored attribute for each attribute
/// position, the stored relationship (and connection) for each relationship position.
final class EntityLayout {
    let entity: StoredEntity
    /// Per attribute position: the index in `entity.attributes`, or -1 for a repeated destination.
    let attributeColumns: [Int]
    let relationships: [StoredRelationship?]
    let connections: [ConnectionLookup.Connection?]
    let hasIdentity: Bool
    /// The primary key's attribute positions, in key order.
    let primaryKeyPositions: [Int]
    let order: Int

    init(plan: EntityPlan, schema: StoreSchema) throws {
        guard let entity = schema.entity(named: plan.name),
            let order = schema.entities.firstIndex(where: { $0.name == plan.name })
        else {
            throw RestmapError.usage(.storeWriteFailed, "the store has no table for \(plan.name)")
        }
        self.entity = entity
        self.order = order
        let mapping = plan.mapping
        attributeColumns = mapping.attributes.enumerated().map { position, attribute in
            plan.attributeIndex[attribute.destination] == position
                ? entity.attributes.firstIndex { $0.name == attribute.destination } ?? -1 : -1
        }
        // Nil: a relationship no run has decided the cardinality of (no object holds it).
        relationships = mapping.relationships.map { entity.relationship(named: $0.name).flatMap { $0.isDecided ? $0 : nil } }
        connections = mapping.relationships.map { relationship in
            guard let pairs = relationship.connection,
                let target = schema.entity(named: relationship.target.value)
            else { return nil }
            let sources = pairs.compactMap { plan.attributeIndex[$0.sourceAttribute.value] }
            let targetAttributes = pairs.compactMap { target.attribute(named: $0.targetAttribute.value) }
            guard sources.count == pairs.count, targetAttributes.count == pairs.count else { return nil }
            return ConnectionLookup.Connection(target: target, sourcePositions: sources, targetAttributes: targetAttributes)
        }
        hasIdentity = !entity.primaryKey.isEmpty
        primaryKeyPositions = entity.primaryKey.compactMap { plan.attributeIndex[$0] }
    }
}
