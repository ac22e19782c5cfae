import RestmapTypes

/// What differs between SQL engines in the SQL the store writes: identifier quoting,
/// column types, parameter markers, the upsert clause and the row-id column. Everything
/// else (schema rules, upsert order, connections, dump) is engine-neutral.
public protocol StoreDialect: Sendable {
    /// `name` as a quoted identifier (any character allowed).
    func quote(_ name: String) -> String
    /// The parameter marker at 1-based `position` (`?` in SQLite, `$1` in PostgreSQL).
    func parameter(_ position: Int) -> String
    /// The declared type of an attribute column; `nil` type: untyped.
    func columnType(for type: AttributeType?) -> String
    /// The declaration of each table's own row-id column (insertion order, FK target).
    var rowIDColumnDefinition: String { get }
    /// The declared type of a column holding another table's row id.
    var referenceType: String { get }
    /// `INSERT … ON CONFLICT (keys) DO UPDATE SET …` returning the row id.
    func upsert(table: String, columns: [String], conflictColumns: [String], rowIDColumn: String) -> String
}

extension StoreDialect {
    func quotedList(_ names: [String]) -> String {
        names.map(quote).joined(separator: ", ")
    }

    func parameterList(count: Int, from first: Int = 1) -> String {
        (0..<count).map { parameter(first + $0) }.joined(separator: ", ")
    }

    /// The plain insert of an object without identity, returning its row id.
    func insert(table: String, columns: [String], rowIDColumn: String) -> String {
        if columns.isEmpty {
            return "INSERT INTO \(quote(table)) DEFAULT VALUES RETURNING \(quote(rowIDColumn))"
        }
        return "INSERT INTO \(quote(table)) (\(quotedList(columns))) VALUES (\(parameterList(count: columns.count))) RETURNING \(quote(rowIDColumn))"
    }
}
