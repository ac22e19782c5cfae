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

    /// `init --openapi`: the config from the API's description is clean, and maps a payload
    /// of that API; samples and a document together are a usage error.
    func testAConfigFromAnOpenAPIDocumentIsCleanAndMapsItsPayloads() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let config = scratch.appendingPathComponent("shelter.plist").path
        let made = try RestmapBinary.run(["init", "--openapi", "Samples/openapi/shelter.yaml", "-o", config])
        XCTAssertEqual(made.status, 0, made.stderr)
        let check = try RestmapBinary.run(["check", "-c", config])
        XCTAssertEqual(check.stderr, "\(config): 0 errors, 0 warnings — ok\n")
        let mapped = try RestmapBinary.run(["map", "--compact", "-c", config, "/pets=Samples/openapi/pets.json"])
        XCTAssertEqual(mapped.status, 0, mapped.stderr)
        XCTAssertTrue(mapped.stdout.hasPrefix(#"[{"_entity":"Pet","name":"Rex","id":7,"bornAt":"2021-03-04T10:00:00Z""#), mapped.stdout)

        let both = try RestmapBinary.run(["init", "--openapi", "Samples/openapi/shelter.yaml", "Samples/openapi/pets.json"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("give sample payloads or --openapi, not both"), both.stderr)
        let notADocument = try RestmapBinary.run(["init", "--openapi", "Samples/openapi/pets.json"])
        XCTAssertEqual(notADocument.status, 2)
        XCTAssertEqual(notADocument.stderr, "Samples/openapi/pets.json:1:1: error: the document has no 'openapi' field: it is not an OpenAPI 3 document\n")
        XCTAssertEqual(notADocument.stdout, "")
    }

    /// A path whose parameter is followed by text: the written pattern names the same
    /// parameter, so the config maps a request to that path and `check` finds it covered;
    /// what no pattern can spell is named in the config's comments.
    func testDocumentPathsWithTextAfterAParameterBecomePatternsThatMatchThem() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let document = scratch.appendingPathComponent("files.yaml").path
        try """
            openapi: 3.1.0
            paths:
              /files/{id}.json:
                get: {responses: {'200': {content: {application/json: {schema: {$ref: '#/components/schemas/File'}}}}}}
              /versions/{major}{minor}:
                get: {responses: {'200': {content: {application/json: {schema: {$ref: '#/components/schemas/File'}}}}}}
            components:
              schemas:
                File: {type: object, required: [id], properties: {id: {type: integer}, name: {type: string}}}
            """.write(toFile: document, atomically: true, encoding: .utf8)
        let payload = scratch.appendingPathComponent("file.json").path
        try #"{"id": 7, "name": "notes.txt"}"#.write(toFile: payload, atomically: true, encoding: .utf8)
        let config = scratch.appendingPathComponent("files.plist").path
        let made = try RestmapBinary.run(["init", "--openapi", document, "-o", config])
        XCTAssertEqual(made.status, 0, made.stderr)
        let text = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertTrue(text.contains(#"<string>/files/:id\.json</string>"#), text)
        XCTAssertTrue(text.contains("/versions/{major}{minor}: {major} runs into what follows it in the pattern /versions/:major:minor; edit the path mapping by hand"), text)
        let mapped = try RestmapBinary.run(["map", "--compact", "-c", config, "/files/7.json=\(payload)"])
        XCTAssertEqual(mapped.status, 0, mapped.stderr)
        XCTAssertEqual(mapped.stdout, #"[{"_entity":"File","id":7,"name":"notes.txt"}]"# + "\n")

        // check --openapi reads the document's segment as it reads the pattern: the text after
        // `{id}` must be there, so `/files/mine` covers no path and leaves `{id}.json` unmapped.
        let covering = try RestmapBinary.run(["check", "-c", config, "--openapi", document])
        XCTAssertFalse(covering.stderr.contains("/files/{id}.json has a JSON response that no path mapping"), covering.stderr)
        let mine = scratch.appendingPathComponent("mine.json").path
        try #"{"entity_attribute_mappings": {"File": {"id": "id"}}, "path_mappings": [{"uri": "/files/mine", "matchers": [{"entity_name": "File"}]}]}"#
            .write(toFile: mine, atomically: true, encoding: .utf8)
        let literal = try RestmapBinary.run(["check", "-c", mine, "--openapi", document, "--fail-on", "warning"])
        XCTAssertEqual(literal.status, 1, literal.stderr)
        XCTAssertTrue(literal.stderr.contains("warning: path mapping '/files/mine' matches no path of the OpenAPI document"), literal.stderr)
        XCTAssertTrue(literal.stderr.contains("note: GET /files/{id}.json has a JSON response that no path mapping"), literal.stderr)
    }

    /// `init --manifest-out` lists each sample at the path `init` gave it, relative to the
    /// manifest's own directory (made when missing), so `validate --manifest` checks the same
    /// samples at the same paths: the two commands agree on file names.
    func testTheWrittenManifestValidatesTheSamplesInitReadAtTheirPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-init-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("samples"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"[{"id": 1, "title": "Crash", "user": {"id": 7, "login": "bo"}}]"#.utf8).write(to: folder.appendingPathComponent("samples/issues.json"))
        try Data(#"[{"id": 7, "login": "bo"}]"#.utf8).write(to: folder.appendingPathComponent("samples/users.json"))
        let made = try RestmapBinary.run(
            ["init", "samples/issues.json", "samples/users.json", "-o", "two.plist", "--manifest-out", "ci/manifest.json"], in: folder)
        XCTAssertEqual(made.status, 0, made.stderr)
        let manifest = try String(contentsOf: folder.appendingPathComponent("ci/manifest.json"), encoding: .utf8)
        let entries = try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [[String: String]]
        XCTAssertEqual(entries?.first, ["file": "../samples/issues.json", "path": "/issues"], manifest)
        let validated = try RestmapBinary.run(["validate", "-c", "two.plist", "--manifest", "ci/manifest.json"], in: folder)
        XCTAssertEqual(validated.status, 0, validated.stderr + validated.stdout)
        XCTAssertTrue(validated.stdout.contains("(/issues)") && validated.stdout.contains("(/users)"), validated.stdout)
        let fromStandardInput = try RestmapBinary.run(["init", "-", "--manifest-out", "m.json"], stdin: Data("[]".utf8), in: folder)
        XCTAssertEqual(fromStandardInput.status, 2, fromStandardInput.stderr)
    }

    /// An issue's `user` and `assignee` objects and the objects of `/users` carry the same
    /// keys: they are one entity, `User`, named after the path that maps it, with a comment
    /// saying so; objects of another shape stay apart.
    func testObjectsOfTheSameShapeAreOneEntity() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-init-shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"[{"id": 1, "title": "Crash", "user": {"id": 7, "login": "bo"}, "assignee": {"id": 8, "login": "cy"}, "milestone": {"id": 3, "due": "2026-12-01"}}]"#.utf8)
            .write(to: folder.appendingPathComponent("issues.json"))
        try Data(#"[{"id": 7, "login": "bo"}]"#.utf8).write(to: folder.appendingPathComponent("users.json"))
        let made = try RestmapBinary.run(["init", "issues.json", "users.json", "-o", "api.plist"], in: folder)
        XCTAssertEqual(made.status, 0, made.stderr)
        let config = try String(contentsOf: folder.appendingPathComponent("api.plist"), encoding: .utf8)
        XCTAssertFalse(config.contains("<key>Assignee</key>"), config)
        XCTAssertTrue(config.contains("<key>Milestone</key>"), "another shape stays its own entity")
        XCTAssertTrue(config.contains("<!-- Assignee objects have the keys of User objects: they are mapped as User -->"), config)
        XCTAssertEqual(try RestmapBinary.run(["check", "-q", "-c", "api.plist"], in: folder).status, 0)
        let records = try RestmapBinary.run(
            ["map", "-c", "api.plist", "--shape", "records", "--format", "ndjson", "/issues=issues.json", "/users=users.json"], in: folder)
        XCTAssertEqual(records.status, 0, records.stderr)
        XCTAssertEqual(records.stdout.split(separator: "\n").filter { $0.contains(#""_entity":"User""#) }.count, 2, "users 7 and 8, 7 once: \(records.stdout)")
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
