import Foundation
import RestmapEngine
@testable import RestmapStore
import XCTest

/// The tables a store gets, how later configs migrate them, and what they may not change.
final class StoreSchemaTests: XCTestCase {
    static let v1 = """
        {"entity_attribute_mappings": {"Person": {"id": "id", "name": "name"}},
         "primary_key_mappings": {"Person": ["id"]},
         "entity_attribute_types": {"Person": {"id": "integer"}},
         "path_mappings": [{"uri": "/people", "matchers": [{"entity_name": "Person"}]}]}
        """

    func testTablesAreTypedWithAUniqueIndexOnThePrimaryKey() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1, "name": "Ann"}]"#)], store: store)
        XCTAssertEqual(
            try sqlite(store, "SELECT sql FROM sqlite_schema WHERE tbl_name = 'Person' ORDER BY type DESC"),
            """
            CREATE TABLE "Person" ("_rowid" INTEGER PRIMARY KEY, "id" INTEGER, "name")
            CREATE UNIQUE INDEX "Person_primary_key" ON "Person" ("id")
            """)
        XCTAssertEqual(try sqlite(store, "PRAGMA journal_mode; PRAGMA application_id; PRAGMA user_version"), "wal\n1380794704\n1")
    }

    func testANewAttributeAndANewEntityMigrateTheStore() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1, "name": "Ann"}]"#)], store: store)
        let v2 = """
            {"entity_attribute_mappings": {"Person": {"id": "id", "name": "name", "email": "email"}, "Pet": {"name": "name"}},
             "primary_key_mappings": {"Person": ["id"]},
             "entity_attribute_types": {"Person": {"id": "integer"}},
             "path_mappings": [{"uri": "/people", "matchers": [{"entity_name": "Person"}]}, {"uri": "/pets", "matchers": [{"entity_name": "Pet"}]}]}
            """
        try storeRun(config: v2, inputs: [("/people", #"[{"id": 2, "name": "Bo", "email": "bo@x"}]"#), ("/pets", #"[{"name": "Rex"}]"#)], store: store)
        XCTAssertEqual(try dumpLines(store), [
            #"{"_entity":"Person","_id":"Person/1","id":1,"name":"Ann","email":null}"#,
            #"{"_entity":"Person","_id":"Person/2","id":2,"name":"Bo","email":"bo@x"}"#,
            #"{"_entity":"Pet","_id":"Pet#1","name":"Rex"}"#,
        ])
        // An older config still writes to the migrated store.
        try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 2, "name": "Bob"}]"#)], store: store)
        XCTAssertEqual(try dumpLines(store)[1], #"{"_entity":"Person","_id":"Person/2","id":2,"name":"Bob","email":"bo@x"}"#)
    }

    func testAChangedPrimaryKeyIsRefusedAndTheStoreIsUntouched() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1, "name": "Ann"}]"#)], store: store)
        let before = try dumpLines(store)
        let rekeyed = Self.v1.replacingOccurrences(of: #""Person": ["id"]"#, with: #""Person": ["name"]"#)
        let message = storeError { try storeRun(config: rekeyed, inputs: [("/people", #"[{"id": 5, "name": "Eve"}]"#)], store: store) }
        XCTAssertTrue(message.contains("the store keys Person by (id) and the config by (name)"), message)
        XCTAssertEqual(try dumpLines(store), before)
    }

    func testATypeChangeIsRefused() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1, "name": "Ann"}]"#)], store: store)
        let retyped = Self.v1.replacingOccurrences(of: #""id": "integer""#, with: #""id": "string""#)
        let message = storeError { try storeRun(config: retyped, inputs: [("/people", #"[{"id": "9"}]"#)], store: store) }
        XCTAssertTrue(message.contains("Person.id as 'integer64' and the config types it 'string'"), message)
        XCTAssertEqual(try dumpLines(store).count, 1)
    }

    func testFilesThatAreNotRestmapStoresAreRefusedUnchanged() throws {
        let directory = try scratchDirectory()
        let text = directory.appendingPathComponent("notes.txt").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        XCTAssertTrue(storeError { try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1}]"#)], store: text) }.contains("is not a restmap store"))
        XCTAssertEqual(try String(contentsOfFile: text, encoding: .utf8), "hello")

        let foreign = directory.appendingPathComponent("foreign.db").path
        _ = try sqlite(foreign, "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        XCTAssertTrue(storeError { try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1}]"#)], store: foreign) }.contains("not a restmap store"))
        XCTAssertEqual(try sqlite(foreign, "PRAGMA journal_mode; SELECT count(*) FROM sqlite_schema"), "delete\n1")

        XCTAssertTrue(storeError { try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1}]"#)], store: directory.path) }.contains("is a directory"))
    }

    /// A one-person store damaged by `sql`: what `dump` and then a second `map` say. Neither
    /// may write anything: `dump` prints nothing, and the store's file stays as it was.
    private func refusals(afterDamaging sql: String, file: StaticString = #filePath, line: UInt = #line) throws -> (dump: String, map: String) {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1, "name": "Ann"}]"#)], store: store)
        _ = try sqlite(store, sql)
        let sink = MemorySink()
        let dump = storeError { try ObjectStore.dump(path: store, entity: nil, format: .json, compact: true, to: sink) }
        XCTAssertEqual(sink.text, "", file: file, line: line)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let map = storeError { try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 2, "name": "Bo"}]"#)], store: store) }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), before, "the refused run changed the store", file: file, line: line)
        return (dump, map)
    }

    func testAStoreWhoseTablesNoLongerMatchItsCatalogIsAnErrorWithNoOutput() throws {
        let (dump, map) = try refusals(afterDamaging: "ALTER TABLE Person DROP COLUMN name")
        // A quoted identifier naming no column is an error, never the string "name".
        XCTAssertTrue(dump.contains("no such column: name"), dump)
        XCTAssertTrue(map.contains("does not match its tables") && map.contains("no such column: name"), map)
    }

    /// Found by fuzz-store: a table whose row-id column lost its `PRIMARY KEY` takes a run's
    /// rows without ids, which `dump` then leaves out. Such a store is refused by both.
    func testAStoreWhoseRowIDColumnIsNoLongerTheKeyIsRefused() throws {
        let keyless = "CREATE TABLE P2 AS SELECT * FROM Person; DROP TABLE Person; ALTER TABLE P2 RENAME TO Person"
        // `INTEGER PRIMARY KEY DESC` is a key, but not SQLite's rowid: its rows get no ids either.
        let descending = #"""
            CREATE TABLE P2 ("_rowid" INTEGER PRIMARY KEY DESC, "id" INTEGER, "name");
            INSERT INTO P2 SELECT * FROM Person; DROP TABLE Person; ALTER TABLE P2 RENAME TO Person
            """#
        for sql in [keyless, descending] {
            let (dump, map) = try refusals(afterDamaging: sql)
            XCTAssertTrue(dump.contains("Person: its _rowid column is not the table's integer primary key"), dump)
            XCTAssertTrue(map.contains("the store is damaged and restmap will not use it"), map)
        }
    }

    /// Found by fuzz-store: SQLite only notices a damaged page when it reads it, so a run
    /// could write over damage that `dump` then refuses. A damaged store is refused first.
    func testADamagedStoreIsRefusedBeforeAnyWriteAndLeftAsItWas() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        let many = "[" + (1...400).map { #"{"id": \#($0), "name": "person \#($0) with a long enough name"}"# }.joined(separator: ",") + "]"
        try storeRun(config: Self.v1, inputs: [("/people", many)], store: store)
        _ = try sqlite(store, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: store)))
        let pageSize = 4096
        XCTAssertGreaterThan(bytes.count, 3 * pageSize, "the store spans several pages")
        // Garble the header of a page in the middle of the file: one of Person's b-tree pages.
        let page = bytes.count / pageSize / 2
        for offset in (page * pageSize)..<(page * pageSize + 12) { bytes[offset] = 0xA5 }
        try Data(bytes).write(to: URL(fileURLWithPath: store))
        let message = storeError { try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1000}]"#)], store: store) }
        XCTAssertTrue(message.contains("is damaged"), message)
        // SQLite's report spans lines; restmap prints one error line and the problems as notes.
        let lines = message.split(separator: "\n")
        XCTAssertTrue(lines[0].hasSuffix("is damaged; restmap will not write to it"), message)
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.contains(": note: ") } && lines.count > 1, message)
        XCTAssertFalse(message.contains("*** in database"), message)
        XCTAssertTrue(try [UInt8](Data(contentsOf: URL(fileURLWithPath: store))) == bytes, "a damaged store is never written")
    }

    /// Fuzz/regressions/store/index-out-of-step-with-table.sqlite: a primary-key index whose
    /// entries no longer match its table passes `quick_check`, and an upsert that found its key
    /// through the stale entry updated the wrong row. Here the schema is made to say the
    /// index covers `name` while its b-tree still holds the ids.
    func testAStoreWhoseIndexDisagreesWithItsTableIsRefusedUnchanged() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bo"}]"#)], store: store)
        _ = try sqlite(store, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
        _ = try sqlite(store, #"PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = 'CREATE UNIQUE INDEX "Person_primary_key" ON "Person" ("name")' WHERE name = 'Person_primary_key'"#)
        XCTAssertEqual(try sqlite(store, "PRAGMA quick_check"), "ok", "the damage quick_check does not see")
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let message = storeError { try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1, "name": "Cy"}]"#)], store: store) }
        XCTAssertTrue(message.contains("is damaged"), message)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), before, "a damaged store is never written")
    }

    func testAStoreFromANewerRestmapIsRefused() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 1, "name": "Ann"}]"#)], store: store)
        _ = try sqlite(store, "PRAGMA user_version = 7")
        let message = storeError { try storeRun(config: Self.v1, inputs: [("/people", #"[{"id": 2}]"#)], store: store) }
        XCTAssertTrue(message.contains("written by a newer restmap (store format 7"), message)
        XCTAssertTrue(storeError { _ = try dumpLines(store) }.contains("newer restmap"))
        XCTAssertEqual(try sqlite(store, "SELECT count(*) FROM Person"), "1")
    }
}
