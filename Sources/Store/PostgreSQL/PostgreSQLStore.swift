import RestmapEngine

/// The store in a PostgreSQL database (`--store postgresql://…`), written by many restmap
/// processes at once (docs/stores.md, "Many writers"). A run is one transaction, as with SQLite:
/// the schema created or migrated as SQLite's is (PostgreSQLSchemaStep: without a lock when
/// nothing changes), every object upserted by primary key, relationships written,
/// connections resolved against the database, and sources whose target is not there yet
/// recorded as pending (PendingConnections) — set by set, with COPY (PostgreSQLBulkWriter).
/// A failed or killed run leaves the database as it was, schema included.
/// Serialization failures and deadlocks (SQLSTATE 40001, 40P01) roll the transaction back
/// and run it again — from the mapped graph the process still holds, or, for a load
/// streamed while the inputs are read (PostgreSQLLoad), by reading them again: never lost data.
/// After the commit, the pending connections of every run are tried again, as
/// `restmap connect` does: a target this run brought may be one an earlier (or a
/// concurrent, already committed) run was waiting for. That pass changes only
/// relationships of objects already stored; when it fails, the run's data stays committed
/// and the error says to run `restmap connect`.
enum PostgreSQLStore {
    /// True when `location` is a PostgreSQL connection URI rather than a store file.
    static func handles(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }

    /// `pg_advisory_xact_lock` key of schema changes ("RMAP").
    static let schemaLockKey: Int64 = 0x524D_4150
    /// `pg_advisory_lock` key of row-id reservations ("RMAR").
    static let rowIDLockKey: Int64 = 0x524D_4152
    static func persist(_ graph: ObjectGraph, plans: MappingPlans, configFile: String, to url: String) throws -> ObjectStore.Summary {
        // The graph is still here: a conflicted load is run again from it.
        try StoreConflict.retrying { _ in
            let load = try PostgreSQLLoad(url: url, plans: plans, configFile: configFile)
            try load.write(graph)
            return try load.commit()
        }
    }

    /// After a run's commit: its targets may be what an earlier (or a concurrent, already
    /// committed) run was waiting for. Nothing pending, nothing to do; a source another
    /// writer records after this check is resolved by that writer's own pass.
    static func resolvePendingAfterCommit(_ connection: PostgreSQLConnection, url: String) throws {
        do {
            if try connection.prepare("SELECT EXISTS (SELECT 1 FROM \(connection.dialect.quote(PendingConnections.table)))").firstValue() == .integer(1) {
                _ = try retrying(connection) { try resolvePending(connection) }
            }
        } catch {
            // The run's data is committed; only the pending pass failed.
            throw failure(url, "holds this run's data, but resolving pending connections failed: \(error); run restmap connect --store to finish them")
        }
    }

    /// `restmap connect`: resolves the pending connections of earlier runs.
    static func connect(_ url: String) throws -> PendingConnections.Outcome {
        do {
            let connection = try PostgreSQLConnection(url: url)
            try checkCatalog(connection, url: url)
            return try retrying(connection) { try resolvePending(connection) }
        } catch {
            throw describe(error, url: url, writing: true)
        }
    }

    static func dump(_ url: String, entity: String?, format: ObjectStore.DumpFormat, compact: Bool, to sink: ByteSink) throws {
        do {
            let connection = try PostgreSQLConnection(url: url)
            // One snapshot: concurrent writers' commits do not show halfway through the dump.
            try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            defer { connection.rollback() }
            try checkCatalog(connection, url: url)
            try StoreDumper(connection: connection).dump(entity: entity, format: format, compact: compact, to: sink)
        } catch {
            throw describe(error, url: url, writing: false)
        }
    }

    // MARK: - Steps

    private static func resolvePending(_ connection: PostgreSQLConnection) throws -> PendingConnections.Outcome {
        let schema = try SchemaCatalog(connection: connection).load()
        return try PendingConnections(connection: connection).resolve(schema: schema, locking: "FOR UPDATE")
    }

