import RestmapEngine

/// The store's own tables, which make a file a restmap store and let `dump` work without a
/// config: `_restmap_meta` (format version, the config last used) and `_restmap_fields`
/// (every entity's attributes, primary key and relationships, in order). Entities are
/// numbered in `_restmap_entities` in the order the store first met them.
struct SchemaCatalog {
    /// Bumped when a restmap release changes how stores are laid out; a store with a
    /// higher number is refused rather than misread.
    static let formatVersion: Int64 = 1
    /// `PRAGMA application_id` of restmap stores ("RMAP"), what `file(1)` and restmap check.
    static let applicationID: Int64 = 0x524D_4150

    static let metaTable = "_restmap_meta"
    static let entitiesTable = "_restmap_entities"
    static let fieldsTable = "_restmap_fields"

    let connection: StoreConnection
    private var dialect: StoreDialect { connection.dialect }

    /// Creates the catalog tables in an empty database.
    func create() throws {
        let q = dialect.quote
        try connection.execute("CREATE TABLE \(q(Self.metaTable)) (\(q("key")) TEXT PRIMARY KEY, \(q("value")) TEXT NOT NULL)")
        try connection.execute(
            "CREATE TABLE \(q(Self.entitiesTable)) (\(q("position")) \(dialect.rowIDColumnDefinition), \(q("name")) TEXT NOT NULL UNIQUE, \(q("table_name")) TEXT NOT NULL)")
        try connection.execute(
            "CREATE TABLE \(q(Self.fieldsTable)) (\(q("entity")) TEXT NOT NULL, \(q("position")) INTEGER NOT NULL, \(q("kind")) TEXT NOT NULL, \(q("name")) TEXT NOT NULL, \(q("type")) TEXT, \(q("target")) TEXT, \(q("primary_key_position")) INTEGER, PRIMARY KEY (\(q("entity")), \(q("position"))))")
        try setMeta("format_version", String(Self.formatVersion))
    }

    func setMeta(_ key: String, _ value: String) throws {
        let q = dialect.quote
        let statement = try connection.prepare(
            "INSERT INTO \(q(Self.metaTable)) (\(q("key")), \(q("value"))) VALUES (\(dialect.parameterList(count: 2))) ON CONFLICT (\(q("key"))) DO UPDATE SET \(q("value")) = excluded.\(q("value"))")
        try statement.run([.text(key), .text(value)])
    }

    func meta(_ key: String) throws -> String? {
        let q = dialect.quote
        let statement = try connection.prepare("SELECT \(q("value")) FROM \(q(Self.metaTable)) WHERE \(q("key")) = \(dialect.parameter(1))")
        if case .text(let text)? = try statement.firstValue([.text(key)]) { return text }
        return nil
    }

    /// The schema the catalog records, entities in the order the store first met them.
    func load() throws -> StoreSchema {
        let q = dialect.quote
        let entityRows = try connection.prepare(
            "SELECT \(q("name")) FROM \(q(Self.entitiesTable)) ORDER BY \(q("position"))").rows()
        let fields = try connection.prepare(
            "SELECT \(q("kind")), \(q("name")), \(q("type")), \(q("target")), \(q("primary_key_position")) FROM \(q(Self.fieldsTable)) WHERE \(q("entity")) = \(dialect.parameter(1)) ORDER BY \(q("position"))")
        var schema = StoreSchema()
        for row in entityRows {
            guard case .text(let name) = row[0] else { continue }
            var attributes: [StoredAttribute] = []
            var keys: [(Int64, String)] = []
            var relationships: [StoredRelationship] = []
            for field in try fields.rows([.text(name)]) {
                guard case .text(let kind) = field[0], case .text(let fieldName) = field[1] else {
                    throw RestmapError.usage(.storeCatalogDamaged, "the store's catalog is damaged (a field of '\(name)' has no name)")
                }
                switch kind {
                case "attribute":
                    var type: AttributeType?
                    if case .text(let typeName) = field[2] { type = AttributeType(rawValue: typeName) }
                    attributes.append(StoredAttribute(name: fieldName, type: type))
                    if case .integer(let position) = field[4] { keys.append((position, fieldName)) }
                case "to_one", "to_many", "undecided":
                    guard case .text(let target) = field[3] else {
                        throw RestmapError.usage(.storeCatalogDamaged, "the store's catalog is damaged (relationship '\(name).\(fieldName)' has no target)")
                    }
                    relationships.append(
                        StoredRelationship(name: fieldName, target: target, toMany: kind == "to_many", isDecided: kind != "undecided"))
                default:
                    throw RestmapError.usage(.storeCatalogDamaged, "the store's catalog is damaged (unknown field kind '\(kind)')")
                }
            }
            let primaryKey = keys.sorted { $0.0 < $1.0 }.map(\.1)
            schema.entities.append(StoredEntity(name: name, attributes: attributes, primaryKey: primaryKey, relationships: relationships))
        }
        try verifyTables(of: schema)
        return schema
    }

