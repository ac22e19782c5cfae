import XCTest

/// A test class whose tests share one throwaway PostgreSQL server (PostgreSQLTestServer),
/// started before its first test and stopped after its last; a server that cannot start
/// fails each test with the reason.
open class PostgreSQLServerTestCase: XCTestCase {
    /// The server of each test class, by class name, or why it could not start.
    nonisolated(unsafe) private static var servers: [String: Result<PostgreSQLTestServer, Error>] = [:]

    override open class func setUp() {
        servers[String(describing: self)] = Result { try PostgreSQLTestServer() }
    }

    override open class func tearDown() {
        if case .success(let server)? = servers.removeValue(forKey: String(describing: self)) { server.stop() }
    }

    /// The server, or the reason it could not start (the test fails with it).
    public func server() throws -> PostgreSQLTestServer {
        guard let started = Self.servers[String(describing: type(of: self))] else {
            throw PostgreSQLTestServer.ServerError(message: "the test PostgreSQL server did not start")
        }
        return try started.get()
    }
}