    private static func catalogExists(_ connection: PostgreSQLConnection) throws -> Bool {
        let statement = try connection.prepare("SELECT to_regclass($1) IS NOT NULL")
        return try statement.firstValue([.text(connection.dialect.quote(SchemaCatalog.metaTable))]) == .integer(1)
    }

    private static func checkCatalog(_ connection: PostgreSQLConnection, url: String) throws {
        guard try catalogExists(connection) else {
            throw failure(url, "holds no restmap store (no \(SchemaCatalog.metaTable) table): nothing was ever stored in it")
        }
        try checkVersion(SchemaCatalog(connection: connection))
    }

    static func checkVersion(_ catalog: SchemaCatalog) throws {
        let version = try catalog.meta("format_version").flatMap { Int64($0) } ?? 0
        if version > SchemaCatalog.formatVersion {
            throw RestmapError.usage(
                .storeUnusable, "was written by a newer restmap (store format \(version); this restmap reads format \(SchemaCatalog.formatVersion) and older)")
        }
    }

    /// Runs `body` in a transaction, again after a serialization failure or deadlock
    /// (`StoreConflict.retrying`, up to its limit of attempts), until it commits.
    private static func retrying<T>(_ connection: PostgreSQLConnection, _ body: () throws -> T) throws -> T {
        try StoreConflict.retrying { _ in
            do {
                try connection.beginWrite()
                let result = try body()
                try connection.commit()
                return result
            } catch {
                connection.rollback()
                guard let failure = error as? PostgreSQLError, failure.isRetryable else { throw error }
                // A row-id reservation cut short by the failure must not keep its lock.
                try? connection.execute("SELECT pg_advisory_unlock_all()")
                throw StoreConflict(failure: error)
            }
        }
    }

    // MARK: - Errors

    /// The URL as diagnostics show it: without its password (in the user information or a
    /// `password=` parameter), whatever its shape.
    static func displayName(_ url: String) -> String {
        var shown = url
        let parts = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        if parts.count >= 3, parts[1].isEmpty {
            let authority = parts[2]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                var kept = parts
                kept[2] = authority[..<colon] + authority[at...]
                shown = kept.joined(separator: "/")
            }
        }
        return ConnectionSecrets(location: url).redact(shown)
    }

    /// A store error after the URL, credentials redacted; libpq's further lines as notes.
    static func failure(_ url: String, _ message: String, notes: [String] = []) -> RestmapError {
        let secrets = ConnectionSecrets(location: url)
        return StoreFailure.error(store: displayName(url), secrets.redact(message), notes: notes.map(secrets.redact))
    }

    static func describe(_ error: Error, url: String, writing: Bool) -> Error {
        let unchanged = writing ? "; the store has none of this run's data" : ""
        if let error = error as? PostgreSQLError {
            let reason = error.message
            switch error.state {
            case "55P03":
                return failure(url, "is locked by another run for longer than the busy timeout (\(StoreWaiting.description))\(unchanged)")
            case PostgreSQLError.unreachable:
                return failure(url, "cannot be reached: \(reason)", notes: error.notes)
            case PostgreSQLError.resolutionUnknown:
                return failure(
                    url, "lost its connection to the server while committing (\(reason)); whether this run was stored is unknown",
                    notes: error.notes)
            default:
                if error.isConnectionFailure || error.isServerShutdown {
                    return failure(url, "lost its connection to the server during the run (\(reason))\(unchanged)", notes: error.notes)
                }
                return failure(
                    url, "could not be \(writing ? "written" : "read"): \(reason) (SQLSTATE \(error.state))\(unchanged)", notes: error.notes)
            }
        }
        if let error = error as? RestmapError, error.kind == .usage, let first = error.diagnostics.first, first.location == nil {
            // An argument the store cannot serve is about the command line, not the store.
            if first.code == .malformedArgument { return error }
            if first.code == .storeUnusable { return failure(url, first.message) }
            return RestmapError.usage(
                first.code, "store \(displayName(url)): \(ConnectionSecrets(location: url).redact(first.message))", at: .file(displayName(url)))
        }
        return error
    }
}
