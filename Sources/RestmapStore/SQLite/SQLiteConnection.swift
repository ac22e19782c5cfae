internal import CSQLite
import RestmapCore

/// A SQLite database connection (the C API, no wrapper library: README "Store").
final class SQLiteConnection: StoreConnection {
    let dialect: StoreDialect = SQLiteDialect()
    let path: String
    private var handle: OpaquePointer?

    /// How long a run waits for another run's write lock before giving up.
    static let busyTimeoutMilliseconds: Int32 = 60_000

    enum Mode { case readOnly, readWrite, readWriteCreate }

    init(path: String, mode: Mode) throws {
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, flags, nil)
        handle = db
        if status != SQLITE_OK {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            handle = nil
            throw SQLiteError(code: status, message: message)
        }
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Self.busyTimeoutMilliseconds)
    }

    deinit { sqlite3_close_v2(handle) }

    /// True when SQLite opened the file read-only (it does so silently for a read-only file).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        if status != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(error)
            throw SQLiteError(code: status, message: message)
        }
    }

    func prepare(_ sql: String) throws -> StoreStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw SQLiteError(code: status, message: String(cString: sqlite3_errmsg(handle)))
        }
        return SQLiteStatement(statement, connection: handle)
    }

    func beginWrite() throws { try execute("BEGIN IMMEDIATE") }
    func commit() throws { try execute("COMMIT") }
    func rollback() {
        if sqlite3_get_autocommit(handle) == 0 { _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
    }
}

/// A SQLite failure: its result code and message.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var description: String { message }
    /// The disk or its quota is full.
    var isFull: Bool { code & 0xff == SQLITE_FULL }
    var isNotADatabase: Bool { code & 0xff == SQLITE_NOTADB }
    var isBusy: Bool { code & 0xff == SQLITE_BUSY }
}
