import RestmapEngine
/// Prepared statements of one run, one per shape, reused for every row of that shape.
final class StatementCache {
    private let connection: StoreConnection
    private var writes: [WriteKey: StoreStatement] = [:]
    private var updates: [String: StoreStatement] = [:]
    private var joins: [String: StoreStatement] = [:]

    private struct WriteKey: Hashable {
        var entity: Int
        var upsert: Bool
        var columns: [Int]
    }

    init(connection: StoreConnection) {
        self.connection = connection
    }

    private var dialect: StoreDialect { connection.dialect }

    /// The upsert (or insert) of `carried` attribute positions (and to-one relationship
    /// `r` written as `-1 - r`).
    func write(_ layout: EntityLayout, carried: [Int], upsert: Bool) throws -> StoreStatement {
        let key = WriteKey(entity: layout.order, upsert: upsert, columns: carried)
        if let statement = writes[key] { return statement }
        let columns = carried.map { position in
            position >= 0
                ? layout.entity.attributes[layout.attributeColumns[position]].column
                : layout.relationships[-1 - position]!.column
        }
        let sql = upsert
            ? dialect.upsert(table: layout.entity.table, columns: columns, conflictColumns: layout.entity.primaryKey)
            : dialect.insert(table: layout.entity.table, columns: columns)
        let statement = try connection.prepare(sql)
        writes[key] = statement
        return statement
    }

    /// `SELECT _rowid FROM table WHERE` each primary-key column `= ?`, in key order.
    func rowID(_ entity: StoredEntity) throws -> StoreStatement {
        try cached("rowid\u{0}" + entity.table) {
            let q = dialect.quote
            let match = entity.primaryKey.enumerated().map { "\(q(entity.attribute(named: $1)?.column ?? $1)) = \(dialect.parameter($0 + 1))" }
            return "SELECT \(q(StoreSchema.rowIDColumn)) FROM \(q(entity.table)) WHERE \(match.joined(separator: " AND "))"
        }
    }

    /// `SELECT columns… FROM table WHERE _rowid = ?`.
    func select(_ columns: [String], of entity: StoredEntity) throws -> StoreStatement {
        try cached("select\u{0}" + entity.table + "\u{0}" + columns.joined(separator: "\u{0}")) {
            let q = dialect.quote
            return "SELECT \(dialect.quotedList(columns)) FROM \(q(entity.table)) WHERE \(q(StoreSchema.rowIDColumn)) = \(dialect.parameter(1))"
        }
    }

    /// `UPDATE table SET columns… WHERE _rowid = ?` (the row id is the last parameter).
    func update(_ entity: StoredEntity, columns: [String]) throws -> StoreStatement {
        let key = entity.table + "\u{0}" + columns.joined(separator: "\u{0}")
        if let statement = updates[key] { return statement }
        let q = dialect.quote
        let set = columns.enumerated().map { "\(q($1)) = \(dialect.parameter($0 + 1))" }.joined(separator: ", ")
        let statement = try connection.prepare(
            "UPDATE \(q(entity.table)) SET \(set) WHERE \(q(StoreSchema.rowIDColumn)) = \(dialect.parameter(columns.count + 1))")
        updates[key] = statement
        return statement
    }

    func clearJoin(_ relationship: StoredRelationship, owner: StoredEntity) throws -> StoreStatement {
        let table = relationship.joinTable(owner: owner.table)
        return try cached("delete\u{0}" + table) {
            "DELETE FROM \(dialect.quote(table)) WHERE \(dialect.quote(StoreSchema.joinColumns.owner)) = \(dialect.parameter(1))"
        }
    }

    func insertJoin(_ relationship: StoredRelationship, owner: StoredEntity) throws -> StoreStatement {
        let table = relationship.joinTable(owner: owner.table)
        let columns = StoreSchema.joinColumns
        return try cached("insert\u{0}" + table) {
            "INSERT INTO \(dialect.quote(table)) (\(dialect.quotedList([columns.owner, columns.position, columns.target]))) VALUES (\(dialect.parameterList(count: 3)))"
        }
    }

    private func cached(_ key: String, _ sql: () -> String) throws -> StoreStatement {
        if let statement = joins[key] { return statement }
        let statement = try connection.prepare(sql())
        joins[key] = statement
        return statement
    }
}
