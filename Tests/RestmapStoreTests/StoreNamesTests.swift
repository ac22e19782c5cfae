import XCTest
import RestmapEngine
@testable import RestmapStore

/// Names a store engine would take for one, or refuses, are found from the config alone,
/// before any store is touched.
final class StoreNamesTests: XCTestCase {
    func findings(_ config: String) throws -> [String] {
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "c.json")
        return StoreNames.findings(definitions, severity: .error).map(\.message)
    }

    func testNamesThatDifferOnlyInCaseCollide() throws {
        let found = try findings(#"{"entity_attribute_mappings": {"E": {"name": "name", "Name": "Name"}, "e": {"id": "id"}}}"#)
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(found.contains { $0.contains("entity 'e' and entity 'E' would be one table") }, "\(found)")
        XCTAssertTrue(found.contains { $0.contains("'Name' and 'name' of 'E' would be one column") }, "\(found)")
    }

    func testPostgreSQLKeepsSixtyThreeBytes() throws {
        let long = String(repeating: "E", count: 63)
        // The table and its primary-key index truncate to one name.
        let found = try findings(#"{"entity_attribute_mappings": {"\#(long)": {"id": "id"}}, "primary_key_mappings": {"\#(long)": ["id"]}}"#)
        XCTAssertEqual(found.count, 1, "\(found)")
        let sharedPrefix = try findings(#"{"entity_attribute_mappings": {"\#(long)A": {"x": "x"}, "\#(long)B": {"x": "x"}}}"#)
        XCTAssertEqual(sharedPrefix.count, 1, "\(sharedPrefix)")
    }

    func testReservedNamesIndexNamesNULsAndTooManyColumns() throws {
        XCTAssertEqual(try findings(#"{"entity_attribute_mappings": {"pg_class": {"id": "id"}, "sqlite_x": {"id": "id"}}}"#).count, 2)
        let index = try findings(#"{"entity_attribute_mappings": {"A": {"id": "id"}, "A_primary_key": {"id": "id"}}, "primary_key_mappings": {"A": ["id"]}}"#)
        XCTAssertTrue(index.contains { $0.contains("the primary-key index of 'A'") }, "\(index)")
        XCTAssertEqual(try findings(#"{"entity_attribute_mappings": {"A": {"a": "x\u0000y"}}}"#).count, 1)
        let attributes = (0...1_600).map { "\"k\($0)\": \"k\($0)\"" }.joined(separator: ", ")
        XCTAssertTrue(try findings(#"{"entity_attribute_mappings": {"Wide": {\#(attributes)}}}"#).contains { $0.contains("PostgreSQL allows 1600") })
    }

    func testTheExampleConfigsHaveNoFindings() throws {
        for name in ["employees.plist", "blog.plist", "gists.plist", "articles.plist"] {
            let log = DiagnosticLog()
            let definitions = try ConfigPipeline(log: log).requireDefinitions(configAt: "Configs/" + name, modelAt: nil)
            XCTAssertEqual(StoreNames.findings(definitions, severity: .error).map(\.message), [], name)
        }
    }
}
