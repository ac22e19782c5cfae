import RestmapEngine

/// One run's load into a PostgreSQL database, in one transaction: fed batch by batch while
/// the run maps (or with the run's whole graph), each batch's schema brought up to date
/// (PostgreSQLSchemaStep) and its objects written set by set (PostgreSQLBulkWriter, kept
/// from batch to batch); after the commit, the pending connections of every run are tried
/// again. A serialization failure or deadlock rolls the transaction back and is thrown as a
/// `StoreConflict`: the caller runs the load again from the start.
final class PostgreSQLLoad: StoreLoad {
    private let url: String
    private let plans: MappingPlans
    private let configFile: String
    private let connection: PostgreSQLConnection
    private var writer: PostgreSQLBulkWriter?
    private var summary = ObjectStore.Summary(objects: 0, upserted: 0)
    private var isOpen = true
    /// Made from the schema the first batch finds.
    private var cardinality: RunCardinality?

    init(url: String, plans: MappingPlans, configFile: String) throws {
        self.url = url
        self.plans = plans
        self.configFile = configFile
        do {
            connection = try PostgreSQLConnection(url: url)
            try connection.beginWrite()
        } catch {
            throw PostgreSQLStore.describe(error, url: url, writing: true)
        }
    }

    func write(_ batch: ObjectGraph) throws {
        try guarded {
            let step = PostgreSQLSchemaStep(connection: connection)
            let stored = try step.storedSchema()
            var cardinality = self.cardinality ?? RunCardinality(stored: stored)
            var run = RunSchema(plans: plans, graph: batch)
            try step.upgradeToMany(cardinality.reconcile(&run, stored: stored), in: stored)
            self.cardinality = cardinality
            let indexes = try step.prepare(run, graph: batch, configFile: configFile)
            let schema = try SchemaCatalog(connection: connection).load()
            let writer = self.writer ?? PostgreSQLBulkWriter(connection: connection, schema: schema)
            writer.schema = schema
            self.writer = writer
            let counts = try writer.persist(batch)
            // The primary-key indexes of the tables this batch created, built over their rows
            // (a later batch's upserts need them).
            for statement in indexes { try connection.execute(statement) }
            try PendingConnections(connection: connection).record(writer.takeUnresolved())
            summary.objects += counts.inserted + counts.upserted
            summary.upserted += counts.upserted
        }
    }

    func commit() throws -> ObjectStore.Summary {
        try guarded {
            try cardinality?.check()
            try connection.commit()
            isOpen = false
        }
        try PostgreSQLStore.resolvePendingAfterCommit(connection, url: url)
        return summary
    }

    func abandon() {
        guard isOpen else { return }
        isOpen = false
        connection.rollback()
        // A row-id reservation cut short by a failure must not keep its lock.
        try? connection.execute("SELECT pg_advisory_unlock_all()")
    }

    private func guarded(_ body: () throws -> Void) throws {
        guard isOpen else { throw RestmapError.usage(.storeWriteFailed, "store \(PostgreSQLStore.displayName(url)): the load has already ended") }
        do {
            try body()
        } catch {
            abandon()
            let described = PostgreSQLStore.describe(error, url: url, writing: true)
            if let failure = error as? PostgreSQLError, failure.isRetryable { throw StoreConflict(failure: described) }
            throw described
        }
    }
}
