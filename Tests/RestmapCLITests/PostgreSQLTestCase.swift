import Foundation
import RestmapTestSupport
import XCTest

/// A test class whose tests share one throwaway PostgreSQL server (PostgreSQLTestServer),
/// started before its first test and stopped after its last; a server that cannot start
/// fails each test with the reason.
class PostgreSQLTestCase: XCTestCase {
    /// The server of each test class, by class name, or why it could not start.
    nonisolated(unsafe) private static var servers: [String: Result<PostgreSQLTestServer, Error>] = [:]

    override class func setUp() {
        servers[String(describing: self)] = Result { try PostgreSQLTestServer() }
    }

    override class func tearDown() {
        if case .success(let server)? = servers.removeValue(forKey: String(describing: self)) { server.stop() }
    }

    /// The server, or the reason it could not start (the test fails with it).
    func server() throws -> PostgreSQLTestServer {
        guard let started = Self.servers[String(describing: type(of: self))] else {
            throw PostgreSQLTestServer.ServerError(message: "the test PostgreSQL server did not start")
        }
        return try started.get()
    }

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
