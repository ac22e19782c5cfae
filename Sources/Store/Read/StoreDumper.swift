import RestmapEngine

/// `restmap dump`: the stored records in the `--shape records` form (SPEC §3.7) — entities
/// in the order the store first met them (those without rows left out), records in
/// insertion order, each with `_entity`, `_id`, its attributes (dotted ones grouped as
/// `map` prints them), then its relationships as `_id`s: null for an unset to-one, `[]` for
/// an empty to-many. `_id`s are computed as `map` computes them: `Entity/pk1,pk2`, or
/// `Entity#n` counting the entity's rows without a complete key in insertion order.
final class StoreDumper {
    private let connection: StoreConnection
    private var dialect: StoreDialect { connection.dialect }

    init(connection: StoreConnection) {
        self.connection = connection
    }

    func dump(entity only: String?, format: ObjectStore.DumpFormat, compact: Bool, to sink: ByteSink) throws {
        let schema = try SchemaCatalog(connection: connection).load()
        if let only, schema.entity(named: only) == nil {
            throw RestmapError.usage(
                .storeUnknownEntity, "--entity names '\(only)', which the store does not hold\(Suggestions.hint(for: only, among: schema.entities.map(\.name)))")
        }
        // Every entity's `_id`s first: relationships print their targets' ids.
        var ids: [String: [Int64: String]] = [:]
        for entity in schema.entities { ids[entity.name] = try identifiers(of: entity) }
        let entities = schema.entities.filter { (only == nil || $0.name == only) && !(ids[$0.name]?.isEmpty ?? true) }
        // Every query is compiled before the first byte is written: a store whose tables do
        // not match its catalog fails here, not halfway through the output.
        let queries = try entities.map(recordQueries)
        if format == .csv || format == .table {
            if format == .csv && entities.count > 1 {
                throw RestmapError.usage(
                    .malformedArgument,
                    "dump --format csv prints one entity's records: pass --entity NAME (the store holds \(entities.map(\.name).joined(separator: ", ")))")
            }
            let table = TabularDump(style: format == .csv ? .csv : .table, sink: sink)
            for (offset, (entity, query)) in zip(entities, queries).enumerated() {
                try writeRows(of: entity, query: query, ids: ids, to: table, first: offset == 0, lists: format == .csv ? .json : .commas)
            }
            return
        }
        let writer = JSONWriter(sink: sink, style: format == .json && !compact ? .pretty : .compact)
        if format == .json { try writer.beginObject() }
        for (entity, query) in zip(entities, queries) {
            if format == .json {
                try writer.key(entity.name)
                try writer.beginArray()
            }
            try writeRecords(of: entity, query: query, ids: ids, to: writer, lines: format == .ndjson)
            if format == .json { try writer.endArray() }
        }
        if format == .json {
            try writer.endObject()
            try writer.newline()
        }
        try writer.flush()
    }

    private func identifiers(of entity: StoredEntity) throws -> [Int64: String] {
        let q = dialect.quote
        let keyColumns = entity.primaryKey.isEmpty ? "" : ", " + dialect.quotedList(entity.primaryKey)
        let statement = try connection.prepare(
            "SELECT \(q(StoreSchema.rowIDColumn))\(keyColumns) FROM \(q(entity.table)) ORDER BY \(q(StoreSchema.rowIDColumn))")
        let keyTypes = entity.primaryKey.map { entity.attribute(named: $0)?.type }
        var ids: [Int64: String] = [:]
        var anonymous = 0
        try statement.bind([])
        defer { statement.reset() }
        while try statement.step() {
            guard case .integer(let rowID) = statement.column(0) else { continue }
            var parts: [String] = []
            for (offset, type) in keyTypes.enumerated() {
                switch StoreValueCodec.decode(statement.column(offset + 1), as: type) {
                case .string(let text), .number(let text): parts.append(text)
                case .bool(let flag): parts.append(flag ? "true" : "false")
                default: break
                }
            }
            if !keyTypes.isEmpty && parts.count == keyTypes.count {
                ids[rowID] = entity.name + "/" + parts.joined(separator: ",")
            } else {
                anonymous += 1
                ids[rowID] = entity.name + "#" + String(anonymous)
            }
        }
        return ids
    }

