internal import CLibPQ
import RestmapEngine
@testable import RestmapStore
import XCTest

/// libpq is loaded when a PostgreSQL store is first opened, not linked: a machine without it
/// runs every other command, and `--store postgresql://` says what is missing.
final class LibPQLoadingTests: XCTestCase {
    func testAMissingLibraryIsAUsageErrorNamingItAndHowToInstallIt() {
        guard case .failure(let error) = LibPQ.load(from: ["libpq-that-is-not-here.so.5"]) else {
            return XCTFail("a library that does not exist loaded")
        }
        XCTAssertEqual(error.exitCode, 2)
        let diagnostic = try? XCTUnwrap(error.diagnostics.first)
        XCTAssertEqual(diagnostic?.code, .storeUnusable)
        XCTAssertTrue(diagnostic?.message.contains("needs libpq (libpq-that-is-not-here.so.5)") ?? false, diagnostic?.message ?? "")
        XCTAssertTrue(diagnostic?.message.contains("apt-get install libpq5") ?? false)
    }

    func testALibraryWithoutLibpqsFunctionsIsRefusedByName() {
        // libc loads but has none of libpq's functions.
        guard case .failure(let error) = LibPQ.load(from: ["libc.so.6"]) else {
            return XCTFail("libc passed for libpq")
        }
        XCTAssertTrue(error.diagnostics.first?.message.contains("lacks PQconnectdb") ?? false)
    }

    func testTheInstalledLibraryProvidesEveryFunctionTheStoreCalls() throws {
        let library = try LibPQ.load(from: LibPQ.libraryNames).get()
        // libpq documents a null connection as bad, and a null result as a fatal error.
        XCTAssertEqual(library.status(nil), CONNECTION_BAD)
        XCTAssertEqual(library.resultStatus(nil), PGRES_FATAL_ERROR)
    }
}
