import RestmapEngine

/// One run's load into a store file, fed batch by batch while the run maps, in one
/// transaction: the write lock is taken when the load begins, each batch of objects is
/// migrated into the schema and written (GraphPersister) as it comes, and the connections
/// that waited for a later batch — or for a later run — are resolved at the commit
/// (PendingConnections), as they are across runs. Memory holds one batch, not the run.
/// Any failure rolls the transaction back, and a store file the load created is removed.
final class SQLiteLoad: StoreLoad {
    private let path: String
    private let plans: MappingPlans
    private let opened: SQLiteStoreFile.Opened
    private var connection: SQLiteConnection { opened.connection }
    private let catalog: SchemaCatalog
    private var schema: StoreSchema
    private var persister: GraphPersister
    private var summary = ObjectStore.Summary(objects: 0, upserted: 0)
    private var isOpen = true
    /// Whether the store has triggers, which restmap never makes (GraphPersister).
    private let hasTriggers: Bool
    private var cardinality: RunCardinality

    /// Opens (or creates) the store at `path` and begins the run's write transaction.
    init(path: String, plans: MappingPlans, configFile: String) throws {
        self.path = path
        self.plans = plans
        let opened = try SQLiteStoreFile.open(path, forWriting: true)
        self.opened = opened
        let connection = opened.connection
        catalog = SchemaCatalog(connection: connection)
        do {
            // Two first runs on a new file may meet SQLITE_BUSY outside the busy handler;
            // nothing is written before the lock is held, so beginning again is safe.
            let fresh = try SQLiteBusyRetry.run { () -> Bool in
                do {
                    try connection.beginWrite()
                    // Judged under the write lock: two first runs must not both create the catalog.
                    return try connection.prepare("SELECT count(*) FROM sqlite_schema").firstValue() == .integer(0)
                } catch {
                    connection.rollback()
                    throw error
                }
            }
            if fresh {
                try SQLiteStoreFile.stamp(connection)
                try catalog.create()
            }
            schema = try catalog.load()
            cardinality = RunCardinality(stored: schema)
            hasTriggers = try connection.prepare("SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'trigger')").firstValue() == .integer(1)
            try catalog.setMeta("config", configFile)
            try PendingConnections(connection: connection).createTable()
            persister = GraphPersister(connection: connection, schema: schema, checksEveryWrite: hasTriggers)
        } catch {
            connection.rollback()
            if opened.created { SQLiteStoreFile.remove(path) }
            throw SQLiteStoreFile.writeFailure(error, path: path)
        }
    }

    func write(_ batch: ObjectGraph) throws {
        try guarded {
            // A batch may bring what earlier ones did not: a plain class, a relationship's
            // cardinality. The schema grows as it would for the whole run at once.
            let migration = SchemaMigration(connection: connection)
            var run = RunSchema(plans: plans, graph: batch)
            var migrated = schema
            for upgrade in cardinality.reconcile(&run, stored: schema) {
                migrated = try migration.upgradeToMany(migrated, entity: upgrade.entity, relationship: upgrade.relationship)
            }
            migrated = try migration.migrate(migrated, to: run)
            if migrated != schema {
                schema = migrated
                persister = GraphPersister(connection: connection, schema: schema, checksEveryWrite: hasTriggers)
            }
            let counts = try persister.persist(batch)
            summary.objects += counts.inserted + counts.upserted
            summary.upserted += counts.upserted
            // Sources whose target had not arrived wait in the store, for a later batch or run.
            try PendingConnections(connection: connection).record(persister.takeUnresolved())
        }
    }

    func commit() throws -> ObjectStore.Summary {
        try guarded {
            try cardinality.check()
            // This run's targets may be what its earlier batches, or earlier runs, waited for.
            _ = try PendingConnections(connection: connection).resolve(schema: schema, locking: "")
            try connection.commit()
            isOpen = false
        }
        return summary
    }

    func abandon() {
        guard isOpen else { return }
        isOpen = false
        connection.rollback()
        if opened.created { SQLiteStoreFile.remove(path) }
    }

    /// Runs one step of the load; a failure abandons it and is described for the user.
    private func guarded(_ body: () throws -> Void) throws {
        guard isOpen else { throw RestmapError.usage(.storeWriteFailed, "store \(path): the load has already ended") }
        do {
            try body()
        } catch {
            abandon()
            throw SQLiteStoreFile.writeFailure(error, path: path)
        }
    }
}
