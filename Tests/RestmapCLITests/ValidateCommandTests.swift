import Foundation
import RestmapTestSupport
import XCTest

/// `restmap validate` run as CI runs it: the built binary, its exit codes, its streams.
final class ValidateCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write("config.json", """
            {
              "entity_attribute_mappings": { "Item": { "id": "itemID", "size": "size", "weight": "weight" } },
              "primary_key_mappings": { "Item": ["itemID"] },
              "entity_attribute_types": { "Item": { "size": "integer" } },
              "path_mappings": [
                { "uri": "/items", "key_path": "items", "matchers": [ { "key_path": "type", "expected_value": "item", "entity_name": "Item" } ] },
                { "uri": "/items/:id", "matchers": [ { "entity_name": "Item" } ] }
              ]
            }
            """)
        try write("clean.json", #"{"items": [{"type": "item", "id": 1, "size": 2, "weight": 3}]}"#)
        try write("warning.json", #"{"items": [{"type": "item", "id": 1, "size": 2, "weight": 3}, {"type": "box"}]}"#)
        try write("error.json", #"{"items": [{"type": "item", "id": 1, "size": "big"}]}"#)
        try write("item.json", #"{"type": "item", "id": 1, "size": 2}"#)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func run(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
        try RestmapBinary.run(["validate", "-c", "config.json"] + arguments, stdin: stdin.map { Data($0.utf8) }, in: directory)
    }

    private func lastLine(_ text: String) -> String {
        String(text.split(separator: "\n").last ?? "")
    }

    // MARK: - The repository's own samples

    /// `make test` keeps the shipped samples and the employees config in step.
    func testSamplesManifestValidatesAgainstTheEmployeesConfig() throws {
        let result = try RestmapBinary.run(["validate", "-c", "Configs/employees.plist", "--manifest", "Samples/manifest.json"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            result.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") },
            [
                "PASS Samples/employees/departments.json (/departments)",
                "PASS Samples/employees/employees.json (/employees): 1 warning, 1 note",
                "PASS Samples/employees/employee-1234.json (/employees/1234): 1 warning, 2 notes",
                "PASS Samples/employees/departments.xml (/departments.xml)",
                "PASS Samples/employees/employees.xml (/employees.xml): 2 warnings, 2 notes",
                "PASS Samples/validation/employees-pages.ndjson (/employees): 2 notes",
                "PASS Samples/validation/employee-not-found.json (/employees/9999, status 404)",
                "PASS Samples/validation/employee-without-id.json (/employees/77, expect error): failed as expected (1 error), 2 notes",
                "PASS Samples/validation/employees-truncated.json (/employees, expect error): failed as expected (1 error)",
            ])
        XCTAssertTrue(
            result.stdout.contains(
                "\ncoverage 100.0% (19 of 19 config entries exercised: attribute mappings 7/7, relationships 2/2, matchers 5/5, path mappings 5/5)\n"))
        XCTAssertEqual(
            lastLine(result.stdout),
            "validate: 9 samples, 9 passed, 0 failed; 0 errors, 4 warnings, 11 notes; coverage 100.0% — ok")
    }

    // MARK: - Exit codes

    func testCleanSamplesExitZero() throws {
        let result = try run(["/items=clean.json"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stdout,
            """
            PASS clean.json (/items)

            coverage 71.4% (5 of 7 config entries exercised: attribute mappings 3/3, relationships 0/0, matchers 1/2, path mappings 1/2)
            never exercised:
              config.json:7: path_mappings.1.matchers.0 (fallback → Item)
              config.json:7: path_mappings.1 ('/items/:id' at the root)

            validate: 1 sample, 1 passed, 0 failed; 0 errors, 0 warnings, 0 notes; coverage 71.4% — ok

            """)
        XCTAssertEqual(result.stderr, "")
    }

    func testWarningsPassUnlessStrict() throws {
        let lenient = try run(["--path", "/items", "warning.json"])
        XCTAssertEqual(lenient.status, 0)
        XCTAssertTrue(
            lenient.stdout.contains(
                #"warning.json:1:63: warning: no matcher of path_mappings.0 ('/items') takes this object: type is "box", expected "item""#),
            lenient.stdout)
        let strict = try run(["--strict", "--path", "/items", "warning.json"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stdout.hasPrefix("FAIL warning.json (/items): 1 warning\n"), strict.stdout)
    }

    func testErrorsExitOne() throws {
        let result = try run(["/items=clean.json", "/items=error.json"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stdout.contains(
                """
                FAIL error.json (/items): 1 error
                error.json:1:46: error: Item/1: size not set: cannot convert "big" to integer: not a number
                config.json:2: note: config: entity_attribute_mappings.Item.size
                """), result.stdout)
        XCTAssertEqual(lastLine(result.stdout), "validate: 2 samples, 1 passed, 1 failed; 1 error, 0 warnings, 0 notes; coverage 71.4% — FAILED")
    }

    func testMinimumCoverage() throws {
        let below = try run(["--min-coverage", "71.5", "/items=clean.json"])
        XCTAssertEqual(below.status, 1)
        XCTAssertTrue(below.stdout.contains("\nerror: coverage 71.4% (5 of 7) is below --min-coverage 71.5%\n"), below.stdout)
        XCTAssertEqual(try run(["--min-coverage", "71%", "/items=clean.json"]).status, 0)
        XCTAssertEqual(try run(["--min-coverage", "100", "/items=clean.json", "/items/1=item.json"]).status, 0)
        for bad in ["101", "-1", "most"] {
            let result = try run(["--min-coverage=\(bad)", "/items=clean.json"])
            XCTAssertEqual(result.status, 2, bad)
            XCTAssertTrue(result.stderr.contains("--min-coverage must be a percentage from 0 to 100"), result.stderr)
        }
    }

    // MARK: - Usage and config errors exit 2

    func testBadManifestExitsTwoWithLocatedErrors() throws {
        try write("manifest.json", """
            [
              { "file": "clean.json", "path": "/items" },
              { "file": "gone.json", "path": "/items", "expect": "failure" }
            ]
            """)
        let result = try run(["--manifest", "manifest.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            manifest.json:3:13: error: manifest entry 1: sample file 'gone.json' cannot be read (looked for 'gone.json')
            manifest.json:3:54: error: manifest entry 1.expect must be 'ok' or 'error'

            """)
    }

    /// A NUL in a manifest's file name is said as such, escaped, never printed raw.
    func testAManifestFileNameHoldingNULIsRefusedWithoutARawNUL() throws {
        try write("manifest.json", #"[{"file": "clean\u0000.json", "path": "/items"}]"#)
        let result = try run(["--manifest", "manifest.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "manifest.json:1:11: error: manifest entry 0.file holds the NUL character, which no file name can hold\n")
        XCTAssertFalse(result.stderr.utf8.contains(0))
    }

    func testPlistManifestAndNegativeSamples() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("samples"), withIntermediateDirectories: true)
        try write("samples/error.json", #"{"items": [{"type": "item", "id": 1, "size": "big"}]}"#)
        try write("samples/manifest.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array>
              <dict><key>file</key><string>error.json</string><key>path</key><string>/items</string>
                <key>expect</key><string>error</string></dict>
            </array>
            </plist>
            """)
        let result = try run(["--manifest", "samples/manifest.plist"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix(
                """
                PASS samples/error.json (/items, expect error): failed as expected (1 error)
                samples/error.json:1:46: note: expected error: Item/1: size not set: cannot convert "big" to integer: not a number
                """), result.stdout)
    }

    func testConfigErrorsExitTwo() throws {
        try write("broken.json", #"{"path_mappings": [{"uri": "/x", "matchers": [{"entity_name": "Nope"}]}]}"#)
        let result = try RestmapBinary.run(["validate", "-c", "broken.json", "/x=clean.json"], in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("error:"), result.stderr)
    }

    func testMissingSampleOrPathExitsTwo() throws {
        let missing = try run(["/items=nowhere.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: cannot open 'nowhere.json': No such file or directory\n")
        let pathless = try run(["clean.json"])
        XCTAssertEqual(pathless.status, 2)
        XCTAssertEqual(
            pathless.stderr,
            "clean.json: error: sample 'clean.json' has no request path and the config has 2 path mappings ('/items', '/items/:id'); give it a 'path' (URI=FILE) or pass --path URI; restmap init --manifest-out FILE writes a manifest with the paths init gave\n")
        XCTAssertEqual(try run(["--report", "xml", "/items=clean.json"]).status, 2)
    }

    // MARK: - Reports

    func testJUnitReportIsWrittenEvenWhenTheRunFails() throws {
        let result = try run(["--report", "junit", "-o", "report.xml", "/items=clean.json", "/items=error.json"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "validate: 2 samples, 1 passed, 1 failed; 1 error, 0 warnings, 0 notes; coverage 71.4% — FAILED\n")
        let xml = try String(contentsOf: directory.appendingPathComponent("report.xml"), encoding: .utf8)
        XCTAssertTrue(xml.contains(#"<testsuites name="restmap validate" tests="2" failures="1" errors="0">"#), xml)
        XCTAssertTrue(
            xml.contains(
                #"<failure message="1 error: Item/1: size not set: cannot convert &quot;big&quot; to integer: not a number" type="RM4003">"#),
            xml)
        let quiet = try run(["--report", "json", "-q", "/items=clean.json"])
        XCTAssertEqual(quiet.stderr, "")
        XCTAssertTrue(quiet.stdout.hasPrefix("{\n  \"version\": 1,\n"))
    }

    func testGitHubAnnotationsFromStandardInput() throws {
        let result = try run(["--report", "github", "--path", "/items", "-"], stdin: #"{"items": [{"type": "item", "id": "x", "size": "big"}]}"#)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            result.stdout.split(separator: "\n").prefix(2).joined(separator: "\n"),
            """
            FAIL <stdin> (/items): 1 error
            ::error file=<stdin>,line=1,col=48,title=RM4003::Item/x: size not set: cannot convert "big" to integer: not a number%0Aconfig: entity_attribute_mappings.Item.size (config.json:2)
            """)
        XCTAssertTrue(lastLine(result.stdout).hasPrefix("validate: 1 sample, 0 passed, 1 failed;"))
    }
}
