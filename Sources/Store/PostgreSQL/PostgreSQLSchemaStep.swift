import RestmapEngine

/// The schema part of a PostgreSQL run, inside the run's one transaction (PostgreSQL's DDL
/// is transactional, so a run that fails or is killed leaves no new table or column).
///
/// Many runs write one database at once, and two runs must not both create a table or a
/// column. A run therefore first asks, without any lock, whether the committed schema
/// already serves it (a dry run of `SchemaMigration`, the pending-connections table, the
/// connections' lookup indexes, the catalog's config name). Usually it does, and the run goes
/// on to its data at once, alongside the others. Only a run with something to change takes
/// the schema lock (`pg_advisory_xact_lock`), held until its commit; a second run that also
/// needs a change waits for that commit, then reads the catalog again — under READ COMMITTED
/// each statement sees the latest commits — and finds the first one's tables there. The
/// DDL's own table locks also make runs writing those tables wait for the commit: on a fresh
/// database the first run sets the schema up and the others start once it has committed.
struct PostgreSQLSchemaStep {
    let connection: PostgreSQLConnection

    /// Brings the schema to what `graph` needs (`run`, its schema). Returns the statements that
    /// index the tables it created, to run once the data is in (`SchemaMigration.deferredIndexes`).
    func prepare(_ run: RunSchema, graph: ObjectGraph, configFile: String) throws -> [String] {
        if try isCurrent(for: run, graph: graph, configFile: configFile) { return [] }
        try connection.execute("SELECT pg_advisory_xact_lock(\(PostgreSQLStore.schemaLockKey))")
        do {
            return try migrate(to: run, graph: graph, configFile: configFile)
        } catch let error as PostgreSQLError where Self.concurrentChangeStates.contains(error.state) {
            // Another run made the same table, column or catalog row between our reading and
            // our writing: the transaction is run again and finds it there.
            throw PostgreSQLError(state: "40001", message: "another run changed the schema at the same time: \(error.message)")
        }
    }

    /// The schema the store holds now (none before the first run).
    func storedSchema() throws -> StoreSchema {
        try exists(SchemaCatalog.metaTable) ? SchemaCatalog(connection: connection).load() : StoreSchema()
    }

    /// Upgrades relationships this load decided to-one to to-many (RunCardinality), under
    /// the schema lock.
    func upgradeToMany(_ upgrades: [(entity: String, relationship: String)], in schema: StoreSchema) throws {
        guard !upgrades.isEmpty else { return }
        try connection.execute("SELECT pg_advisory_xact_lock(\(PostgreSQLStore.schemaLockKey))")
        var upgraded = schema
        for upgrade in upgrades {
            upgraded = try SchemaMigration(connection: connection).upgradeToMany(upgraded, entity: upgrade.entity, relationship: upgrade.relationship)
        }
    }

    /// duplicate_table, duplicate_column, duplicate_object, unique_violation.
    static let concurrentChangeStates: Set<String> = ["42P07", "42701", "42710", "23505"]

    /// Whether the committed schema serves the run as it is (nothing is written to find out).
    private func isCurrent(for run: RunSchema, graph: ObjectGraph, configFile: String) throws -> Bool {
        guard try exists(SchemaCatalog.metaTable) else { return false }
        let catalog = SchemaCatalog(connection: connection)
        try PostgreSQLStore.checkVersion(catalog)
        guard try exists(PendingConnections.table), try catalog.meta("config") == configFile else { return false }
        let found = SchemaMigration.ChangeCount()
        let schema = try SchemaMigration(connection: connection, dryRun: found).migrate(catalog.load(), to: run)
        guard found.changes == 0 else { return false }
        return try missingIndexes(schema, graph: graph).isEmpty
    }

    /// Creates or migrates the tables as with SQLite, under the schema lock.
    private func migrate(to run: RunSchema, graph: ObjectGraph, configFile: String) throws -> [String] {
        let catalog = SchemaCatalog(connection: connection)
        if try exists(SchemaCatalog.metaTable) {
            try PostgreSQLStore.checkVersion(catalog)
        } else {
            try catalog.create()
        }
        try PendingConnections(connection: connection).createTable()
        let deferred = SchemaMigration.DeferredStatements()
        let schema = try SchemaMigration(connection: connection, deferredIndexes: deferred).migrate(catalog.load(), to: run)
        if try catalog.meta("config") != configFile { try catalog.setMeta("config", configFile) }
        for statement in try missingIndexes(schema, graph: graph) { try connection.execute(statement) }
        return deferred.statements
    }

    /// The statements creating the connections' lookup indexes that do not exist yet. Asked
    /// first because `CREATE INDEX IF NOT EXISTS` locks its table against writers even when
    /// the index is there.
    private func missingIndexes(_ schema: StoreSchema, graph: ObjectGraph) throws -> [String] {
        var statements: [String] = []
        var seenPlans: Set<ObjectIdentifier> = []
        var seenIndexes: Set<String> = []
        for object in graph.objects where seenPlans.insert(ObjectIdentifier(object.plan)).inserted {
            for plan in try EntityLayout(plan: object.plan, schema: schema).connections.compactMap({ $0 }) {
                guard let name = ConnectionLookup.indexName(plan), seenIndexes.insert(name).inserted,
                    let statement = ConnectionLookup.indexStatement(plan, dialect: connection.dialect),
                    try !exists(name)
                else { continue }
                statements.append(statement)
            }
        }
        return statements
    }

    /// Whether a table or index of that name exists in the schema the run writes (committed,
    /// or made by this transaction). Read from `pg_class` with the statement's own snapshot:
    /// `to_regclass` answers from the session's catalog cache, which taking the schema lock
    /// does not refresh, so after waiting for another run's commit it could still say that
    /// run's tables are missing.
    private func exists(_ relation: String) throws -> Bool {
        let statement = try connection.prepare(
            "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class WHERE relname = $1 "
                + "AND relnamespace = (SELECT oid FROM pg_catalog.pg_namespace WHERE nspname = current_schema()))")
        return try statement.firstValue([.text(relation)]) == .integer(1)
    }
}
