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
    private let connection: PostgreSQLConnection
    /// The schema the rows go into; a streamed load's batch may have migrated it.
    var schema: StoreSchema {
        didSet { if schema != oldValue { layouts.removeAll() } }
    }
    private var dialect: StoreDialect { connection.dialect }
    private var rowIDs: [Int64] = []
    private var temporaryCount = 0
    private(set) var unresolved: [PendingConnections.Source] = []
    private var layouts: [ObjectIdentifier: EntityLayout] = [:]
    /// Per table: whether this load's rows go straight into it by COPY (it was empty when the
    /// load first wrote it, and no batch has met a stored key since).
    private var copiesDirectly: [String: Bool] = [:]
    /// Entities (by schema position) whose rows are written: their row ids are final.
    private var written: [Bool] = []
    /// Per object (creation index): bit r set when its to-one relationship r was written with
    /// its row (relationships past the 64th always wait for the relationship pass).
    private var early: [UInt64] = []
    /// Per object (creation index): its entity's schema position.
    private var entityOrder: [Int] = []

    init(connection: PostgreSQLConnection, schema: StoreSchema) {
        self.connection = connection
        self.schema = schema
    }

    private struct Group {
        var layout: EntityLayout
        var items: [(object: MappedObject, layout: EntityLayout)] = []
    }

    /// Writes one graph, or one batch of a streamed load (the writer is kept from batch to
    /// batch: its temporary tables are numbered across the transaction).
    func persist(_ graph: ObjectGraph) throws -> GraphPersister.Counts {
        entityOrder.removeAll(keepingCapacity: true)
        unresolved.removeAll()
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
            for (position, column) in layout.attributeColumns.enumerated() where column >= 0 && position < object.attributes.count {
                if let value = object.attributes[position] { values[column] = StoreValueCodec.encode(value, as: entity.attributes[column].type) }
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
            for position in connection.sourcePositions where position < object.attributes.count {
                guard let value = object.attributes[position] else { continue }
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

    /// A temporary table (dropped at commit) filled with `rows` by COPY; returns its name.
    private func copyIntoTemporary(_ definitions: [String], _ rows: PostgreSQLCopyRows) throws -> String {
        let name = try createTemporary(definitions)
        if !rows.isEmpty { try connection.copy("COPY \(name) FROM STDIN", data: rows.bytes) }
        return name
    }

    private func createTemporary(_ definitions: [String]) throws -> String {
        temporaryCount += 1
        let name = "restmap_load_\(temporaryCount)"
        try connection.execute("CREATE TEMPORARY TABLE \(name) (\(definitions.joined(separator: ", "))) ON COMMIT DROP")
        return name
    }

    // MARK: - Relationships

    /// One relationship's outcome for one owner: nil target list = leave as stored.
    private struct Targets {
        var toOne: [Int64: Int64?] = [:]
        var toOneOrder: [Int64] = []
        var toMany: [(owner: Int64, targets: [Int64])] = []
    }

    private struct ConnectionRequest {
        var plan: ConnectionLookup.Connection
        var sources: [(owner: Int64, values: [Value?], pending: PendingConnections.Source)] = []
    }

    private func writeRelationships(_ group: Group) throws {
        let entity = group.layout.entity
        var results: [String: Targets] = [:]
        var requests: [String: ConnectionRequest] = [:]
        for (object, layout) in group.items {
            let owner = rowIDs[object.creationIndex]
            for (index, stored) in layout.relationships.enumerated() {
                guard let stored, index >= 64 || early[object.creationIndex] & (1 << UInt64(index)) == 0 else { continue }
                if let plan = layout.connections[index] {
                    let values = plan.sourcePositions.map { $0 < object.attributes.count ? object.attributes[$0] : nil }
                    guard values.contains(where: { $0 != nil }) else { continue }
                    if values.allSatisfy({ $0 == nil || $0 == .null }) {
                        record(&results[stored.name, default: Targets()], owner: owner, targets: [], toMany: stored.toMany)
                        continue
                    }
                    let mapping = object.plan.mapping
                    let pending = PendingConnections.Source(
                        entity: entity.name, relationship: stored.name, rowID: owner,
                        sourceAttributes: plan.sourcePositions.map { mapping.attributes[$0].destination },
                        targetAttributes: plan.targetAttributes.map(\.name))
                    requests[stored.name, default: ConnectionRequest(plan: plan)].sources.append((owner, values, pending))
                    continue
                }
                let targets: [Int64]
                switch object.relationship(index) {
                case .unset: continue
                case .null: targets = []
                case .one(let target): targets = [rowIDs[target.creationIndex]]
                case .many(let list): targets = list.map { rowIDs[$0.creationIndex] }
                }
                record(&results[stored.name, default: Targets()], owner: owner, targets: targets, toMany: stored.toMany)
            }
        }
        for (name, request) in requests.sorted(by: { $0.key < $1.key }) {
            guard let stored = entity.relationship(named: name) else { continue }
            try resolve(request, into: &results[name, default: Targets()], toMany: stored.toMany)
        }
        try writeToOne(entity, results)
        for relationship in entity.relationships where relationship.isDecided && relationship.toMany {
            if let targets = results[relationship.name], !targets.toMany.isEmpty { try writeJoin(relationship, of: entity, targets.toMany) }
        }
    }

    private func record(_ targets: inout Targets, owner: Int64, targets list: [Int64], toMany: Bool) {
        if toMany {
            targets.toMany.append((owner, list))
        } else {
            if targets.toOne[owner] == nil { targets.toOneOrder.append(owner) }
            targets.toOne[owner] = .some(list.first)
        }
    }

    /// Looks every source up with one join, as ConnectionLookup does one by one: an array
    /// source element by element in its order, matches in row-id order, each target once.
    private func resolve(_ request: ConnectionRequest, into targets: inout Targets, toMany: Bool) throws {
        let plan = request.plan, q = dialect.quote
        let compound = plan.targetAttributes.count > 1
        let kinds = plan.targetAttributes.map { PostgreSQLCopyRows.kind(ofColumnType: dialect.columnType(for: $0.type)) }
        var rows = PostgreSQLCopyRows()
        var elementCounts: [Int] = []
        for (index, source) in request.sources.enumerated() {
            var tuples: [[Value?]] = [source.values]
            if let arrayPosition = source.values.firstIndex(where: { if case .array? = $0 { return true } else { return false } }),
                case .array(let elements)? = source.values[arrayPosition]
            {
                tuples = elements.map { element in
                    var values = source.values
                    values[arrayPosition] = element
                    return values
                }
            }
            var count = 0
            for tuple in tuples {
                // A part that is not a scalar matches nothing and is not looked up; nor does a
                // missing or null one, except as a part of a compound key, where it matches a
                // null target attribute as the mapper's connections do (`ConnectionKeys`).
                guard tuple.allSatisfy({ $0 == nil || $0! == .null ? compound : $0!.isScalar }),
                    tuple.contains(where: { $0 != nil && $0! != .null })
                else { continue }
                rows.append(Int64(index))
                rows.append(Int64(count))
                rows.append(tuple.contains { $0 == nil || $0! == .null })
                for (value, (attribute, kind)) in zip(tuple, zip(plan.targetAttributes, kinds)) {
                    rows.append(StoreValueCodec.encode(value ?? .null, as: attribute.type), kind)
                }
                rows.endRow()
                count += 1
            }
            elementCounts.append(count)
        }
        let definitions = ["source BIGINT", "element BIGINT", "has_null BOOLEAN"]
            + plan.targetAttributes.enumerated().map { "v\($0) \(dialect.columnType(for: $1.type))" }
        let temporary = try copyIntoTemporary(definitions, rows)
        // Plain equality keeps the join a hash join; only the tuples with a null part (of a
        // compound key) are joined with the null-safe comparison.
        let equal = plan.targetAttributes.enumerated().map { "t.\(q($1.column)) = s.v\($0)" }.joined(separator: " AND ")
        let nullSafe = plan.targetAttributes.enumerated().map { "t.\(q($1.column)) IS NOT DISTINCT FROM s.v\($0)" }.joined(separator: " AND ")
        let select = "SELECT s.source, s.element, t.\(q(StoreSchema.rowIDColumn)) AS row_id FROM \(temporary) AS s JOIN \(q(plan.target.table)) AS t ON "
        let found = try connection.prepare(
            "\(select)\(equal) WHERE NOT s.has_null" + (compound ? " UNION ALL \(select)\(nullSafe) WHERE s.has_null" : "")
                + " ORDER BY 1, 2, 3").rows()
        var matches = [[Int64]](repeating: [], count: request.sources.count)
        var matchedElements = [Set<Int64>](repeating: [], count: request.sources.count)
        for row in found {
            guard case .integer(let source) = row[0], case .integer(let element) = row[1], case .integer(let rowID) = row[2] else { continue }
            matchedElements[Int(source)].insert(element)
            if !matches[Int(source)].contains(rowID) { matches[Int(source)].append(rowID) }
        }
        for (index, source) in request.sources.enumerated() {
            if matchedElements[index].count < elementCounts[index] || (elementCounts[index] > 0 && plan.mayGainTargets) {
                unresolved.append(source.pending)
            }
            record(&targets, owner: source.owner, targets: toMany ? matches[index] : Array(matches[index].prefix(1)), toMany: toMany)
        }
    }

    /// Every to-one relationship of the entity set with one UPDATE.
    private func writeToOne(_ entity: StoredEntity, _ results: [String: Targets]) throws {
        let relationships = entity.relationships.filter { $0.isDecided && !$0.toMany && !(results[$0.name]?.toOne.isEmpty ?? true) }
        guard !relationships.isEmpty else { return }
        var owners: [Int64] = []
        var seen: Set<Int64> = []
        for relationship in relationships {
            for owner in results[relationship.name]!.toOneOrder where seen.insert(owner).inserted { owners.append(owner) }
        }
        var rows = PostgreSQLCopyRows()
        for owner in owners {
            rows.append(owner)
            for relationship in relationships {
                let target = results[relationship.name]!.toOne[owner]
                rows.append(target ?? nil)
                rows.append(target != nil)
            }
            rows.endRow()
        }
        let definitions = ["owner BIGINT"] + relationships.indices.flatMap { ["t\($0) BIGINT", "k\($0) BOOLEAN"] }
        let temporary = try copyIntoTemporary(definitions, rows)
        let q = dialect.quote
        let set = relationships.enumerated().map { index, relationship in
            "\(q(relationship.column)) = CASE WHEN s.k\(index) THEN s.t\(index) ELSE t.\(q(relationship.column)) END"
        }
        try connection.execute(
            "UPDATE \(q(entity.table)) AS t SET \(set.joined(separator: ", ")) FROM \(temporary) AS s WHERE t.\(q(StoreSchema.rowIDColumn)) = s.owner")
    }

    /// A to-many relationship's join rows of these owners, replaced.
    private func writeJoin(_ relationship: StoredRelationship, of entity: StoredEntity, _ lists: [(owner: Int64, targets: [Int64])]) throws {
        let q = dialect.quote, columns = StoreSchema.joinColumns
        let table = q(relationship.joinTable(owner: entity.table))
        var owners = PostgreSQLCopyRows()
        var rows = PostgreSQLCopyRows()
        for (owner, targets) in lists {
            owners.append(owner)
            owners.endRow()
            for (position, target) in targets.enumerated() {
                rows.append(owner)
                rows.append(Int64(position))
                rows.append(target)
                rows.endRow()
            }
        }
        let temporary = try copyIntoTemporary(["owner BIGINT"], owners)
        try connection.execute("DELETE FROM \(table) AS j USING \(temporary) AS s WHERE j.\(q(columns.owner)) = s.owner")
        if !rows.isEmpty {
            try connection.copy("COPY \(table) (\(dialect.quotedList([columns.owner, columns.position, columns.target]))) FROM STDIN", data: rows.bytes)
        }
    }
}
