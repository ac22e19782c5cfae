import Foundation

/// A throwaway PostgreSQL server for the store tests: `initdb` into a temporary directory,
/// `pg_ctl start` listening on a Unix socket in that directory only (no TCP), stopped and
/// removed by `stop()`. As root the server runs as the `postgres` user (PostgreSQL refuses
/// root). The binaries are PostgreSQL 15's (`make deps` installs apt `postgresql`); a server
/// that cannot start is an error with its reason, never a skipped test.
public final class PostgreSQLTestServer {
    static let binaries = ProcessInfo.processInfo.environment["RESTMAP_PG_BIN"] ?? "/usr/lib/postgresql/15/bin"

    public let directory: URL
    private var running = false
    private var databaseCount = 0

    /// Starts a server; throws with initdb's or pg_ctl's output when it cannot.
    public init() throws {
        directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("restmap-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            guard FileManager.default.isExecutableFile(atPath: Self.binaries + "/initdb") else {
                throw ServerError(message: "no PostgreSQL server binaries in \(Self.binaries) (run `make deps`, which installs apt postgresql)")
            }
            if getuid() == 0 { try Self.shell(["/usr/bin/env", "chown", "postgres:postgres", directory.path], asServer: false) }
            try Self.shell([Self.binaries + "/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"], asServer: true)
            let options = "-c listen_addresses='' -k \(directory.path) -c fsync=off -c max_connections=50"
            try Self.shell([Self.binaries + "/pg_ctl", "-D", data, "-l", directory.path + "/server.log", "-w", "-t", "60", "-o", options, "start"], asServer: true)
            running = true
        } catch let error as ServerError {
            let log = (try? String(contentsOfFile: directory.path + "/server.log", encoding: .utf8)) ?? ""
            stop()
            throw ServerError(message: "the test PostgreSQL server could not start: \(error.message)\n\(log)")
        }
    }

    private var data: String { directory.path + "/data" }

    /// A libpq URI of database `name` on this server's socket.
    public func url(_ name: String) -> String {
        "postgresql://postgres@/\(name)?host=\(directory.path)"
    }

    /// Creates a fresh database (optionally a copy of `template`) and returns its URI.
    public func createDatabase(from template: String? = nil) throws -> String {
        databaseCount += 1
        let name = "restmap_\(databaseCount)"
        try psql("CREATE DATABASE \(name)" + (template.map { " TEMPLATE \($0)" } ?? ""))
        return url(name)
    }

    /// The database name of a URI made by `createDatabase`.
    public static func name(of url: String) -> String {
        String(url.split(separator: "/")[2].split(separator: "?")[0])
    }

    public func psql(_ sql: String, database: String = "postgres") throws {
        try Self.shell(["/usr/bin/env", "psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url(database), "-c", sql], asServer: false)
    }

    /// The rows `sql` returns in `database`, unaligned (`psql -tA`), trimmed.
    public func query(_ sql: String, database: String) throws -> String {
        try Self.shell(["/usr/bin/env", "psql", "-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1", url(database), "-c", sql], asServer: false)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the server (fast shutdown) and removes its directory.
    public func stop() {
        if running {
            _ = try? Self.shell([Self.binaries + "/pg_ctl", "-D", data, "-m", "fast", "-w", "stop"], asServer: true)
            running = false
        }
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }

    public struct ServerError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }

        public init(message: String) { self.message = message }
    }

    /// Runs a command (as the `postgres` user when root and `asServer`); throws its output on
    /// failure. Through system(3), not Foundation's Process: the server pg_ctl leaves running
    /// would inherit Process's termination-notification descriptor and make it wait forever.
    @discardableResult
    static func shell(_ arguments: [String], asServer: Bool) throws -> String {
        let command = asServer && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments : arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-pg-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let line = command.map(quote).joined(separator: " ") + " </dev/null >" + quote(output.path) + " 2>&1"
        let status = system(line)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw ServerError(message: "\(command.joined(separator: " ")) failed (status \(status)): \(text)")
        }
        return text
    }

    private static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
