import XCTest
@testable import RestmapStore

/// No store message prints a credential, whatever shape the connection URI has.
final class ConnectionSecretsTests: XCTestCase {
    func redacted(_ location: String, _ text: String, environment: [String: String] = [:]) -> String {
        ConnectionSecrets(location: location, environment: environment).redact(text)
    }

    func testEveryWayOfWritingAPasswordIsRedacted() {
        XCTAssertEqual(redacted("postgresql://u:PSECRET1@h/db?password=QSECRET", "u:PSECRET1 then password=QSECRET"), "u:*** then password=***")
        XCTAssertEqual(redacted("postgresql://u:PSECRET2@[::1", #"URI: "postgresql://u:PSECRET2@[::1""#), #"URI: "postgresql://u:***@[::1""#)
        XCTAssertEqual(redacted("postgresql://u:PSECRET9%zz@h/db", #"token: "PSECRET9%zz""#), #"token: "***""#)
        XCTAssertEqual(redacted("postgresql://u:PSE@CRET4@h/db", #"host name "CRET4@h""#), #"host name "***@h""#)
        XCTAssertEqual(redacted("postgresql://u:p%40ss%3Aword@h/db", "p@ss:word and p%40ss%3Aword"), "*** and ***")
        XCTAssertEqual(redacted("postgresql://u@h/db", "password ENVSECRET", environment: ["PGPASSWORD": "ENVSECRET"]), "password ***")
    }

    func testTheDisplayedLocationHasNoPassword() {
        XCTAssertEqual(PostgreSQLStore.displayName("postgresql://u:PSECRET1@h:5432/db?password=QSECRET&sslmode=disable"),
                       "postgresql://u@h:5432/db?password=***&sslmode=disable")
        XCTAssertEqual(PostgreSQLStore.displayName("postgresql://u@h/db"), "postgresql://u@h/db")
    }
}
