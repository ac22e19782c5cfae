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
    /// `INSERT … ON CONFLICT (keys) DO UPDATE SET …` returning the row id.
    func upsert(table: String, columns: [String], conflictColumns: [String], rowIDColumn: String) -> String
    /// The constraint clause (with its leading space) of a column holding `table`'s row ids.
    func reference(to table: String) -> String
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

    /// `INSERT … ON CONFLICT (keys) DO UPDATE SET` the carried columns `RETURNING` the row
    /// id, as SQLite and PostgreSQL both spell it. It updates even with nothing to change,
    /// so that RETURNING yields the existing row.
    func onConflictUpsert(table: String, columns: [String], conflictColumns: [String], rowIDColumn: String) -> String {
        let updates = columns.filter { !conflictColumns.contains($0) }
        let set = updates.isEmpty
            ? "\(quote(conflictColumns[0])) = excluded.\(quote(conflictColumns[0]))"
            : updates.map { "\(quote($0)) = excluded.\(quote($0))" }.joined(separator: ", ")
        return "INSERT INTO \(quote(table)) (\(quotedList(columns))) VALUES (\(parameterList(count: columns.count))) "
            + "ON CONFLICT (\(quotedList(conflictColumns))) DO UPDATE SET \(set) RETURNING \(quote(rowIDColumn))"
    }

    /// The plain insert of an object without identity, returning its row id.
    func insert(table: String, columns: [String], rowIDColumn: String) -> String {
        if columns.isEmpty {
            return "INSERT INTO \(quote(table)) DEFAULT VALUES RETURNING \(quote(rowIDColumn))"
        }
        return "INSERT INTO \(quote(table)) (\(quotedList(columns))) VALUES (\(parameterList(count: columns.count))) RETURNING \(quote(rowIDColumn))"
    }
}
