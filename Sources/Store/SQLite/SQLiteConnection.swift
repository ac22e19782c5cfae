import RestmapEngine
internal import CSQLite

/// A SQLite database connection (the C API, no wrapper library: README "Store").
final class SQLiteConnection: StoreConnection {
    let dialect: StoreDialect = SQLiteDialect()
    let path: String
    private var handle: OpaquePointer?

    enum Mode { case readOnly, readWrite, readWriteCreate, immutable }

    init(path: String, mode: Mode) throws {
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .immutable: flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        }
        var db: OpaquePointer?
        let name = mode == .immutable ? Self.immutableURI(path) : path
        // The bytes the file system sees: a name that is not UTF-8 keeps its raw bytes.
        let status = FilePath.withCString(name) { sqlite3_open_v2($0, &db, flags, nil) }
        handle = db
        if status != SQLITE_OK {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            handle = nil
            throw SQLiteError(code: status, message: message)
        }
        sqlite3_extended_result_codes(db, 1)
        _ = restmap_sqlite3_strict_identifiers(db)
        sqlite3_busy_timeout(db, StoreWaiting.milliseconds)
    }

    deinit { sqlite3_close_v2(handle) }

    /// `file:PATH?immutable=1`: reads a database without its -shm file, for a store in a
    /// directory the reader may not write (where no writer can be at work either).
    static func immutableURI(_ path: String) -> String {
        var uri = "file:"
        for byte in FilePath.bytes(of: path) {
            if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte < 0x21 || byte >= 0x7f {
                uri += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return uri + "?immutable=1"
    }

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

    /// The row id of the last row an INSERT added on this connection. Set to 0 before an
    /// upsert, it tells an inserted row (its new id) from an updated one (still 0).
    var lastInsertedRowID: Int64 {
        get { sqlite3_last_insert_rowid(handle) }
        set { sqlite3_set_last_insert_rowid(handle, newValue) }
    }
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
    /// SQLite could not create or write a file it needs (the -wal/-shm files of a store in a
    /// read-only directory).
    var isReadOnlyOrUnopenable: Bool { code & 0xff == SQLITE_READONLY || code & 0xff == SQLITE_CANTOPEN }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
