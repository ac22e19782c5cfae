import RestmapEngine
/// One connection to a SQL engine, the way the store uses it: prepared statements with
/// bound parameters (values never enter SQL text) and explicit transactions. SQLite is one
/// implementation; a second engine implements these two protocols and a `StoreDialect`.
protocol StoreConnection: AnyObject {
    var dialect: StoreDialect { get }
    /// Runs SQL without parameters or results (DDL, pragmas, transaction control).
    func execute(_ sql: String) throws
    /// Compiles `sql`; the statement is meant to be kept and reused.
    func prepare(_ sql: String) throws -> StoreStatement
    /// Starts the run's write transaction, taking the write lock at once so that two
    /// runs serialize instead of failing at commit.
    func beginWrite() throws
    func commit() throws
    func rollback()
}

/// A compiled statement: bind parameters (1-based), step through rows, reset to reuse.
protocol StoreStatement: AnyObject {
    func bind(_ values: [StoreValue]) throws
    /// Advances to the next row; false when there is none (or the statement is done).
    func step() throws -> Bool
    func column(_ index: Int) -> StoreValue
    var columnCount: Int { get }
    /// Makes the statement ready for new bindings.
    func reset()
}

extension StoreStatement {
    /// Binds, runs to completion and resets.
    func run(_ values: [StoreValue]) throws {
        try bind(values)
        defer { reset() }
        while try step() {}
    }

    /// Binds and returns every row, then resets.
    func rows(_ values: [StoreValue] = []) throws -> [[StoreValue]] {
        try bind(values)
        defer { reset() }
        var rows: [[StoreValue]] = []
        while try step() {
            rows.append((0..<columnCount).map(column))
        }
        return rows
    }

    /// The first column of the first row, if any.
    func firstValue(_ values: [StoreValue] = []) throws -> StoreValue? {
        try bind(values)
        defer { reset() }
        return try step() ? column(0) : nil
    }
}
