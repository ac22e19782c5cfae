import RestmapEngine

/// The set-based part of resolving pending connections: the common connection — one source
/// attribute to a target's one-attribute primary key, both integers or both strings (URLs,
/// UUIDs), on a to-one relationship — is resolved for all its waiting sources at once, with
/// one `UPDATE … FROM` joining the sources to their targets and one `DELETE` of the sources
/// that found theirs, instead of a look-up per source. Such values are stored as they compare,
/// so SQL's `=` is the comparison the per-source look-up makes; an untyped attribute (which may
/// hold an array, a to-many source) and every other shape are left to that look-up
/// (PendingConnections), and so are the sources no target matched, which it clears or keeps
/// waiting.
struct PendingKeyConnections {
    let connection: StoreConnection
    private var dialect: StoreDialect { connection.dialect }

    /// Resolves what it can of the pending sources; returns how many it resolved.
    ///
    /// A source stops waiting only once its row holds the target: the `DELETE` joins on the
    /// relationship column the `UPDATE` set. Each statement sees the rows committed when it
    /// starts, so a concurrent run (another shard) committing targets between the two would
    /// otherwise let the `DELETE` clear sources the `UPDATE` never connected, for good; those
    /// stay waiting, for that run's own pass or `restmap connect`. `betweenStatements` runs
    /// there, for tests that play such a commit.
    func resolve(schema: StoreSchema, betweenStatements: () throws -> Void = {}) throws -> Int {
        let q = dialect.quote
        let table = q(PendingConnections.table)
        let groups = try connection.prepare(
            "SELECT DISTINCT \(dialect.quotedList(["entity", "relationship", "source_attributes", "target_attributes"])) FROM \(table)").rows()
        var resolved = 0
        for group in groups {
            guard case .text(let entityName) = group[0], case .text(let relationshipName) = group[1],
                case .text(let sourceText) = group[2], case .text(let targetText) = group[3],
                let entity = schema.entity(named: entityName), let relationship = entity.relationship(named: relationshipName),
                relationship.isDecided, !relationship.toMany, let target = schema.entity(named: relationship.target),
                let sourceName = PendingConnections.attributes(sourceText).single, let targetName = PendingConnections.attributes(targetText).single,
                target.primaryKey == [targetName],
                let source = entity.attribute(named: sourceName), let targetAttribute = target.attribute(named: targetName),
                let type = source.type, Self.comparableTypes.contains(type), type == targetAttribute.type
            else { continue }
            let owner = q(entity.table), rowID = q(StoreSchema.rowIDColumn)
            let waiting = "p.\(q("entity")) = \(dialect.parameter(1)) AND p.\(q("relationship")) = \(dialect.parameter(2)) "
                + "AND p.\(q("source_attributes")) = \(dialect.parameter(3)) AND p.\(q("target_attributes")) = \(dialect.parameter(4))"
            let key = [group[0], group[1], group[2], group[3]]
            try connection.prepare(
                "UPDATE \(owner) SET \(q(relationship.column)) = t.\(rowID) FROM \(q(target.table)) AS t, \(table) AS p "
                    + "WHERE \(waiting) AND p.\(q("source_rowid")) = \(owner).\(rowID) AND t.\(q(targetAttribute.column)) = \(owner).\(q(source.column))"
            ).run(key)
            try betweenStatements()
            resolved += try connection.prepare(
                "DELETE FROM \(table) WHERE (\(dialect.quotedList(["entity", "relationship", "source_rowid"]))) IN ("
                    + "SELECT p.\(q("entity")), p.\(q("relationship")), p.\(q("source_rowid")) FROM \(table) AS p "
                    + "JOIN \(owner) AS s ON s.\(rowID) = p.\(q("source_rowid")) JOIN \(q(target.table)) AS t ON t.\(q(targetAttribute.column)) = s.\(q(source.column)) "
                    + "AND s.\(q(relationship.column)) = t.\(rowID) "
                    + "WHERE \(waiting)) RETURNING 1"
            ).rows(key).count
        }
        return resolved
    }

    /// Types whose stored values compare as the values do (no normalization on the way in).
    private static let comparableTypes: Set<AttributeType> = [.string, .integer16, .integer32, .integer64, .url, .uuid]
}

extension Array {
    /// The one element, or nil when there are none or several.
    fileprivate var single: Element? { count == 1 ? self[0] : nil }
}
