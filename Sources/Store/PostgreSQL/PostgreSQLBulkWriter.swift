import RestmapEngine

/// Writes one run's objects into PostgreSQL set by set instead of row by row (docs/stores.md,
/// "PostgreSQL", chosen by measurement: a statement per object pays a round trip each).
/// The rules are GraphPersister's; the mechanics are COPY into temporary tables and one
/// statement per entity:
/// 1. row ids for the entity's objects are drawn from its identity sequence in creation
///    order, so rows keep the order SQLite gives them;
/// 2. the objects are COPYed into a temporary table with a "carried" flag per attribute, then
///    `INSERT … SELECT … ON CONFLICT (primary key) DO NOTHING` creates the new rows, and an
///    `UPDATE … FROM` sets, on rows stored before, only the attributes each object carried
///    (returning their row ids);
/// 3. relationships: nested ones from the graph; connections looked up with one join of the
///    sources (array sources one row per element) against the target table — rows of this
///    run and rows stored before alike; to-one columns set by one UPDATE, join tables
///    rewritten by DELETE and COPY. Sources left without a target are `unresolved`.
final class PostgreSQLBulkWriter {
    let connection: PostgreSQLConnection
    /// The schema the rows go into; a streamed load's batch may have migrated it.
    var schema: StoreSchema {
        didSet { if schema != oldValue { layouts.removeAll() } }
    }
    var dialect: StoreDialect { connection.dialect }
    var rowIDs: [Int64] = []
    /// The temporary tables made so far, by their columns: a shape is made once per load and
    /// emptied for its next use (each is read by the statements right after its COPY), since
    /// a table made per batch would keep its lock, and its catalog rows, to the commit.
    private var temporaries: [[String]: String] = [:]
    /// Connections left without (all of) their targets, for `PendingConnections.record`
    /// (appended by the relationship pass).
    var unresolved: [PendingConnections.Source] = []
    private var layouts: [ObjectIdentifier: EntityLayout] = [:]
    /// Per table: whether this load's rows go straight into it by COPY (it was empty when the
    /// load first wrote it, and no batch has met a stored key since).
    private var copiesDirectly: [String: Bool] = [:]
    /// Entities (by schema position) whose rows are written: their row ids are final.
    private var written: [Bool] = []
    /// Per object (creation index): bit r set when its to-one relationship r was written with
    /// its row (relationships past the 64th always wait for the relationship pass).
    var early: [UInt64] = []
    /// Per object (creation index): its entity's schema position.
    private var entityOrder: [Int] = []

    init(connection: PostgreSQLConnection, schema: StoreSchema) {
        self.connection = connection
        self.schema = schema
    }

    struct Group {
        var layout: EntityLayout
        var items: [(object: MappedObject, layout: EntityLayout)] = []
    }

    /// The connections left waiting since the last call, forgotten here (as GraphPersister's).
    func takeUnresolved() -> [PendingConnections.Source] {
        defer { unresolved.removeAll() }
        return unresolved
    }

    /// Writes one graph, or one batch of a streamed load (the writer is kept from batch to
    /// batch: its temporary tables serve every batch).
    func persist(_ graph: ObjectGraph) throws -> GraphPersister.Counts {
        entityOrder.removeAll(keepingCapacity: true)
        var groups: [Group] = []
        var groupOfEntity: [Int: Int] = [:]
        for object in graph.objects {
            let key = ObjectIdentifier(object.plan)
            if layouts[key] == nil { layouts[key] = try EntityLayout(plan: object.plan, schema: schema) }
            let layout = layouts[key]!
            entityOrder.append(layout.order)
            if groupOfEntity[layout.order] == nil {
                groupOfEntity[layout.order] = groups.count
                groups.append(Group(layout: layout))
            }
            groups[groupOfEntity[layout.order]!].items.append((object, layout))
        }
        rowIDs = Array(repeating: 0, count: graph.objects.count)
        early = Array(repeating: 0, count: graph.objects.count)
        written = Array(repeating: false, count: schema.entities.count)
        var counts = GraphPersister.Counts()
        // Nested objects come after their owners: writing the last-met entities first gives
        // most to-one targets their final row id before their owners' rows are written.
        for group in groups.reversed() {
            try writeAttributes(group, counts: &counts)
            written[group.layout.order] = true
        }
        for group in groups { try writeRelationships(group) }
        return counts
    }

    // MARK: - Attributes