    /// The catalog and the tables must agree: a column or table the catalog records but the
    /// database lacks is damage (an edited or half-restored file), refused before a run
    /// writes and before a dump prints half of it. Checked by compiling a query over every
    /// recorded column, which any SQL engine refuses when one is missing; and, where the
    /// dialect can tell, by asking whether the row-id column still numbers the rows (a table
    /// whose key was edited away would take a run's rows without ids, which no dump shows).
    private func verifyTables(of schema: StoreSchema) throws {
        let q = dialect.quote
        for entity in schema.entities {
            var columns = [StoreSchema.rowIDColumn] + entity.attributes.map(\.column)
            var joinTables: [String] = []
            for relationship in entity.relationships where relationship.isDecided {
                if relationship.toMany { joinTables.append(relationship.joinTable(owner: entity.table)) } else { columns.append(relationship.column) }
            }
            do {
                _ = try connection.prepare("SELECT \(columns.map(q).joined(separator: ", ")) FROM \(q(entity.table)) WHERE 1 = 0")
                let join = StoreSchema.joinColumns
                for table in joinTables {
                    _ = try connection.prepare(
                        "SELECT \(q(join.owner)), \(q(join.position)), \(q(join.target)) FROM \(q(table)) WHERE 1 = 0")
                }
            } catch {
                throw RestmapError.usage(
                    .storeCatalogDamaged,
                    "the store's catalog does not match its tables (\(entity.name): \(error)); the store is damaged and restmap will not use it")
            }
            // (After the columns: a missing table is reported as missing, not as keyless.)
            if let check = dialect.rowIDKeyCheck,
                try connection.prepare(check).firstValue([.text(entity.table)]) != .integer(1)
            {
                throw RestmapError.usage(
                    .storeCatalogDamaged,
                    "the store's catalog does not match its tables (\(entity.name): its \(StoreSchema.rowIDColumn) column is not the table's integer primary key); the store is damaged and restmap will not use it")
            }
        }
    }

    /// Records a new entity (appended to the order) with its fields.
    func record(newEntity entity: StoredEntity) throws {
        let q = dialect.quote
        let statement = try connection.prepare(
            "INSERT INTO \(q(Self.entitiesTable)) (\(q("name")), \(q("table_name"))) VALUES (\(dialect.parameterList(count: 2)))")
        try statement.run([.text(entity.name), .text(entity.table)])
        for attribute in entity.attributes { try record(attribute, of: entity) }
        for relationship in entity.relationships { try record(relationship, of: entity.name) }
    }

    func record(_ attribute: StoredAttribute, of entity: StoredEntity) throws {
        let keyPosition = entity.primaryKey.firstIndex(of: attribute.name).map { StoreValue.integer(Int64($0)) } ?? .null
        try insertField(entity: entity.name, kind: "attribute", name: attribute.name,
                        type: attribute.type.map { .text($0.rawValue) } ?? .null, target: .null, keyPosition: keyPosition)
    }

    func record(_ relationship: StoredRelationship, of entity: String) throws {
        try insertField(entity: entity, kind: relationship.kind, name: relationship.name,
                        type: .null, target: .text(relationship.target), keyPosition: .null)
    }

    /// Records the cardinality a run decided for a relationship recorded undecided.
    func decide(_ relationship: StoredRelationship, of entity: String) throws {
        try setKind(relationship.kind, of: relationship.name, in: entity, replacing: "undecided")
    }

    /// Records that a relationship a streamed load decided to-one is to-many after all.
    func changeKind(of relationship: StoredRelationship, to changed: StoredRelationship, in entity: String) throws {
        try setKind(changed.kind, of: relationship.name, in: entity, replacing: relationship.kind)
    }

    private func setKind(_ kind: String, of name: String, in entity: String, replacing current: String) throws {
        let q = dialect.quote
        let statement = try connection.prepare(
            "UPDATE \(q(Self.fieldsTable)) SET \(q("kind")) = \(dialect.parameter(1)) WHERE \(q("entity")) = \(dialect.parameter(2)) AND \(q("name")) = \(dialect.parameter(3)) AND \(q("kind")) = \(dialect.parameter(4))")
        try statement.run([.text(kind), .text(entity), .text(name), .text(current)])
    }

    private func insertField(entity: String, kind: String, name: String, type: StoreValue, target: StoreValue, keyPosition: StoreValue) throws {
        let q = dialect.quote
        let t = q(Self.fieldsTable)
        let statement = try connection.prepare(
            "INSERT INTO \(t) (\(q("entity")), \(q("position")), \(q("kind")), \(q("name")), \(q("type")), \(q("target")), \(q("primary_key_position"))) "
                + "SELECT \(dialect.parameter(1)), coalesce(max(\(q("position"))) + 1, 0), \(dialect.parameterList(count: 5, from: 2)) FROM \(t) WHERE \(q("entity")) = \(dialect.parameter(7))")
        try statement.run([.text(entity), .text(kind), .text(name), type, target, keyPosition, .text(entity)])
    }
}
