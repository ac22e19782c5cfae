import RestmapEngine

/// Brings the store's schema up to what a run needs, inside the run's transaction: new
/// entities become new tables, new attributes new columns (`ALTER TABLE … ADD COLUMN`),
/// new relationships new columns or join tables. What the store has and the run lacks stays.
/// A run that contradicts the store — another primary key, another attribute type, another
/// relationship target or cardinality — is refused (exit 2) before anything is written.
struct SchemaMigration {
    let connection: StoreConnection
    let catalog: SchemaCatalog
    /// When set, nothing is written: each change the migration would make is counted here
    /// instead, and conflicts are still refused. PostgreSQL asks this way first and takes the
    /// schema lock only when there is something to change.
    private let dryRun: ChangeCount?
    /// When set, the primary-key indexes of tables this migration creates are left for the
    /// caller to make after loading them (PostgreSQL, where nobody else sees the new table
    /// before the commit, and an index built after a bulk load is cheaper than one
    /// maintained row by row).
    private let deferredIndexes: DeferredStatements?
    private var dialect: StoreDialect { connection.dialect }

    /// The changes a dry run found.
    final class ChangeCount {
        var changes = 0
    }

    /// Statements left for the caller to run.
    final class DeferredStatements {
        var statements: [String] = []
    }

    init(connection: StoreConnection, dryRun: ChangeCount? = nil, deferredIndexes: DeferredStatements? = nil) {
        self.connection = connection
        self.catalog = SchemaCatalog(connection: connection)
        self.dryRun = dryRun
        self.deferredIndexes = deferredIndexes
    }

    /// Runs `body`, the statements of one change, or only counts it in a dry run.
    private func write(_ body: () throws -> Void) throws {
        if let dryRun {
            dryRun.changes += 1
        } else {
            try body()
        }
    }

    /// The merged schema after migrating `stored` to serve `run`.
    func migrate(_ stored: StoreSchema, to run: RunSchema) throws -> StoreSchema {
        var merged = stored
        for wanted in run.entities {
            if let index = merged.entities.firstIndex(where: { $0.name == wanted.name }) {
                merged.entities[index] = try extend(merged.entities[index], with: wanted)
            } else {
                let entity = StoredEntity(
                    name: wanted.name, attributes: wanted.attributes, primaryKey: wanted.primaryKey,
                    relationships: wanted.relationships.map {
                        StoredRelationship(name: $0.name, target: $0.target, toMany: $0.toMany ?? false, isDecided: $0.toMany != nil)
                    })
                try checkNames(entity, schema: merged)
                try write {
                    try createTable(entity)
                    try catalog.record(newEntity: entity)
                }
                merged.entities.append(entity)
            }
        }
        return merged
    }

    /// A run that would change the cardinality a stored relationship has (`declared`: the
    /// config says it, rather than the payload showing it).
    static func cardinalityConflict(_ entity: String, _ relationship: String, storedToMany: Bool, declared: Bool) -> RestmapError {
        let stored = storedToMany ? "to-many" : "to-one", wanted = storedToMany ? "to-one" : "to-many"
        return RestmapError.usage(
            .storeSchemaConflict,
            "the store holds \(entity).\(relationship) as \(stored) and this run \(declared ? "declares" : "maps") it \(wanted); a stored relationship cannot change its cardinality (use a new store)")
    }

