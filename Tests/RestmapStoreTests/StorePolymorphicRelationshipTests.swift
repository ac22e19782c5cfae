import Foundation
import RestmapEngine
@testable import RestmapStore
import XCTest

/// A relationship chosen by matchers (the config extension) in the store: one target is
/// stored as any relationship; several targets are refused before the store is touched,
/// since a store relationship references one table.
final class StorePolymorphicRelationshipTests: XCTestCase {
    static func config(friendMatchers: String) -> String {
        """
        {"entity_attribute_mappings": {"Boy": {"name": "name"}, "Girl": {"name": "name"}},
         "primary_key_mappings": {"Boy": ["name"], "Girl": ["name"]},
         "relationship_mappings": {"Boy": {"friends": {"key_path": "friends", "matchers": \(friendMatchers)}}},
         "path_mappings": [{"uri": "/boys", "matchers": [{"entity_name": "Boy"}]}]}
        """
    }

    static let payload = #"[{"name": "Blake", "friends": [{"name": "John", "type": "Boy"}, {"name": "Jane", "type": "Girl"}]}]"#

    func testMatchersChoosingSeveralEntitiesAreRefusedAndNoStoreIsLeft() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        let matchers = #"[{"key_path": "type", "expected_value": "Boy", "entity_name": "Boy"}, {"key_path": "type", "expected_value": "Girl", "entity_name": "Girl"}]"#
        XCTAssertThrowsError(try storeRun(config: Self.config(friendMatchers: matchers), inputs: [("/boys", Self.payload)], store: store)) {
            error in
            XCTAssertEqual((error as? RestmapError)?.diagnostics.map(\.code), [.storePolymorphicRelationship])
            XCTAssertEqual((error as? RestmapError)?.exitCode, 2)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: store), "the refused run leaves no store behind")
    }

    func testMatchersChoosingOneEntityAreStoredAsItsRelationship() throws {
        let store = try scratchDirectory().appendingPathComponent("s.db").path
        let onlyGirls = #"[{"key_path": "type", "expected_value": "Girl", "entity_name": "Girl"}]"#
        XCTAssertEqual(try storeRun(config: Self.config(friendMatchers: onlyGirls), inputs: [("/boys", Self.payload)], store: store), 0)
        XCTAssertEqual(try dumpLines(store, entity: "Boy"), [
            #"{"_entity":"Boy","_id":"Boy/Blake","name":"Blake","friends":["Girl/Jane"]}"#
        ])
    }
}
