import RestmapEngine

/// Connections (`fk_mapping`) whose target had not arrived when their source was written.
/// When many processes load shards of one payload into a server store at once, an object's
/// connection target may be in a shard another process has not committed yet. Such a source
/// is recorded in `_restmap_pending` (entity, relationship, source row, the attribute pairs)
/// in the run's transaction; after every commit — and by `restmap connect` — the pending
/// sources are resolved again against the committed database, from the source values the
/// row holds now, exactly as a single run would resolve them. A source that is complete is
/// forgotten; one still missing a target stays pending, and so does one whose targets are
/// not found by their primary key, since more may share its value (docs/stores.md, "Many writers").
struct PendingConnections {
    static let table = "_restmap_pending"

    /// One source row whose connection is incomplete.
    struct Source: Equatable {
        var entity: String
        var relationship: String
        var rowID: Int64
        var sourceAttributes: [String]
        var targetAttributes: [String]
    }

    /// What a resolve pass did.
    struct Outcome: Equatable {
        var resolved = 0
        var remaining = 0
    }

    let connection: StoreConnection
    private var dialect: StoreDialect { connection.dialect }

    func createTable() throws {
        let q = dialect.quote
        try connection.execute(
            "CREATE TABLE IF NOT EXISTS \(q(Self.table)) (\(q("entity")) TEXT NOT NULL, \(q("relationship")) TEXT NOT NULL, "
                + "\(q("source_rowid")) \(dialect.referenceType) NOT NULL, \(q("source_attributes")) TEXT NOT NULL, \(q("target_attributes")) TEXT NOT NULL, "
                + "PRIMARY KEY (\(q("entity")), \(q("relationship")), \(q("source_rowid"))))")
    }

    func record(_ sources: [Source]) throws {
        guard !sources.isEmpty else { return }
        let q = dialect.quote
        let insert = try connection.prepare(
            "INSERT INTO \(q(Self.table)) (\(dialect.quotedList(["entity", "relationship", "source_rowid", "source_attributes", "target_attributes"]))) "
                + "VALUES (\(dialect.parameterList(count: 5))) ON CONFLICT DO NOTHING")
        // A connection's sources all name the same attributes: their text is made once.
        var texts: [[String]: StoreValue] = [:]
        func text(_ names: [String]) -> StoreValue {
            if let known = texts[names] { return known }
            let made = StoreValue.text(Self.names(names))
            texts[names] = made
            return made
        }
        for source in sources {
            try insert.run([
                .text(source.entity), .text(source.relationship), .integer(source.rowID),
                text(source.sourceAttributes), text(source.targetAttributes),
            ])
        }
    }

    /// Resolves every pending source against the database, inside the caller's transaction.
    /// `locking` is appended to the select of pending rows (`FOR UPDATE` on a server, so
    /// that two passes at once take turns on a row instead of both skipping it).
    func resolve(schema: StoreSchema, locking: String) throws -> Outcome {
        let q = dialect.quote
        var outcome = Outcome()
        outcome.resolved = try PendingKeyConnections(connection: connection).resolve(schema: schema)
        // The rest, source by source, a page at a time (a large load may leave many waiting).
        let key = dialect.quotedList(["entity", "relationship", "source_rowid"])
        let page = try connection.prepare(
            "SELECT \(dialect.quotedList(["entity", "relationship", "source_rowid", "source_attributes", "target_attributes"])) FROM \(q(Self.table)) "
                + "WHERE (\(key)) > (\(dialect.parameterList(count: 3))) ORDER BY \(key) LIMIT \(Self.pageSize) \(locking)")
        let delete = try connection.prepare(
            "DELETE FROM \(q(Self.table)) WHERE \(q("entity")) = \(dialect.parameter(1)) AND \(q("relationship")) = \(dialect.parameter(2)) AND \(q("source_rowid")) = \(dialect.parameter(3))")
        let lookup = ConnectionLookup(connection: connection, schema: schema, indexesReady: true)
        let statements = StatementCache(connection: connection)
        var after: [StoreValue] = [.text(""), .text(""), .integer(Int64.min)]
        while true {
            let rows = try page.rows(after)
            guard let last = rows.last else { break }
            after = Array(last.prefix(3))
            try resolve(rows, schema: schema, delete: delete, lookup: lookup, statements: statements, outcome: &outcome)
            if rows.count < Self.pageSize { break }
        }
        return outcome
    }

    static let pageSize = 4096

    /// Resolves one page of pending sources, one look-up each.
    private func resolve(
        _ rows: [[StoreValue]], schema: StoreSchema, delete: StoreStatement, lookup: ConnectionLookup, statements: StatementCache,
        outcome: inout Outcome
    ) throws {
        for row in rows {
            guard case .text(let entityName) = row[0], case .text(let relationshipName) = row[1], case .integer(let rowID) = row[2],
                case .text(let sourceText) = row[3], case .text(let targetText) = row[4]
            else { continue }
            let key: [StoreValue] = [row[0], row[1], row[2]]
            guard let entity = schema.entity(named: entityName), let relationship = entity.relationship(named: relationshipName),
                relationship.isDecided, let target = schema.entity(named: relationship.target)
            else {
                try delete.run(key)
                continue
            }
            let sources = Self.attributes(sourceText).compactMap(entity.attribute(named:))
            let targets = Self.attributes(targetText).compactMap(target.attribute(named:))
            guard !sources.isEmpty, sources.count == targets.count,
                let values = try sourceValues(of: entity, attributes: sources, rowID: rowID, statements: statements)
            else {
                try delete.run(key)
                continue
            }
            let plan = ConnectionLookup.Connection(target: target, sourcePositions: Array(sources.indices), targetAttributes: targets)
            if let matches = try lookup.targets(sources: values, connection: plan, toMany: relationship.toMany) {
                if relationship.toMany {
                    try statements.clearJoin(relationship, owner: entity).run([.integer(rowID)])
                    let insert = try statements.insertJoin(relationship, owner: entity)
                    for (position, match) in matches.enumerated() {
                        try insert.run([.integer(rowID), .integer(Int64(position)), .integer(match)])
                    }
                } else {
                    try statements.update(entity, columns: [relationship.column]).run([matches.first.map(StoreValue.integer) ?? .null, .integer(rowID)])
                }
            }
            if lookup.lastLookupIncomplete {
                outcome.remaining += 1
            } else if !lookup.lastLookupWaits {
                try delete.run(key)
                outcome.resolved += 1
            }
        }
    }

    /// The source row's values now, or nil when the row is gone.
    private func sourceValues(of entity: StoredEntity, attributes: [StoredAttribute], rowID: Int64, statements: StatementCache) throws -> [Value?]? {
        let select = try statements.select(attributes.map(\.column), of: entity)
        guard let row = try select.rows([.integer(rowID)]).first else { return nil }
        return zip(row, attributes).map { StoreValueCodec.decode($0, as: $1.type) }
    }

    /// Attribute names as one text (a JSON array).
    static func names(_ names: [String]) -> String {
        String(decoding: StoreValueCodec.json(.array(names.map(Value.string))), as: UTF8.self)
    }

    static func attributes(_ text: String) -> [String] {
        guard case .array(let items)? = try? JSONReader.value(from: Array(text.utf8), file: "<store>") else { return [] }
        return items.compactMap { if case .string(let name) = $0 { return name } else { return nil } }
    }
}
