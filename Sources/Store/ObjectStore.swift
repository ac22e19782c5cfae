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
        let load = try SQLiteLoad(path: path, plans: plans, configFile: configFile)
        try load.write(graph)
        return try load.commit()
    }

    /// Opens the store at `location` — a store file (created when missing) or a PostgreSQL
    /// database — and begins one run's load into it, which takes the run's objects in
    /// batches as they are mapped. A PostgreSQL load may end in a `StoreConflict` with a
    /// concurrent writer; the caller then runs it again from the start.
    public static func beginLoad(into location: String, plans: MappingPlans, configFile: String) throws -> StoreLoad {
        try PolymorphicRelationships.refuse(plans)
        if PostgreSQLStore.handles(location) { return try PostgreSQLLoad(url: location, plans: plans, configFile: configFile) }
        return try SQLiteLoad(path: location, plans: plans, configFile: configFile)
    }

    /// True when a load into `location` may end in a `StoreConflict` (a PostgreSQL database
    /// shared with concurrent writers): a streamed load there needs inputs it can read again.
    public static func loadsMayConflict(at location: String) -> Bool {
        PostgreSQLStore.handles(location)
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
            throw SQLiteStoreFile.writeFailure(error, path: store)
        }
    }
}