    /// The statements that read one entity's records: its rows, and each to-many's join rows.
    fileprivate struct RecordQueries {
        var rows: StoreStatement
        var joins: [StoreStatement]
    }

    private func recordQueries(_ entity: StoredEntity) throws -> RecordQueries {
        let q = dialect.quote
        let toOne = entity.relationships.filter { $0.isDecided && !$0.toMany }
        let columns = [StoreSchema.rowIDColumn] + entity.attributes.map(\.column) + toOne.map(\.column)
        let rows = try connection.prepare(
            "SELECT \(dialect.quotedList(columns)) FROM \(q(entity.table)) ORDER BY \(q(StoreSchema.rowIDColumn))")
        let joins = try entity.relationships.filter(\.toMany).map { relationship in
            let c = StoreSchema.joinColumns
            return try connection.prepare(
                "SELECT \(q(c.target)) FROM \(q(relationship.joinTable(owner: entity.table))) WHERE \(q(c.owner)) = \(dialect.parameter(1)) ORDER BY \(q(c.position))")
        }
        return RecordQueries(rows: rows, joins: joins)
    }

    /// One stored record: its `_id`, its attributes' values in the entity's order, and each
    /// relationship's targets as `_id`s.
    fileprivate struct StoredRecord {
        var id: String
        var values: [Value]
        var relationships: [RelatedIDs]
    }

    fileprivate enum RelatedIDs {
        /// A to-one's target; nil when it is unset, or when the store has not yet seen a
        /// value for the relationship at all.
        case one(String?)
        case many([String])
    }

    /// Reads one entity's records in insertion order, with their relationships' targets.
    private func forEachRecord(
        of entity: StoredEntity, query: RecordQueries, ids: [String: [Int64: String]], _ body: (StoredRecord) throws -> Void
    ) throws {
        let rows = query.rows, joins = query.joins
        let ownIDs = ids[entity.name] ?? [:]
        try rows.bind([])
        defer { rows.reset() }
        while try rows.step() {
            guard case .integer(let rowID) = rows.column(0) else { continue }
            let values = entity.attributes.indices.map { StoreValueCodec.decode(rows.column($0 + 1), as: entity.attributes[$0].type) }
            var related: [RelatedIDs] = []
            related.reserveCapacity(entity.relationships.count)
            var toOneOffset = 0, joinOffset = 0
            for relationship in entity.relationships {
                let targetIDs = ids[relationship.target] ?? [:]
                if !relationship.isDecided {
                    related.append(.one(nil))
                } else if relationship.toMany {
                    let targets = try joins[joinOffset].rows([.integer(rowID)]).compactMap { row -> String? in
                        if case .integer(let target) = row[0] { return targetIDs[target] }
                        return nil
                    }
                    related.append(.many(targets))
                    joinOffset += 1
                } else {
                    if case .integer(let target) = rows.column(1 + entity.attributes.count + toOneOffset) {
                        related.append(.one(targetIDs[target]))
                    } else {
                        related.append(.one(nil))
                    }
                    toOneOffset += 1
                }
            }
            try body(StoredRecord(id: ownIDs[rowID] ?? "", values: values, relationships: related))
        }
    }

    private func writeRecords(
        of entity: StoredEntity, query: RecordQueries, ids: [String: [Int64: String]], to writer: JSONWriter, lines: Bool
    ) throws {
        let fields = RecordLayout(entity)
        try forEachRecord(of: entity, query: query, ids: ids) { record in
            try writer.beginObject()
            try writer.key("_entity")
            try writer.string(entity.name)
            try writer.key("_id")
            try writer.string(record.id)
            try fields.write(record.values, to: writer)
            for (relationship, targets) in zip(entity.relationships, record.relationships) {
                try writer.key(relationship.name)
                switch targets {
                case .one(nil): try writer.null()
                case .one(let id?): try writer.string(id)
                case .many(let ids):
                    try writer.beginArray()
                    for id in ids { try writer.string(id) }
                    try writer.endArray()
                }
            }
            try writer.endObject()
            if lines { try writer.newline() }
        }
    }
}

