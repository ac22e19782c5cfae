import RestmapEngine

/// Resolves `fk_mapping` connections against the store (SPEC §1.3, §3.7): the target rows
/// whose target attributes equal the object's source attributes — objects of this run
/// (already written) and objects stored before alike. An array source is to-many, matched
/// element by element in the array's order; a null source clears the relationship; a
/// source the representation did not carry leaves it as stored; no match clears it.
/// Lookups go through an index on the target columns (the primary-key index, or one the
/// store creates for the connection).
final class ConnectionLookup {
    struct Connection {
        var target: StoredEntity
        var sourcePositions: [Int]
        var targetAttributes: [StoredAttribute]

        /// True when the target attributes are the target's primary key, in order: a match
        /// is then one row, the one the run's identity map already found.
        var isOnPrimaryKey: Bool { targetAttributes.map(\.name) == target.primaryKey }

        /// True when a later run may bring more targets for a source that already matched:
        /// several targets can share values that are not their primary key (a back-reference
        /// such as `{slug: teamSlug}`), so the source is tried again as they arrive.
        var mayGainTargets: Bool { !isOnPrimaryKey }
    }

    private let connection: StoreConnection
    private var statements: [String: StoreStatement] = [:]
    /// True when the connections' target indexes were made beforehand (a server store makes
    /// them in its schema transaction: CREATE INDEX amid concurrent writers would lock them out).
    private let indexesReady: Bool
    /// True when the last lookup left some source value without a match: its target may
    /// still arrive (another run, another shard), so the store records the source as pending.
    private(set) var lastLookupIncomplete = false
    /// True when the last lookup's source is to be tried again as targets arrive: it is
    /// incomplete, or it looked up a connection that may gain targets.
    private(set) var lastLookupWaits = false

    init(connection: StoreConnection, schema: StoreSchema, indexesReady: Bool = false) {
        self.connection = connection
        self.indexesReady = indexesReady
    }

    /// The row ids the relationship should point to, or nil to leave it as stored.
    func targets(of object: MappedObject, connection plan: Connection, toMany: Bool) throws -> [Int64]? {
        try targets(sources: plan.sourcePositions.map { object.attribute($0) }, connection: plan, toMany: toMany)
    }

    /// The row ids for these source values (nil: a source the representation did not carry).
    func targets(sources: [Value?], connection plan: Connection, toMany: Bool) throws -> [Int64]? {
        lastLookupIncomplete = false
        lastLookupWaits = false
        guard sources.contains(where: { $0 != nil }) else { return nil }
        if sources.allSatisfy({ $0 == nil || $0 == .null }) { return [] }
        defer { lastLookupWaits = lastLookupIncomplete || plan.mayGainTargets }
        var matches: [Int64] = []
        var seen: Set<Int64> = []
        let compound = plan.targetAttributes.count > 1
        func match(_ values: [Value?]) throws {
            var bound: [StoreValue] = []
            var nullParts: [Bool] = []
            for (value, attribute) in zip(values, plan.targetAttributes) {
                // A compound key's null (or missing) part matches a null target attribute, as
                // the mapper's connections do (`ConnectionKeys.nullPart`).
                guard let value, value != .null else {
                    guard compound else { return }
                    nullParts.append(true)
                    continue
                }
                guard value.isScalar else { return }
                nullParts.append(false)
                bound.append(StoreValueCodec.encode(value, as: attribute.type))
            }
            let rows = try lookup(plan, nullParts: nullParts).rows(bound)
            if rows.isEmpty { lastLookupIncomplete = true }
            for row in rows {
                if case .integer(let rowID) = row[0], seen.insert(rowID).inserted { matches.append(rowID) }
            }
        }
        if let arrayPosition = sources.firstIndex(where: { if case .array? = $0 { return true } else { return false } }),
            case .array(let elements)? = sources[arrayPosition]
        {
            for element in elements {
                var values = sources
                values[arrayPosition] = element
                try match(values)
            }
        } else {
            try match(sources)
        }
        return toMany ? matches : Array(matches.prefix(1))
    }

    /// The lookup statement; `nullParts` marks the columns compared with NULL (`IS NULL`),
    /// which take no parameter.
    private func lookup(_ plan: Connection, nullParts: [Bool]) throws -> StoreStatement {
        let columns = plan.targetAttributes.map(\.column)
        let key = plan.target.table + "\u{0}" + columns.joined(separator: "\u{0}") + "\u{0}" + nullParts.map { $0 ? "n" : "v" }.joined()
        if let statement = statements[key] { return statement }
        let dialect = connection.dialect
        let q = dialect.quote
        if !indexesReady, let index = Self.indexStatement(plan, dialect: dialect) { try connection.execute(index) }
        var parameter = 0
        let conditions = columns.enumerated().map { position, column -> String in
            if position < nullParts.count && nullParts[position] { return "\(q(column)) IS NULL" }
            parameter += 1
            return "\(q(column)) = \(dialect.parameter(parameter))"
        }.joined(separator: " AND ")
        let statement = try connection.prepare(
            "SELECT \(q(StoreSchema.rowIDColumn)) FROM \(q(plan.target.table)) WHERE \(conditions) ORDER BY \(q(StoreSchema.rowIDColumn))")
        statements[key] = statement
        return statement
    }

    /// The index a connection's lookups go through, unless the primary key's serves.
    static func indexStatement(_ plan: Connection, dialect: StoreDialect) -> String? {
        guard let name = indexName(plan) else { return nil }
        let columns = plan.targetAttributes.map(\.column)
        return "CREATE INDEX IF NOT EXISTS \(dialect.quote(name)) ON \(dialect.quote(plan.target.table)) (\(dialect.quotedList(columns)))"
    }

    /// The name of that index; nil when the primary key's serves.
    static func indexName(_ plan: Connection) -> String? {
        let columns = plan.targetAttributes.map(\.column)
        guard columns != plan.target.primaryKey else { return nil }
        return plan.target.table + "_" + columns.joined(separator: "_") + "_connection"
    }
}
