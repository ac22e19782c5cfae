import RestmapEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a store file for a run or a dump and refuses, before touching it, what is not a
/// restmap store: a directory, a file SQLite cannot read, a database with tables of its own
/// but no restmap catalog, a store written by a newer restmap, a read-only file.
/// A new store is set to WAL mode (readers never block the writer for long).
enum SQLiteStoreFile {
    /// The folder part of `path` ("" for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    struct Opened {
        var connection: SQLiteConnection
        /// True when the database holds no tables yet (the run creates the catalog).
        var isEmpty: Bool
        /// True when this open created the file (removed again if the run fails).
        var created: Bool
    }

    static func open(_ path: String, forWriting: Bool) throws -> Opened {
        do {
            return try SQLiteBusyRetry.run { try open(path, forWriting: forWriting, immutable: false) }
        } catch let error as SQLiteError where !forWriting && error.isReadOnlyOrUnopenable {
            // A reader in a directory it may not write: no -shm can be made, and no writer
            // can be at work there either, so read the file as it is — unless committed runs
            // still wait in its -wal file, which such a read would not see.
            var walInfo = stat()
            if FilePath.withCString(path + "-wal", { stat($0, &walInfo) }) == 0, walInfo.st_size > 0 {
                throw failure(
                    path, "cannot be read here: committed runs are still in \(fileName(of: path))-wal, which a reader that may not write the store's directory cannot apply; dump it where the directory is writable (or after a run there checkpoints it)")
            }
            return try open(path, forWriting: false, immutable: true)
        } catch let error as SQLiteError where error.isReadOnlyOrUnopenable {
            let directory = Self.directory(of: path)
            if FilePath.withCString(path, { access($0, R_OK | W_OK) }) != 0 && FilePath.withCString(path, { access($0, F_OK) }) == 0 {
                throw failure(path, "cannot be opened for reading and writing: \(error.message)")
            }
            if FilePath.withCString(directory.isEmpty ? "." : directory, { access($0, W_OK) }) != 0 {
                throw failure(
                    path, "cannot be written: its directory is read-only (SQLite writes \(Self.fileName(of: path))-wal and -shm beside it)")
            }
            throw failure(path, "cannot be written: \(error.message)")
        } catch let error as SQLiteError {
            throw failure(path, "cannot be read: \(error.message)")
        }
    }

    private static func open(_ path: String, forWriting: Bool, immutable: Bool) throws -> Opened {
        var info = stat()
        let exists = FilePath.withCString(path) { stat($0, &info) } == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR { throw failure(path, "is a directory, not a store file") }
        if !exists && !forWriting { throw failure(path, "does not exist") }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(
                path: path, mode: immutable ? .immutable : forWriting ? (exists ? .readWrite : .readWriteCreate) : readerMode(path))
        } catch let error as SQLiteError where !exists {
            throw failure(path, "cannot be created: \(error.message)")
        }
        if forWriting && connection.isReadOnly {
            throw failure(path, "is read-only; restmap cannot write to it")
        }
        let tableCount: Int64
        let applicationID: Int64
        let version: Int64
        do {
            tableCount = try integer(connection, "SELECT count(*) FROM sqlite_schema")
            applicationID = try integer(connection, "PRAGMA application_id")
            version = try integer(connection, "PRAGMA user_version")
        } catch let error as SQLiteError where error.isNotADatabase {
            throw failure(path, "is not a restmap store (not an SQLite database)")
        }
        let isEmpty = tableCount == 0
        if !isEmpty {
            guard applicationID == SchemaCatalog.applicationID else {
                throw failure(path, "is an SQLite database but not a restmap store (it has no restmap catalog)")
            }
            if version > SchemaCatalog.formatVersion {
                throw failure(
                    path, "was written by a newer restmap (store format \(version); this restmap reads format \(SchemaCatalog.formatVersion) and older)")
            }
        } else if !forWriting {
            throw failure(path, "is empty: nothing was ever stored in it")
        }
        if forWriting && !isEmpty {
            // A damaged file is refused before the run writes to it: SQLite only notices bad
            // pages it happens to read, and a write over them would spread the damage.
            // integrity_check, not quick_check: only it compares each index with its table,
            // and an upsert that finds its key through a stale index entry updates the wrong
            // row (found by fuzz-store). 71 ms on the 45 MB store of the 100 MB benchmark,
            // against 38 ms for quick_check.
            let verdict: String
            do {
                verdict = try text(connection, "PRAGMA integrity_check(1)")
            } catch let error as SQLiteError {
                throw failure(path, "is damaged: \(error.message); restmap will not write to it")
            }
            if verdict != "ok" { throw damaged(path, verdict) }
        }
        if !forWriting { try connection.execute("PRAGMA query_only = ON") }
        if forWriting && isEmpty {
            try connection.execute("PRAGMA journal_mode = WAL")
        }
        if forWriting {
            // FULL: a committed run survives power loss too, for one fsync per run.
            try? connection.execute("PRAGMA synchronous = FULL")
            // 64 MiB of page cache (default 2 MiB): a large run's index pages stay in memory.
            try? connection.execute("PRAGMA cache_size = -65536")
        }
        return Opened(connection: connection, isEmpty: isEmpty, created: !exists)
    }

    /// A reader opens a file it may write read-write but `query_only`: it still never
    /// writes, and the last connection to close removes the -wal and -shm files as usual.
    private static func readerMode(_ path: String) -> SQLiteConnection.Mode {
        FilePath.withCString(path) { access($0, W_OK) } == 0 ? .readWrite : .readOnly
    }

    /// Marks a fresh database as a restmap store (inside the run's transaction).
    static func stamp(_ connection: SQLiteConnection) throws {
        try connection.execute("PRAGMA application_id = \(SchemaCatalog.applicationID)")
        try connection.execute("PRAGMA user_version = \(SchemaCatalog.formatVersion)")
    }

    /// Removes a store file this run created and could not fill.
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { _ = FilePath.withCString(path + suffix) { unlink($0) } }
    }

    private static func text(_ connection: SQLiteConnection, _ sql: String) throws -> String {
        if case .text(let value)? = try connection.prepare(sql).firstValue() { return value }
        return ""
    }

    private static func integer(_ connection: SQLiteConnection, _ sql: String) throws -> Int64 {
        if case .integer(let value)? = try connection.prepare(sql).firstValue() { return value }
        return 0
    }

    /// A damaged file: SQLite's integrity report (`*** in database main ***` and then one
    /// line per problem) as notes under one line.
    private static func damaged(_ path: String, _ verdict: String) -> RestmapError {
        let problems = verdict.split(separator: "\n").map(String.init).filter { !($0.hasPrefix("*** ") && $0.hasSuffix(" ***")) }
        return failure(path, "is damaged; restmap will not write to it", notes: problems)
    }

    /// What a failed write to the store at `path` tells the user: a full disk, a lock held
    /// past the busy timeout, SQLite's own message, or a usage error located at the store.
    static func writeFailure(_ error: Error, path: String) -> Error {
        if let error = error as? SQLiteError {
            if error.isFull { return failure(path, "could not be written: the disk is full; the store is unchanged") }
            if error.isBusy { return failure(path, "is locked by another run for longer than the busy timeout (\(StoreWaiting.description)); the store is unchanged") }
            return failure(path, "could not be written: \(error.message); the store is unchanged")
        }
        if let error = error as? RestmapError, error.kind == .usage, let first = error.diagnostics.first, first.location == nil {
            return RestmapError.usage(first.code, "store \(path): \(first.message)", at: .file(path))
        }
        return error
    }

    static func failure(_ path: String, _ message: String, notes: [String] = []) -> RestmapError {
        StoreFailure.error(store: path, message, notes: notes)
    }
}