extension StoreDumper {
    /// How a to-many relationship's `_id`s fill one cell.
    enum IDList { case json, commas }

    /// One entity's records as rows of cells (TabularDump): `_id`, the attributes, the relationships.
    fileprivate func writeRows(
        of entity: StoredEntity, query: RecordQueries, ids: [String: [Int64: String]], to table: TabularDump, first: Bool, lists: IDList
    ) throws {
        let header = ["_id"] + entity.attributes.map(\.name) + entity.relationships.map(\.name)
        try table.write(entity: entity.name, header: header, first: first) { each in
            try forEachRecord(of: entity, query: query, ids: ids) { record in
                var cells: [TabularDump.Cell] = [record.id]
                for value in record.values { cells.append(try Self.cellText(value)) }
                for targets in record.relationships {
                    switch targets {
                    case .one(let id): cells.append(id)
                    case .many(let ids):
                        cells.append(lists == .json ? try Self.cellText(.array(ids.map(Value.string))) : ids.joined(separator: ", "))
                    }
                }
                try each(cells)
            }
        }
    }

    /// A value as one cell: text as it is, numbers as their exact text, objects and arrays as
    /// compact JSON, nothing for null.
    static func cellText(_ value: Value) throws -> TabularDump.Cell {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text), .string(let text): return text
        case .array, .object:
            let sink = MemorySink()
            let writer = JSONWriter(sink: sink, style: .compact)
            try writer.write(value)
            try writer.flush()
            return sink.text
        }
    }
}

/// The attribute part of a record as `map` prints it: attributes in order, dotted ones
/// (`address.city`) grouped under their first component where its first member sits, and
/// attributes named like a relationship left to the relationship.
struct RecordLayout {
    enum Field {
        case attribute(index: Int, name: String)
        case group(name: String, members: [(index: Int, path: [String])])
    }

    let fields: [Field]

    init(_ entity: StoredEntity) {
        let relationshipNames = Set(entity.relationships.map(\.name))
        var fields: [Field] = []
        var groupPositions: [String: Int] = [:]
        for (index, attribute) in entity.attributes.enumerated() {
            let path = attribute.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if path.count == 1 {
                if !relationshipNames.contains(attribute.name) { fields.append(.attribute(index: index, name: attribute.name)) }
            } else if let position = groupPositions[path[0]], case .group(let name, var members) = fields[position] {
                members.append((index, Array(path.dropFirst())))
                fields[position] = .group(name: name, members: members)
            } else {
                groupPositions[path[0]] = fields.count
                fields.append(.group(name: path[0], members: [(index, Array(path.dropFirst()))]))
            }
        }
        self.fields = fields
    }

    func write(_ values: [Value], to writer: JSONWriter) throws {
        for field in fields {
            switch field {
            case .attribute(let index, let name):
                try writer.key(name)
                try writer.write(values[index])
            case .group(let name, let members):
                try writer.key(name)
                try writer.write(Self.nest(members.map { ($0.path, values[$0.index]) }))
            }
        }
    }

    /// `[(["city"], v), (["geo", "lat"], w)]` → `{"city": v, "geo": {"lat": w}}`.
    static func nest(_ members: [(path: [String], value: Value)]) -> Value {
        var object = ValueObject()
        var order: [String] = []
        var children: [String: [(path: [String], value: Value)]] = [:]
        for member in members {
            guard let first = member.path.first else { continue }
            if member.path.count == 1 {
                object[first] = member.value
                if !order.contains(first) { order.append(first) }
            } else {
                if children[first] == nil { order.append(first); object[first] = .null }
                children[first, default: []].append((Array(member.path.dropFirst()), member.value))
            }
        }
        for (key, nested) in children { object[key] = nest(nested) }
        return .object(object)
    }
}