    /// Turns a to-one relationship a streamed load decided into a to-many one, as one run
    /// decides it once some object holds an array there (RunCardinality): a join table takes
    /// each row's target at position 0, the column is emptied, and the catalog says to-many.
    /// The column stays (SQLite cannot drop a column that references another table); nothing
    /// reads it.
    func upgradeToMany(_ schema: StoreSchema, entity name: String, relationship relationshipName: String) throws -> StoreSchema {
        var upgraded = schema
        guard let entityIndex = upgraded.entities.firstIndex(where: { $0.name == name }),
            let index = upgraded.entities[entityIndex].relationships.firstIndex(where: { $0.name == relationshipName })
        else { return schema }
        let entity = upgraded.entities[entityIndex]
        let old = entity.relationships[index]
        let toMany = StoredRelationship(name: old.name, target: old.target, toMany: true)
        upgraded.entities[entityIndex].relationships[index] = toMany
        var others = schema
        others.entities.remove(at: entityIndex)
        try checkNames(upgraded.entities[entityIndex], schema: others)
        let q = dialect.quote, columns = StoreSchema.joinColumns
        try createJoinTable(toMany, of: entity)
        try connection.execute(
            "INSERT INTO \(q(toMany.joinTable(owner: entity.table))) (\(dialect.quotedList([columns.owner, columns.position, columns.target]))) "
                + "SELECT \(q(StoreSchema.rowIDColumn)), 0, \(q(old.column)) FROM \(q(entity.table)) WHERE \(q(old.column)) IS NOT NULL")
        try connection.execute("UPDATE \(q(entity.table)) SET \(q(old.column)) = NULL WHERE \(q(old.column)) IS NOT NULL")
        try catalog.changeKind(of: old, to: toMany, in: entity.name)
        return upgraded
    }

    private func extend(_ stored: StoredEntity, with wanted: RunSchema.Entity) throws -> StoredEntity {
        var entity = stored
        if wanted.primaryKey != stored.primaryKey {
            throw RestmapError.usage(
                .storeSchemaConflict, "the store keys \(stored.name) by \(describe(stored.primaryKey)) and the config by \(describe(wanted.primaryKey)); a store's primary keys cannot change (use a new store)")
        }
        for attribute in wanted.attributes {
            if let existing = stored.attribute(named: attribute.name) {
                if existing.type != attribute.type {
                    throw RestmapError.usage(
                        .storeSchemaConflict, "the store holds \(stored.name).\(attribute.name) as \(describe(existing.type)) and the config types it \(describe(attribute.type)); a stored attribute's type cannot change (use a new store)")
                }
            } else {
                entity.attributes.append(attribute)
                try checkNames(entity, schema: nil)
                try write {
                    try connection.execute(
                        "ALTER TABLE \(dialect.quote(entity.table)) ADD COLUMN \(columnDefinition(attribute))")
                    try catalog.record(attribute, of: entity)
                }
            }
        }
        for relationship in wanted.relationships {
            if let position = entity.relationships.firstIndex(where: { $0.name == relationship.name }),
                !entity.relationships[position].isDecided, let toMany = relationship.toMany
            {
                guard entity.relationships[position].target == relationship.target else {
                    throw RestmapError.usage(
                        .storeSchemaConflict, "the store relates \(stored.name).\(relationship.name) to \(entity.relationships[position].target) and the config to \(relationship.target); a stored relationship cannot change its target (use a new store)")
                }
                let decided = StoredRelationship(name: relationship.name, target: relationship.target, toMany: toMany)
                entity.relationships[position] = decided
                try checkNames(entity, schema: nil)
                try write {
                    try createRelationship(decided, of: entity)
                    try catalog.decide(decided, of: entity.name)
                }
            } else if let existing = stored.relationship(named: relationship.name) {
                if existing.target != relationship.target {
                    throw RestmapError.usage(
                        .storeSchemaConflict, "the store relates \(stored.name).\(relationship.name) to \(existing.target) and the config to \(relationship.target); a stored relationship cannot change its target (use a new store)")
                }
                if let toMany = relationship.toMany, existing.isDecided, toMany != existing.toMany {
                    throw Self.cardinalityConflict(stored.name, relationship.name, storedToMany: existing.toMany, declared: relationship.declared)
                }
            } else {
                let added = StoredRelationship(
                    name: relationship.name, target: relationship.target, toMany: relationship.toMany ?? false,
                    isDecided: relationship.toMany != nil)
                entity.relationships.append(added)
                try checkNames(entity, schema: nil)
                try write {
                    if added.isDecided { try createRelationship(added, of: entity) }
                    try catalog.record(added, of: entity.name)
                }
            }
        }
        return entity
    }