    private func writeAttributes(_ group: Group, counts: inout GraphPersister.Counts) throws {
        let entity = group.layout.entity, q = dialect.quote
        let reserved = try reserveRowIDs(entity, count: group.items.count)
        for ((object, layout), rowID) in zip(group.items, reserved) {
            rowIDs[object.creationIndex] = rowID
            if object.hasIdentityKey && layout.hasIdentity { counts.upserted += 1 } else { counts.inserted += 1 }
        }
        let toOne = entity.relationships.filter { $0.isDecided && !$0.toMany }
        let columns = [StoreSchema.rowIDColumn] + entity.attributes.map(\.column) + toOne.map(\.column)
        // Nothing stored yet: straight into the table, under a savepoint. A key stored
        // meanwhile — by an earlier batch of this load, or by a writer that committed — makes
        // the COPY a unique violation: the batch, and the entity's later ones, are upserted.
        if try copiesDirectly[entity.table] ?? isEmpty(entity) {
            try connection.execute("SAVEPOINT restmap_copy")
            do {
                try copyRows(group, toOne: toOne, reserved: reserved, into: "\(q(entity.table)) (\(dialect.quotedList(columns)))", carried: false)
                try connection.execute("RELEASE SAVEPOINT restmap_copy")
                copiesDirectly[entity.table] = true
                return
            } catch let error as PostgreSQLError where error.state == "23505" {
                try connection.execute("ROLLBACK TO SAVEPOINT restmap_copy")
                copiesDirectly[entity.table] = false
            }
        }
        var definitions = ["r BIGINT"]
        for (index, attribute) in entity.attributes.enumerated() {
            definitions += ["c\(index) \(dialect.columnType(for: attribute.type))", "k\(index) BOOLEAN"]
        }
        definitions += toOne.indices.flatMap { ["c\(entity.attributes.count + $0) BIGINT", "k\(entity.attributes.count + $0) BOOLEAN"] }
        let temporary = try createTemporary(definitions)
        try copyRows(group, toOne: toOne, reserved: reserved, into: temporary, carried: true)
        let valueColumns = (0..<(columns.count - 1)).map { "c\($0)" }
        let conflict = entity.primaryKey.isEmpty ? "" : " ON CONFLICT (\(dialect.quotedList(entity.primaryKey))) DO NOTHING"
        let inserted = try connection.executeCounting(
            "INSERT INTO \(q(entity.table)) (\(dialect.quotedList(columns))) "
                + "SELECT \((["r"] + valueColumns).joined(separator: ", ")) FROM \(temporary) ORDER BY r\(conflict)")
        guard inserted < group.items.count, !entity.primaryKey.isEmpty else { return }
        // Rows stored before (or by a writer that committed meanwhile): carried values only.
        let set = columns.dropFirst().enumerated().map { index, column in
            "\(q(column)) = CASE WHEN s.k\(index) THEN s.c\(index) ELSE t.\(q(column)) END"
        }
        let match = entity.primaryKey.map { key in "t.\(q(key)) = s.c\(entity.attributes.firstIndex { $0.name == key }!)" }
        let updated = try connection.prepare(
            "UPDATE \(q(entity.table)) AS t SET \(set.joined(separator: ", ")) FROM \(temporary) AS s "
                + "WHERE \(match.joined(separator: " AND ")) AND t.\(q(StoreSchema.rowIDColumn)) <> s.r RETURNING s.r, t.\(q(StoreSchema.rowIDColumn))").rows()
        var actual: [Int64: Int64] = [:]
        for row in updated {
            if case .integer(let reservedID) = row[0], case .integer(let rowID) = row[1] { actual[reservedID] = rowID }
        }
        for (object, _) in group.items {
            if let rowID = actual[rowIDs[object.creationIndex]] { rowIDs[object.creationIndex] = rowID }
        }
    }

