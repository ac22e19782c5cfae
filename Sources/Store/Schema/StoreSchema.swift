import RestmapEngine

/// The tables a store holds, as the store's catalog records them (docs/stores.md, "Store schema"):
/// one table per entity, one column per attribute, a `_rowid` column giving insertion
/// order, to-one relationships as `<name>_rowid` columns, to-many ones as join tables.
struct StoreSchema: Equatable {
    var entities: [StoredEntity] = []

    init(entities: [StoredEntity] = []) {
        self.entities = entities
    }

    func entity(named name: String) -> StoredEntity? {
        entities.first { $0.name == name }
    }

    /// The row-id column of every entity table.
    static let rowIDColumn = "_rowid"
    /// Join-table columns: the owner's row id, the position in the relationship, the target's row id.
    static let joinColumns = (owner: "owner_rowid", position: "position", target: "target_rowid")
}

/// One entity's table.
struct StoredEntity: Equatable {
    var name: String
    var table: String
    var attributes: [StoredAttribute]
    /// Attribute names of the primary key, in primary-key order; empty: no identity.
    var primaryKey: [String]
    var relationships: [StoredRelationship]

    init(name: String, attributes: [StoredAttribute], primaryKey: [String], relationships: [StoredRelationship]) {
        self.name = name
        self.table = name
        self.attributes = attributes
        self.primaryKey = primaryKey
        self.relationships = relationships
    }

    func attribute(named name: String) -> StoredAttribute? {
        attributes.first { $0.name == name }
    }

    func relationship(named name: String) -> StoredRelationship? {
        relationships.first { $0.name == name }
    }
}

/// One attribute column. `type` nil: untyped (values keep their own kind).
struct StoredAttribute: Equatable {
    var name: String
    var type: AttributeType?
    var column: String { name }

    init(name: String, type: AttributeType?) {
        self.name = name
        self.type = type
    }
}

/// One relationship: a foreign-key column (to-one) or an ordered join table (to-many).
/// Without a model, a relationship no run has held an object in yet is `undecided`: the
/// catalog knows it (dump prints it as null) but it has no column or table until a run
/// shows which cardinality it has.
struct StoredRelationship: Equatable {
    var name: String
    var target: String
    var toMany: Bool
    var isDecided: Bool

    init(name: String, target: String, toMany: Bool, isDecided: Bool = true) {
        self.name = name
        self.target = target
        self.toMany = toMany && isDecided
        self.isDecided = isDecided
    }

    /// The catalog's word for it.
    var kind: String { !isDecided ? "undecided" : toMany ? "to_many" : "to_one" }

    /// The to-one column holding the target's `_rowid`.
    var column: String { name + "_rowid" }

    /// The to-many join table of `owner`.
    func joinTable(owner: String) -> String { owner + "_" + name }
}
