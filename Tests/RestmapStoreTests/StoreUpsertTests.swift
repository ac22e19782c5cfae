import Foundation
import RestmapEngine
@testable import RestmapStore
import XCTest

/// Identity across runs: update-else-create by primary key, only carried attributes.
final class StoreUpsertTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {"Person": {"id": "id", "name": "name", "age": "age"}, "Note": {"text": "text"}},
         "primary_key_mappings": {"Person": ["id"]},
         "entity_attribute_types": {"Person": {"id": "integer", "age": "integer"}},
         "path_mappings": [{"uri": "/people", "matchers": [{"entity_name": "Person"}]},
                           {"uri": "/notes", "matchers": [{"entity_name": "Note"}]}]}
        """

    func testASecondRunUpdatesOnlyTheAttributesItsRepresentationCarried() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.config, inputs: [("/people", #"[{"id": 1, "name": "Ann", "age": 30}, {"id": 2, "name": "Bo"}]"#)], store: store)
        try storeRun(config: Self.config, inputs: [("/people", #"[{"id": 1, "name": "Anna"}, {"id": 3, "name": "Cy", "age": null}]"#)], store: store)
        XCTAssertEqual(try dumpLines(store), [
            #"{"_entity":"Person","_id":"Person/1","id":1,"name":"Anna","age":30}"#,
            #"{"_entity":"Person","_id":"Person/2","id":2,"name":"Bo","age":null}"#,
            #"{"_entity":"Person","_id":"Person/3","id":3,"name":"Cy","age":null}"#,
        ])
    }

    func testObjectsWithoutAPrimaryKeyAreInsertedEveryRun() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        for _ in 0..<2 {
            try storeRun(config: Self.config, inputs: [("/notes", #"[{"text": "a"}, {"text": "b"}]"#)], store: store)
        }
        XCTAssertEqual(try dumpLines(store).count, 4)
        XCTAssertEqual(try dumpLines(store).last, #"{"_entity":"Note","_id":"Note#4","text":"b"}"#)
    }

    func testDecimalsDatesAndUntypedValuesComeBackExactly() throws {
        let config = """
            {"entity_attribute_mappings": {"Item": {"id": "id", "price": "price", "at": "at", "raw": "raw", "flag": "flag", "big": "big"}},
             "primary_key_mappings": {"Item": ["id"]},
             "entity_attribute_types": {"Item": {"price": "decimal", "at": "date", "flag": "boolean"}},
             "path_mappings": [{"uri": "/items", "matchers": [{"entity_name": "Item"}]}]}
            """
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: config, inputs: [("/items", #"""
            [{"id": "a", "price": "12345678901234567890.10", "at": "2013-02-12T22:58:52.250Z", "raw": [1, {"x": true}], "flag": "yes", "big": 1.50},
             {"id": "b", "price": 0.1, "at": 0, "raw": 7, "flag": false, "big": 12345678901234567890}]
            """#)], store: store)
        XCTAssertEqual(try dumpLines(store), [
            #"{"_entity":"Item","_id":"Item/a","id":"a","price":12345678901234567890.10,"at":"2013-02-12T22:58:52.250Z","raw":[1,{"x":true}],"flag":true,"big":1.50}"#,
            #"{"_entity":"Item","_id":"Item/b","id":"b","price":0.1,"at":"1970-01-01T00:00:00Z","raw":7,"flag":false,"big":12345678901234567890}"#,
        ])
        // Decimals and dates are exact text in the database; untyped integers are integers.
        XCTAssertEqual(try sqlite(store, "SELECT typeof(price), price, typeof(at), typeof(raw) FROM Item WHERE id = 'b'"), "text|0.1|text|integer")
    }

    func testAFailedRunLeavesAnExistingStoreAsItWas() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.config, inputs: [("/people", #"[{"id": 1, "name": "Ann"}]"#)], store: store)
        let before = try dumpLines(store)
        // Malformed input: the run fails and stores nothing, not even the first element.
        XCTAssertEqual(try storeRun(config: Self.config, inputs: [("/people", #"[{"id": 1, "name": "Zed"}, {"id": 2,"#)], store: store), 1)
        XCTAssertEqual(try dumpLines(store), before)
    }

    func testAFailedFirstRunCreatesNoStoreFile() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        XCTAssertEqual(try storeRun(config: Self.config, inputs: [("/people", #"[]"#)], store: store), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store))
    }

    func testDumpOfOneEntityAndAnUnknownOne() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        try storeRun(config: Self.config, inputs: [("/people", #"[{"id": 1}]"#), ("/notes", #"[{"text": "n"}]"#)], store: store)
        XCTAssertEqual(try dumpLines(store, entity: "Note"), [#"{"_entity":"Note","_id":"Note#1","text":"n"}"#])
        XCTAssertTrue(storeError { _ = try dumpLines(store, entity: "Persn") }.contains("did you mean 'Person'"))
    }
}
