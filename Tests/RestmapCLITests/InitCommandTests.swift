import Foundation
import RestmapTestSupport
import XCTest

/// `restmap init` writes a config that `check` finds clean and that covers the samples it
/// came from completely; `validate --suggest` prints entries for what a config misses.
final class InitCommandTests: XCTestCase {
    func testStarterConfigIsCleanAndCoversItsSamples() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let config = scratch.appendingPathComponent("starter.plist").path
        let samples = ["/employees=Samples/employees/employees.json", "/departments=Samples/employees/departments.json",
                       "/gists=Samples/gists/gists.json"]
        let made = try RestmapBinary.run(["init", "-o", config] + samples)
        XCTAssertEqual(made.status, 0, made.stderr)

        let check = try RestmapBinary.run(["check", "-c", config])
        XCTAssertEqual(check.status, 0)
        XCTAssertTrue(check.stderr.hasSuffix("0 errors, 0 warnings — ok\n"), check.stderr)

        let validate = try RestmapBinary.run(["validate", "-c", config] + samples)
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("coverage 100.0%"), validate.stdout)
    }

    func testMalformedSampleIsADataError() throws {
        let result = try RestmapBinary.run(["init", "/x=Samples/hostile/truncated.json"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("Samples/hostile/truncated.json:"), "located: \(result.stderr)")
        XCTAssertEqual(result.stdout, "", "no partial config")
    }

    func testSuggestPrintsTheEntriesForUnreadKeys() throws {
        let payload = #"{"employees_list": [{"type": "employee", "id": 1, "name": "A", "hired_on": "2020-05-01"}]}"#
        let result = try RestmapBinary.run(
            ["validate", "-c", "Configs/employees.plist", "--suggest", "--path", "/employees", "-"], stdin: Data(payload.utf8))
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("<!-- Employee: hired_on never read (first at <stdin>:1:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("<key>hired_on</key>\n\t\t<string>hiredOn</string>"), result.stdout)
    }
    func testSamplesWithoutAnObjectAreADataErrorNotABrokenConfig() throws {
        for payload in ["", "[]", "42", "[1, 2]"] {
            let result = try RestmapBinary.run(["init", "--path", "/items", "-"], stdin: Data(payload.utf8))
            XCTAssertEqual(result.status, 1, "payload \(payload.debugDescription): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("no object to sketch an entity from"), result.stderr)
            XCTAssertEqual(result.stdout, "", "no config that check would refuse")
        }
    }

    func testASampleWithoutAnObjectGetsANoteAndNoPathMapping() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let empty = scratch.appendingPathComponent("empty.json")
        try Data("[]".utf8).write(to: empty)
        let config = scratch.appendingPathComponent("starter.plist").path
        let made = try RestmapBinary.run(["init", "-o", config, "/employees=Samples/employees/employees.json", "/none=\(empty.path)"])
        XCTAssertEqual(made.status, 0, made.stderr)
        let text = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertTrue(text.contains("<!-- no path mapping for /none: its sample holds no object -->"), text)
        XCTAssertFalse(text.contains("<string>/none</string>"), text)
        let check = try RestmapBinary.run(["check", "-c", config])
        XCTAssertEqual(check.status, 0, check.stderr)
    }
}
