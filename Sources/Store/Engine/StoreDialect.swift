import RestmapEngine

/// What differs between SQL engines in the SQL the store writes: identifier quoting,
/// column types, parameter markers, the upsert clause and the row-id column. Everything
/// else (schema rules, upsert order, connections, dump) is engine-neutral.
protocol StoreDialect: Sendable {
    /// `name` as a quoted identifier (any character allowed).
    func quote(_ name: String) -> String
    /// The parameter marker at 1-based `position` (`?` in SQLite, `$1` in PostgreSQL).
    func parameter(_ position: Int) -> String
    /// The declared type of an attribute column; `nil` type: untyped.
    func columnType(for type: AttributeType?) -> String
    /// The declaration of each table's own row-id column (insertion order, FK target).
    var rowIDColumnDefinition: String { get }
    /// The same without its key, with the statement that adds the key to `table` later: for
    /// a table filled before anyone else sees it (nil: the key cannot come later).
    func deferredRowIDKey(table: String) -> (definition: String, addKey: String)?
    /// The declared type of a column holding another table's row id.
    var referenceType: String { get }
    /// `INSERT … ON CONFLICT (keys) DO UPDATE SET …` of the carried columns.
    func upsert(table: String, columns: [String], conflictColumns: [String]) -> String
    /// The constraint clause (with its leading space) of a column holding `table`'s row ids.
    func reference(to table: String) -> String
    /// A query over one parameter, a table's name, giving 1 when the table's row-id column is
    /// the key that numbers its rows; nil where the catalog check leaves that to the engine.
    var rowIDKeyCheck: String? { get }
}

extension StoreDialect {
    /// A foreign-key constraint on the target's row id (SQLite does not need the target
    /// table to exist yet).
    func reference(to table: String) -> String {
        " REFERENCES \(quote(table)) (\(quote(StoreSchema.rowIDColumn)))"
    }

    func quotedList(_ names: [String]) -> String {
        names.map(quote).joined(separator: ", ")
    }

    func parameterList(count: Int, from first: Int = 1) -> String {
        (0..<count).map { parameter(first + $0) }.joined(separator: ", ")
    }

    /// `INSERT … ON CONFLICT (keys) DO UPDATE SET` the carried columns, as SQLite and
    /// PostgreSQL both spell it (`distinct`: the engine's null-safe "differs" operator).
    /// A stored row that already holds every carried value is left alone, so that loading
    /// unchanged records again writes no pages; with nothing carried but the key, `DO NOTHING`.
    /// Nothing is returned: a `RETURNING` clause makes SQLite open a temporary b-tree for its
    /// rows on every statement, which costs more than the write, so the writer reads an
    /// inserted row's id from the connection and looks up a stored one by its key.
    func onConflictUpsert(table: String, columns: [String], conflictColumns: [String], distinct: String) -> String {
        let insert = "INSERT INTO \(quote(table)) (\(quotedList(columns))) VALUES (\(parameterList(count: columns.count))) "
            + "ON CONFLICT (\(quotedList(conflictColumns))) "
        let updates = columns.filter { !conflictColumns.contains($0) }
        if updates.isEmpty { return insert + "DO NOTHING" }
        let set = updates.map { "\(quote($0)) = excluded.\(quote($0))" }.joined(separator: ", ")
        let changed = updates.map { "\(quote($0)) \(distinct) excluded.\(quote($0))" }.joined(separator: " OR ")
        return insert + "DO UPDATE SET \(set) WHERE \(changed)"
    }

    /// The plain insert of an object without identity.
    func insert(table: String, columns: [String]) -> String {
        if columns.isEmpty {
            return "INSERT INTO \(quote(table)) DEFAULT VALUES"
        }
        return "INSERT INTO \(quote(table)) (\(quotedList(columns))) VALUES (\(parameterList(count: columns.count)))"
    }
}
