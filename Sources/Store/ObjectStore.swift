import RestmapEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store of SPEC §3.7: `persist` writes one run's mapped objects into a store file in
/// one transaction; `dump` prints what a store holds. Every failure is a `RestmapError`
/// (exit 2) and leaves the store as it was: the transaction is rolled back, and a store file
/// this run created is removed again.
public enum ObjectStore {
    /// What one run wrote.
    public struct Summary: Equatable, Sendable {
        var objects: Int
        var upserted: Int
    }

    /// Writes every object of `graph` into the store at `path` (created when missing),
    /// migrating the store's schema to the config's first (SchemaMigration).
    @discardableResult
    public static func persist(_ graph: ObjectGraph, plans: MappingPlans, configFile: String, to path: String) throws -> Summary {
        try PolymorphicRelationships.refuse(plans)
        if PostgreSQLStore.handles(path) { return try PostgreSQLStore.persist(graph, plans: plans, configFile: configFile, to: path) }
        let opened = try SQLiteStoreFile.open(path, forWriting: true)
        let connection = opened.connection
        do {
            return try SQLiteBusyRetry.run {
                do {
                    try connection.beginWrite()
                    let summary = try write(graph, plans: plans, configFile: configFile, on: connection, fresh: try needsCatalog(connection))
                    try connection.commit()
                    return summary
                } catch {
                    connection.rollback()
                    throw error
                }
            }
        } catch {
            if opened.created { SQLiteStoreFile.remove(path) }
            throw describe(error, path: path)
        }
    }

    /// True when the database has no tables yet. Judged under the write lock: two first
    /// runs on a new file must not both create the catalog.
    private static func needsCatalog(_ connection: StoreConnection) throws -> Bool {
        try connection.prepare("SELECT count(*) FROM sqlite_schema").firstValue() == .integer(0)
    }

    static func write(_ graph: ObjectGraph, plans: MappingPlans, configFile: String, on connection: SQLiteConnection, fresh: Bool) throws -> Summary {
        let catalog = SchemaCatalog(connection: connection)
        if fresh {
            try SQLiteStoreFile.stamp(connection)
            try catalog.create()
        }
        let stored = try catalog.load()
        let schema = try SchemaMigration(connection: connection).migrate(stored, to: RunSchema(plans: plans, graph: graph))
        try catalog.setMeta("config", configFile)
        let persister = GraphPersister(connection: connection, schema: schema)
        let counts = try persister.persist(graph)
        // Sources whose target had not arrived wait in the store; this run's targets may be
        // what earlier runs waited for. Resolved in the run's transaction, as one run would.
        let pending = PendingConnections(connection: connection)
        try pending.createTable()
        try pending.record(persister.unresolved)
        _ = try pending.resolve(schema: try catalog.load(), locking: "")
        return Summary(objects: counts.inserted + counts.upserted, upserted: counts.upserted)
    }

    /// The output of `restmap dump`: records as JSON (one document, or one a line), or one
    /// row a record (`csv`; `table` for a terminal).
    public enum DumpFormat: String, Sendable, CaseIterable {
        case json, ndjson, csv, table
    }

    /// Prints the stored records (SPEC §3.7) to `sink`.
    public static func dump(path: String, entity: String?, format: DumpFormat, compact: Bool, to sink: ByteSink) throws {
        if PostgreSQLStore.handles(path) { return try PostgreSQLStore.dump(path, entity: entity, format: format, compact: compact, to: sink) }
        let opened = try SQLiteStoreFile.open(path, forWriting: false)
        do {
            try opened.connection.execute("BEGIN")
            defer { opened.connection.rollback() }
            try StoreDumper(connection: opened.connection).dump(entity: entity, format: format, compact: compact, to: sink)
        } catch let error as SQLiteError {
            throw SQLiteStoreFile.failure(path, "cannot be read: \(error.message)")
        } catch let error as RestmapError where error.diagnostics.first?.location == nil && error.diagnostics.first?.code != .malformedArgument {
            throw RestmapError.usage(error.diagnostics.first?.code ?? .storeUnusable, "store \(path): \(error.diagnostics.first?.message ?? "")", at: .file(path))
        }
    }

    /// What `restmap connect` did: connections resolved now, and sources still waiting.
    public struct ConnectOutcome: Equatable, Sendable {
        public var resolved: Int
        public var remaining: Int
    }

    /// `restmap connect --store URL`: resolves the connections earlier runs left pending
    /// (PendingConnections). Every run already does this after its own writes; `connect`
    /// is for a server store whose post-commit pass failed or raced another writer's.
    public static func connect(store: String) throws -> ConnectOutcome {
        if PostgreSQLStore.handles(store) {
            let outcome = try PostgreSQLStore.connect(store)
            return ConnectOutcome(resolved: outcome.resolved, remaining: outcome.remaining)
        }
        if FilePath.withCString(store, { access($0, F_OK) }) != 0 { throw SQLiteStoreFile.failure(store, "does not exist") }
        let opened = try SQLiteStoreFile.open(store, forWriting: true)
        let connection = opened.connection
        do {
            return try SQLiteBusyRetry.run {
                do {
                    try connection.beginWrite()
                    let pending = PendingConnections(connection: connection)
                    try pending.createTable()
                    let outcome = try pending.resolve(schema: try SchemaCatalog(connection: connection).load(), locking: "")
                    try connection.commit()
                    return ConnectOutcome(resolved: outcome.resolved, remaining: outcome.remaining)
                } catch {
                    connection.rollback()
                    throw error
                }
            }
        } catch {
            if opened.created { SQLiteStoreFile.remove(store) }
            throw describe(error, path: store)
        }
    }

    private static func describe(_ error: Error, path: String) -> Error {
        if let error = error as? SQLiteError {
            if error.isFull { return SQLiteStoreFile.failure(path, "could not be written: the disk is full; the store is unchanged") }
            if error.isBusy { return SQLiteStoreFile.failure(path, "is locked by another run for longer than the busy timeout (\(StoreWaiting.description)); the store is unchanged") }
            return SQLiteStoreFile.failure(path, "could not be written: \(error.message); the store is unchanged")
        }
        if let error = error as? RestmapError, error.kind == .usage, let first = error.diagnostics.first, first.location == nil {
            return RestmapError.usage(first.code, "store \(path): \(first.message)", at: .file(path))
        }
        return error
    }
}