    private func createTable(_ entity: StoredEntity) throws {
        let q = dialect.quote
        let deferredKey = deferredIndexes == nil ? nil : dialect.deferredRowIDKey(table: entity.table)
        var columns = ["\(q(StoreSchema.rowIDColumn)) \(deferredKey?.definition ?? dialect.rowIDColumnDefinition)"]
        columns += entity.attributes.map(columnDefinition)
        columns += entity.relationships.filter { $0.isDecided && !$0.toMany }.map(referenceDefinition)
        try connection.execute("CREATE TABLE \(q(entity.table)) (\(columns.joined(separator: ", ")))")
        if let deferredKey { deferredIndexes?.statements.append(deferredKey.addKey) }
        if !entity.primaryKey.isEmpty {
            // NULLs are distinct in a unique index: objects lacking a key value are inserted each time.
            let index = "CREATE UNIQUE INDEX \(q(entity.table + "_primary_key")) ON \(q(entity.table)) (\(dialect.quotedList(entity.primaryKey)))"
            if let deferredIndexes {
                deferredIndexes.statements.append(index)
            } else {
                try connection.execute(index)
            }
        }
        for relationship in entity.relationships where relationship.toMany {
            try createJoinTable(relationship, of: entity)
        }
    }

    private func createRelationship(_ relationship: StoredRelationship, of entity: StoredEntity) throws {
        if relationship.toMany {
            try createJoinTable(relationship, of: entity)
        } else {
            try connection.execute("ALTER TABLE \(dialect.quote(entity.table)) ADD COLUMN \(referenceDefinition(relationship))")
        }
    }

    private func createJoinTable(_ relationship: StoredRelationship, of entity: StoredEntity) throws {
        let q = dialect.quote
        let columns = StoreSchema.joinColumns
        try connection.execute(
            "CREATE TABLE \(q(relationship.joinTable(owner: entity.table))) ("
                + "\(q(columns.owner)) \(dialect.referenceType) NOT NULL\(dialect.reference(to: entity.table)), "
                + "\(q(columns.position)) INTEGER NOT NULL, "
                + "\(q(columns.target)) \(dialect.referenceType) NOT NULL\(dialect.reference(to: relationship.target)), "
                + "PRIMARY KEY (\(q(columns.owner)), \(q(columns.position))))")
    }

    private func columnDefinition(_ attribute: StoredAttribute) -> String {
        let type = dialect.columnType(for: attribute.type)
        return type.isEmpty ? dialect.quote(attribute.column) : "\(dialect.quote(attribute.column)) \(type)"
    }

    private func referenceDefinition(_ relationship: StoredRelationship) -> String {
        "\(dialect.quote(relationship.column)) \(dialect.referenceType)\(dialect.reference(to: relationship.target))"
    }

    /// Refuses names that would collide: a column twice in one table, or a table twice.
    private func checkNames(_ entity: StoredEntity, schema: StoreSchema?) throws {
        var columns: Set<String> = [StoreSchema.rowIDColumn]
        let names = entity.attributes.map(\.column) + entity.relationships.filter { $0.isDecided && !$0.toMany }.map(\.column)
        for name in names where !columns.insert(name).inserted {
            throw RestmapError.usage(.storeNameCollision, "\(entity.name) would have two columns named '\(name)' in the store; rename the attribute")
        }
        if let schema {
            var tables = Set(schema.entities.map(\.table))
            for other in schema.entities { for r in other.relationships where r.toMany { tables.insert(r.joinTable(owner: other.table)) } }
            for name in [entity.table] + entity.relationships.filter(\.toMany).map({ $0.joinTable(owner: entity.table) })
            where !tables.insert(name).inserted || name.hasPrefix("_restmap") || name.lowercased().hasPrefix("sqlite_") {
                throw RestmapError.usage(.storeNameCollision, "the store cannot hold a table named '\(name)' twice (or a reserved name); rename the entity or relationship")
            }
        }
    }

    private func describe(_ keys: [String]) -> String {
        keys.isEmpty ? "nothing (no primary key)" : "(" + keys.joined(separator: ", ") + ")"
    }

    private func describe(_ type: AttributeType?) -> String {
        type.map { "'\($0.rawValue)'" } ?? "untyped"
    }
}