    /// COPYs the group's rows into `target` (a table and its columns, or a temporary table
    /// whose columns each come with a "carried" flag when `carried`).
    private func copyRows(_ group: Group, toOne: [StoredRelationship], reserved: [Int64], into target: String, carried: Bool) throws {
        let entity = group.layout.entity
        let kinds = entity.attributes.map { PostgreSQLCopyRows.kind(ofColumnType: dialect.columnType(for: $0.type)) }
        try connection.beginCopy("COPY \(target) FROM STDIN")
        var rows = PostgreSQLCopyRows()
        // One row's values, reused from row to row (an array allocated per row went through
        // the standard library's slow generic path).
        var values = [StoreValue?](filledWith: nil, count: entity.attributes.count)
        var targets = [Int64??](filledWith: nil, count: toOne.count)
        for ((object, layout), rowID) in zip(group.items, reserved) {
            for column in values.indices { values[column] = nil }
            for (position, column) in layout.attributeColumns.enumerated() where column >= 0 {
                if let value = object.attribute(position) { values[column] = StoreValueCodec.encode(value, as: entity.attributes[column].type) }
            }
            for column in targets.indices { targets[column] = nil }
            for (index, stored) in layout.relationships.enumerated() {
                guard index < 64, let stored, !stored.toMany, let column = toOne.firstIndex(where: { $0.name == stored.name }),
                    let target = earlyTarget(of: object, relationship: index, layout: layout)
                else { continue }
                targets[column] = target
                early[object.creationIndex] |= 1 << UInt64(index)
            }
            rows.append(rowID)
            for (column, value) in values.enumerated() {
                rows.append(value ?? .null, kinds[column])
                if carried { rows.append(value != nil) }
            }
            for target in targets {
                rows.append(target ?? nil)
                if carried { rows.append(target != nil) }
            }
            rows.endRow()
            try rows.flush(connection.putCopyData)
        }
        try connection.putCopyData(rows.bytes)
        try connection.endCopy()
    }

    /// The row id a to-one relationship gets with its object's row (`.some(nil)`: cleared),
    /// as GraphPersister decides it: a nested target, or a connection on the target's primary
    /// key the run's identity map matched, once the target's row id is final; a null.
    private func earlyTarget(of object: MappedObject, relationship index: Int, layout: EntityLayout) -> Int64?? {
        switch object.relationship(index) {
        case .one(let target):
            if let connection = layout.connections[index], !connection.isOnPrimaryKey { return nil }
            guard target.creationIndex < entityOrder.count, written[entityOrder[target.creationIndex]] else { return nil }
            return .some(rowIDs[target.creationIndex])
        case .null where layout.connections[index] == nil:
            return .some(nil)
        default:
            // A connection whose carried source is null: cleared without a lookup.
            guard let connection = layout.connections[index] else { return nil }
            var carried = false
            for position in connection.sourcePositions {
                guard let value = object.attribute(position) else { continue }
                if value != .null { return nil }
                carried = true
            }
            return carried ? .some(nil) : nil
        }
    }

    private func isEmpty(_ entity: StoredEntity) throws -> Bool {
        try connection.prepare("SELECT NOT EXISTS (SELECT 1 FROM \(dialect.quote(entity.table)))").firstValue() == .integer(1)
    }

    /// `count` row ids from the entity's identity sequence, in order: one `setval` past
    /// `nextval` under a session advisory lock that every restmap writer takes for this, so
    /// blocks never overlap.
    private func reserveRowIDs(_ entity: StoredEntity, count: Int) throws -> [Int64] {
        guard count > 0 else { return [] }
        try connection.execute("SELECT pg_advisory_lock(\(PostgreSQLStore.rowIDLockKey))")
        defer { try? connection.execute("SELECT pg_advisory_unlock(\(PostgreSQLStore.rowIDLockKey))") }
        let statement = try connection.prepare(
            "SELECT setval(pg_get_serial_sequence($1, '\(StoreSchema.rowIDColumn)'), nextval(pg_get_serial_sequence($1, '\(StoreSchema.rowIDColumn)')) + $2 - 1)")
        guard case .integer(let last)? = try statement.firstValue([.text(dialect.quote(entity.table)), .integer(Int64(count))]) else {
            throw PostgreSQLError(state: "", message: "no row ids could be reserved for \(entity.name)")
        }
        return Array((last - Int64(count) + 1)...last)
    }

    /// A temporary table filled with `rows` by COPY; returns its name.
    func copyIntoTemporary(_ definitions: [String], _ rows: PostgreSQLCopyRows) throws -> String {
        let name = try createTemporary(definitions)
        if !rows.isEmpty { try connection.copy("COPY \(name) FROM STDIN", data: rows.bytes) }
        return name
    }

    /// An empty temporary table with these columns (dropped at commit).
    private func createTemporary(_ definitions: [String]) throws -> String {
        if let name = temporaries[definitions] {
            try connection.execute("TRUNCATE \(name)")
            return name
        }
        let name = "restmap_load_\(temporaries.count + 1)"
        try connection.execute("CREATE TEMPORARY TABLE \(name) (\(definitions.joined(separator: ", "))) ON COMMIT DROP")
        temporaries[definitions] = name
        return name
    }
}
