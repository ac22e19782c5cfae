import Foundation
import RestmapTestSupport
import XCTest

/// `validate --suggest -o FILE`: the config with the entries that would read the sample's
/// unread keys merged in — every existing line kept, comments included, the result passing
/// `check` and reading those keys.
final class SuggestMergeTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-suggest-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write("items.json", #"[{"id": 1, "size": 2, "colour": "red", "maker": {"id": 9, "name": "Acme"}}]"#)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try RestmapBinary.run(arguments, in: directory)
    }

    func testAnXMLConfigKeepsEveryLineAndGainsWhatReadsTheUnreadKeys() throws {
        let original = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<!-- Items, as the shop's API sends them -->
            \t<key>entity_attribute_mappings</key>
            \t<dict>
            \t\t<key>Item</key>
            \t\t<dict>
            \t\t\t<key>id</key>
            \t\t\t<string>itemID</string>
            \t\t\t<key>size</key>
            \t\t\t<string>size</string>
            \t\t</dict>
            \t</dict>
            \t<key>path_mappings</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>uri</key>
            \t\t\t<string>/items</string>
            \t\t\t<key>matchers</key>
            \t\t\t<array><dict><key>entity_name</key><string>Item</string></dict></array>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>

            """
        try write("api.plist", original)
        let result = try run(["validate", "-c", "api.plist", "--suggest", "-o", "merged.plist", "/items=items.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("PASS items.json"), "the report goes to standard output: \(result.stdout)")
        let merged = try read("merged.plist")
        var rest = Substring(merged)
        for line in original.split(separator: "\n") {
            guard let found = rest.range(of: line) else { return XCTFail("line lost or moved: \(line)\n\(merged)") }
            rest = rest[found.upperBound...]
        }
        XCTAssertTrue(merged.contains("\t\t\t<key>colour</key>\n\t\t\t<string>colour</string>\n"), merged)
        XCTAssertTrue(merged.contains("<key>Maker</key>"), "the nested object becomes an entity: \(merged)")
        XCTAssertEqual(try run(["check", "-q", "-c", "merged.plist"]).status, 0)
        let again = try run(["validate", "-c", "merged.plist", "/items=items.json"])
        XCTAssertFalse(again.stdout.contains("never read"), again.stdout)
        XCTAssertEqual(try read("api.plist"), original, "the config itself is left alone")
    }

    func testAJSONConfigIsWrittenAgainInItsOwnOrder() throws {
        try write("api.json", #"{"entity_attribute_mappings": {"Item": {"id": "itemID", "size": "size"}}, "path_mappings": [{"uri": "/items", "matchers": [{"entity_name": "Item"}]}]}"#)
        let result = try run(["validate", "-c", "api.json", "--suggest", "-o", "merged.json", "/items=items.json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let merged = try read("merged.json")
        let sections = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(merged.utf8)) as? [String: Any])
        XCTAssertEqual((sections["entity_attribute_mappings"] as? [String: Any])?.keys.sorted(), ["Item", "Maker"])
        XCTAssertLessThan(
            try XCTUnwrap(merged.range(of: "entity_attribute_mappings")).lowerBound, try XCTUnwrap(merged.range(of: "path_mappings")).lowerBound)
        XCTAssertEqual(try run(["check", "-q", "-c", "merged.json"]).status, 0)
    }

    func testABinaryPlistIsNotRewritten() throws {
        let binary = RestmapBinary.packageRoot.appendingPathComponent("Configs/employees-binary.bplist").path
        let sample = RestmapBinary.packageRoot.appendingPathComponent("Samples/employees/employees.json").path
        let result = try run(["validate", "-c", binary, "--suggest", "-o", "merged.plist", "/employees=" + sample])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("is a binary plist"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("merged.plist").path))
    }
}
