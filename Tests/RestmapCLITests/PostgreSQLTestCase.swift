import Foundation
import RestmapTestSupport
import XCTest

/// A test class with its own throwaway PostgreSQL server (PostgreSQLServerTestCase) and the
/// command-line helpers the PostgreSQL tests share.
class PostgreSQLTestCase: PostgreSQLServerTestCase {
    /// `restmap dump URL --format ndjson`.
    func dump(_ url: String) throws -> String {
        let result = try RestmapBinary.run(["dump", "--store", url, "--format", "ndjson"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-pg-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
