import RestmapEngine

/// The names a config gives a store — a table per entity, a column per attribute and to-one
/// relationship, a join table per to-many one, a primary-key index per entity — checked before
/// a store is touched. Two names an engine would take for one (SQLite compares names without
/// case; PostgreSQL keeps the first 63 bytes), a name an engine reserves (`sqlite_…`, `pg_…`,
/// restmap's own `_restmap…`), a NUL, or more columns than PostgreSQL allows (1,600) would
/// otherwise fail halfway through a run with the engine's own message. `map --store` refuses
/// them as config errors (exit 2); `check` warns.
public enum StoreNames {
    /// PostgreSQL's identifier length; longer names are truncated to it.
    static let identifierBytes = 63
    /// PostgreSQL's column limit (SQLite's default is 2,000).
    static let maximumColumns = 1_600

    /// What is wrong with the store names `definitions` would make, as `severity` findings.
    public static func findings(_ definitions: MappingDefinitions, severity: Diagnostic.Severity) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func report(_ message: String, at location: SourceLocation, related: [Diagnostic.RelatedLocation] = []) {
            findings.append(Diagnostic(.storeNameCollision, severity, message, at: location, related: related))
        }
        // Tables and indexes share one namespace in both engines.
        var relations: [String: (what: String, location: SourceLocation)] = [:]
        func claimRelation(_ name: String, what: String, at location: SourceLocation) {
            if let problem = problem(with: name) {
                report("\(what) cannot be a store table or index name: \(problem)", at: location)
                return
            }
            let key = comparisonKey(name)
            if let earlier = relations[key] {
                report(
                    "\(what) and \(earlier.what) would be one table or index in a store (names compare without case, and PostgreSQL keeps their first \(identifierBytes) bytes); rename one",
                    at: location, related: [.init("\(earlier.what) is here", at: earlier.location)])
            } else {
                relations[key] = (what, location)
            }
        }
        for entity in definitions.entities {
            claimRelation(entity.name, what: "entity '\(entity.name)'", at: entity.location)
        }
        for entity in definitions.entities {
            if !entity.primaryKeys.isEmpty {
                let index = entity.name + "_primary_key"
                claimRelation(index, what: "the primary-key index of '\(entity.name)' ('\(index)')", at: entity.location)
            }
            for relationship in entity.relationships where relationship.cardinality != .toOne {
                let table = entity.name + "_" + relationship.name
                claimRelation(table, what: "the join table of '\(entity.name).\(relationship.name)' ('\(table)')", at: relationship.location)
            }
            findings += columnFindings(entity, severity: severity)
        }
        return findings
    }

    /// Columns within one table: `_rowid`, the attributes, the to-one relationships'
    /// `<name>_rowid`.
    private static func columnFindings(_ entity: EntityMapping, severity: Diagnostic.Severity) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var columns: [String: (name: String, location: SourceLocation)] = [comparisonKey("_rowid"): ("_rowid", entity.location)]
        var count = 1
        func claim(_ name: String, at location: SourceLocation) {
            if let problem = problem(with: name, reservedPrefixes: false) {
                findings.append(Diagnostic(.storeNameCollision, severity, "'\(name)' of '\(entity.name)' cannot be a store column name: \(problem)", at: location))
                return
            }
            let key = comparisonKey(name)
            if let earlier = columns[key] {
                guard earlier.name != name else { return }  // two mappings writing one attribute share its column
                findings.append(Diagnostic(
                    .storeNameCollision, severity,
                    "'\(name)' and '\(earlier.name)' of '\(entity.name)' would be one column in a store (names compare without case, and PostgreSQL keeps their first \(identifierBytes) bytes); rename one",
                    at: location, related: [.init("'\(earlier.name)' is here", at: earlier.location)]))
            } else {
                columns[key] = (name, location)
                count += 1
            }
        }
        for attribute in entity.attributes { claim(attribute.destination, at: attribute.location) }
        for relationship in entity.relationships where relationship.cardinality != .toMany {
            claim(relationship.name + "_rowid", at: relationship.location)
        }
        if count > maximumColumns {
            findings.append(Diagnostic(
                .storeNameCollision, severity, "'\(entity.name)' would have \(count) columns in a store; PostgreSQL allows \(maximumColumns)",
                at: entity.location))
        }
        return findings
    }

    /// How the engines compare names: without case (SQLite), on their first 63 bytes
    /// (PostgreSQL).
    static func comparisonKey(_ name: String) -> String {
        var bytes = Array(name.lowercased().utf8.prefix(identifierBytes))
        // Never cut a character in two.
        while let last = bytes.last, last & 0xC0 == 0x80 || (last & 0x80 != 0 && String(validating: bytes, as: UTF8.self) == nil) {
            bytes.removeLast()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Why a name cannot be used, or nil.
    static func problem(with name: String, reservedPrefixes: Bool = true) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.utf8.contains(0) { return "it holds a NUL character" }
        guard reservedPrefixes else { return nil }
        let lowered = name.lowercased()
        for prefix in ["sqlite_", "pg_", "_restmap"] where lowered.hasPrefix(prefix) {
            return "names beginning with '\(prefix)' are reserved by \(prefix == "_restmap" ? "restmap" : prefix == "pg_" ? "PostgreSQL" : "SQLite")"
        }
        return nil
    }
}
