import Foundation
import RestmapTestSupport
import XCTest

/// A password in a PostgreSQL connection URI (or in PGPASSWORD) appears in no message of
/// `map --store`, `dump` or `connect`, whatever the URI's shape and whatever libpq says. The
/// servers named are unreachable on loopback (port 1), so each run fails at once.
final class StoreSecretsTests: XCTestCase {
    static let locations = [
        "postgresql://loader:PSECRET1@127.0.0.1:1/db?password=QSECRET",
        "postgresql://loader:PSECRET2@[::1",
        "postgresql://loader:PSECRET9%zz@127.0.0.1:1/db",
        "postgresql://loader:PSE@CRET4@127.0.0.1:1/db",
    ]

    func testNoCommandPrintsAPassword() throws {
        for location in Self.locations {
            let runs = [
                ["map", "-q", "-c", "Configs/employees.plist", "--store", location, "/employees=Samples/employees/employees.json"],
                ["dump", "--store", location],
                ["connect", "--store", location],
            ]
            for arguments in runs {
                let result = try RestmapBinary.run(arguments, environment: ["PGPASSWORD": "ENVSECRET7", "PGCONNECT_TIMEOUT": "2"])
                XCTAssertEqual(result.status, 2, "\(arguments[0]) \(location): \(result.stderr)")
                for secret in ["PSECRET", "QSECRET", "CRET4", "ENVSECRET7"] {
                    XCTAssertFalse(result.stderr.contains(secret) || result.stdout.contains(secret), "\(arguments[0]) printed \(secret): \(result.stderr)")
                }
                // One error line; libpq's further lines ("Is the server running…?") as notes.
                let lines = result.stderr.split(separator: "\n")
                XCTAssertEqual(lines.filter { $0.contains(": error: ") }.count, 1, "one error: \(result.stderr)")
                XCTAssertTrue(lines.dropFirst().allSatisfy { $0.contains(": note: ") }, "the rest are notes: \(result.stderr)")
            }
        }
    }
}
