import RestmapEngine

/// The relationship pass of `PostgreSQLBulkWriter`, once every entity's rows are written:
/// nested targets from the graph, connections looked up with one join of all sources against
/// the target table, to-one columns set by one `UPDATE`, join tables rewritten by `DELETE`
/// and `COPY`. Sources left without a target are `unresolved`.
extension PostgreSQLBulkWriter {
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

    func writeRelationships(_ group: Group) throws {
        let entity = group.layout.entity
        var results: [String: Targets] = [:]
        var requests: [String: ConnectionRequest] = [:]
        for (object, layout) in group.items {
            let owner = rowIDs[object.creationIndex]
            for (index, stored) in layout.relationships.enumerated() {
                guard let stored, index >= 64 || early[object.creationIndex] & (1 << UInt64(index)) == 0 else { continue }
                if let plan = layout.connections[index] {
                    let values = plan.sourcePositions.map { object.attribute($0) }
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
