import Foundation
import RestmapTestSupport
import XCTest

/// Names a store would take for one are a located config error from `map --store` before
/// the store is touched (no file made), and a `check` warning; `map` without a store maps.
final class StoreNameCheckTests: XCTestCase {
    func testCollidingNamesAreRefusedBeforeTheStoreIsTouched() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("names.json")
        try Data(#"{"entity_attribute_mappings": {"E": {"name": "name", "Name": "Name"}}, "path_mappings": [{"uri": "/e", "matchers": [{"entity_name": "E"}]}]}"#.utf8)
            .write(to: config)
        let payload = folder.appendingPathComponent("e.json")
        try Data(#"[{"name": "a", "Name": "b"}]"#.utf8).write(to: payload)
        let store = folder.appendingPathComponent("s.db")

        let stored = try RestmapBinary.run(["map", "-q", "-c", config.path, "--store", store.path, "/e=" + payload.path])
        XCTAssertEqual(stored.status, 2, stored.stderr)
        XCTAssertTrue(stored.stderr.contains("names.json:1:") && stored.stderr.contains("error: 'Name' and 'name' of 'E' would be one column"), stored.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "the store was touched")

        let checked = try RestmapBinary.run(["check", "-c", config.path])
        XCTAssertEqual(checked.status, 0, checked.stderr)
        XCTAssertTrue(checked.stderr.contains("warning: 'Name' and 'name' of 'E' would be one column"), checked.stderr)
        XCTAssertEqual(try RestmapBinary.run(["check", "--strict", "-c", config.path]).status, 1)

        XCTAssertEqual(try RestmapBinary.run(["map", "-c", config.path, "/e=" + payload.path]).status, 0)
    }
}
