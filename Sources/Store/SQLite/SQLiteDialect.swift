import RestmapEngine

/// SQLite's SQL. Column types are chosen by the affinity they give: decimals and dates are
/// declared `TEXT` (NUMERIC affinity would turn `"1.50"` into the real 1.5), untyped
/// attributes get no declared type (BLOB affinity: each value keeps its storage class).
struct SQLiteDialect: StoreDialect {
    init() {}

    func quote(_ name: String) -> String {
        var quoted = "\""
        for character in name {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }

    func parameter(_ position: Int) -> String { "?" }

    func columnType(for type: AttributeType?) -> String {
        guard let type else { return "" }
        switch type {
        case .integer16, .integer32, .integer64: return "INTEGER"
        case .double, .float: return "REAL"
        case .boolean: return "BOOLEAN"
        case .binary: return "BLOB"
        case .decimal, .date, .string, .url, .uuid: return "TEXT"
        case .transformable: return ""
        }
    }

    var rowIDColumnDefinition: String { "INTEGER PRIMARY KEY" }
    /// The row-id column numbers the rows only as the table's one `INTEGER PRIMARY KEY` (an
    /// alias of SQLite's own rowid); otherwise the rows a run inserts get no row id. An alias
    /// has no index of its own: `INTEGER PRIMARY KEY DESC` (no alias) and `WITHOUT ROWID`
    /// tables have one.
    var rowIDKeyCheck: String? {
        "SELECT (SELECT count(*) FROM pragma_table_info(?1) WHERE pk > 0) = 1 AND EXISTS "
            + "(SELECT 1 FROM pragma_table_info(?1) WHERE name = '\(StoreSchema.rowIDColumn)' AND pk = 1 AND upper(type) = 'INTEGER') "
            + "AND NOT EXISTS (SELECT 1 FROM pragma_index_list(?1) WHERE origin = 'pk')"
    }

    /// SQLite's `INTEGER PRIMARY KEY` is the table's rowid itself: nothing to add later.
    func deferredRowIDKey(table: String) -> (definition: String, addKey: String)? { nil }
    var referenceType: String { "INTEGER" }

    func upsert(table: String, columns: [String], conflictColumns: [String]) -> String {
        onConflictUpsert(table: table, columns: columns, conflictColumns: conflictColumns, distinct: "IS NOT")
    }
}
