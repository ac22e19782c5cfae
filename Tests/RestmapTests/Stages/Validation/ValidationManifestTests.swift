import XCTest
@testable import RestmapBase
@testable import RestmapFormats
@testable import RestmapTypes
@testable import RestmapConfig
@testable import RestmapMapping
@testable import RestmapOutput
@testable import RestmapRequest
@testable import RestmapValidation
@testable import RestmapDescribe
@testable import RestmapPipeline

/// Manifests: plist or JSON arrays of {file, path, status?, expect?}; bad ones are usage
/// errors (exit 2) located at the entry or value.
final class ValidationManifestTests: XCTestCase {
    /// Every file exists except those named `missing*`.
    private var reader: ValidationManifest {
        var reader = ValidationManifest()
        reader.isReadable = { !$0.contains("missing") }
        return reader
    }

    private func parse(_ text: String, file: String = "Samples/manifest.json", log: DiagnosticLog = DiagnosticLog()) throws
        -> [ValidationSample]
    {
        try reader.parse(Array(text.utf8), file: file, log: log)
    }

    /// The rendered diagnostics of a manifest that must be refused.
    private func failure(_ text: String, file: String = "Samples/manifest.json", line: UInt = #line) -> String {
        do {
            let samples = try parse(text, file: file)
            XCTFail("accepted \(samples.map(\.name))", line: line)
            return ""
        } catch let error as RestmapError {
            XCTAssertEqual(error.exitCode, 2, line: line)
            return error.description
        } catch {
            XCTFail("\(error)", line: line)
            return ""
        }
    }

    private func summary(_ samples: [ValidationSample]) -> [String] {
        samples.map { sample in
            var text = "\(sample.name) path=\(sample.requestPath ?? "-") status=\(sample.status.map(String.init) ?? "-") expect=\(sample.expectation.rawValue)"
            if let declared = sample.declaredAt { text += " @\(declared.description)" }
            if case .file(let path) = sample.input { text += " file=\(path)" }
            return text
        }
    }

    func testJSONManifest() throws {
        let samples = try parse(
            """
            [
              { "file": "employees/employees.json", "path": "/employees" },
              { "file": "./validation/404.json", "path": "/employees/9", "status": 404 },
              { "file": "/abs/bad.json", "expect": "error" },
              { "file": "x.json", "expect": "ok" }
            ]
            """)
        XCTAssertEqual(
            summary(samples),
            [
                "Samples/employees/employees.json path=/employees status=- expect=ok @Samples/manifest.json:2:3 file=Samples/employees/employees.json",
                "Samples/validation/404.json path=/employees/9 status=404 expect=ok @Samples/manifest.json:3:3 file=Samples/validation/404.json",
                "/abs/bad.json path=- status=- expect=error @Samples/manifest.json:4:3 file=/abs/bad.json",
                "Samples/x.json path=- status=- expect=ok @Samples/manifest.json:5:3 file=Samples/x.json",
            ])
    }

    func testPlistManifestAndBareNames() throws {
        let samples = try parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array>
              <dict>
                <key>file</key><string>departments.json</string>
                <key>path</key><string>/departments</string>
                <key>status</key><integer>200</integer>
              </dict>
            </array>
            </plist>
            """, file: "manifest.plist")
        XCTAssertEqual(
            summary(samples),
            ["departments.json path=/departments status=200 expect=ok @manifest.plist:4:3 file=departments.json"])
    }

    func testUnknownKeysAreWarnings() throws {
        let log = DiagnosticLog()
        let samples = try parse(#"[{"file": "a.json", "paht": "/a"}]"#, log: log)
        XCTAssertEqual(samples.count, 1)
        XCTAssertEqual(
            log.diagnostics.map(\.description),
            ["Samples/manifest.json:1:21: warning: unknown key 'paht' in manifest entry 0; did you mean 'path'?; it is ignored"])
    }

    func testEveryProblemIsReportedAndLocated() {
        XCTAssertEqual(
            failure(
                """
                [
                  { "path": "/a" },
                  { "file": "missing.json" },
                  { "file": 3 },
                  { "file": "a.json", "path": "" },
                  { "file": "a.json", "status": "404" },
                  { "file": "a.json", "status": 700 },
                  { "file": "a.json", "expect": "erorr" },
                  { "file": "a.json", "expect": "fail" },
                  "b.json"
                ]
                """),
            """
            Samples/manifest.json:2:3: error: manifest entry 0 has no 'file' (the sample's path, relative to the manifest)
            Samples/manifest.json:3:13: error: manifest entry 1: sample file 'missing.json' cannot be read (looked for 'Samples/missing.json')
            Samples/manifest.json:4:13: error: manifest entry 2.file must be a non-empty string (the sample's path)
            Samples/manifest.json:5:31: error: manifest entry 3.path must be a non-empty string (the request path, e.g. /employees)
            Samples/manifest.json:6:33: error: manifest entry 4.status must be an HTTP status code, an integer from 100 to 599
            Samples/manifest.json:7:33: error: manifest entry 5.status must be an HTTP status code, an integer from 100 to 599
            Samples/manifest.json:8:33: error: manifest entry 6.expect must be 'ok' or 'error'; did you mean 'error'?
            Samples/manifest.json:9:33: error: manifest entry 7.expect must be 'ok' or 'error'
            Samples/manifest.json:10:3: error: manifest entry 8 must be a dictionary {file, path, status?, expect?}, found a string
            """)
    }

    func testUnusableDocuments() {
        XCTAssertEqual(
            failure(#"{"file": "a.json"}"#),
            "Samples/manifest.json:1:1: error: a manifest must be an array of {file, path, status?, expect?} entries, found a dictionary")
        XCTAssertEqual(failure("[{\"file\": \"a.json\",]"), "Samples/manifest.json:1:20: error: expected a string key after ','")
        XCTAssertEqual(failure("  \n"), "Samples/manifest.json:1:1: error: the manifest is empty")
        XCTAssertEqual(
            failure("file: a.json\n"),
            "Samples/manifest.json:1:1: error: the manifest is neither a property list (XML or binary) nor JSON")
    }

    func testEmptyManifestIsAWarning() throws {
        let log = DiagnosticLog()
        XCTAssertEqual(try parse("[]", log: log).count, 0)
        XCTAssertEqual(log.diagnostics.map(\.description), ["Samples/manifest.json:1:1: warning: the manifest lists no samples"])
    }

    func testPathsResolveAgainstTheManifestDirectory() {
        XCTAssertEqual(ValidationManifest.resolve("a.json", in: ""), "a.json")
        XCTAssertEqual(ValidationManifest.resolve("a.json", in: "."), "a.json")
        XCTAssertEqual(ValidationManifest.resolve("./a.json", in: "S"), "S/a.json")
        XCTAssertEqual(ValidationManifest.resolve("../a.json", in: "S"), "S/../a.json")
        XCTAssertEqual(ValidationManifest.resolve("/a.json", in: "S"), "/a.json")
        XCTAssertEqual(ValidationManifest.directory(of: "/m.json"), "/")
        XCTAssertEqual(ValidationManifest.directory(of: "a/b/m.json"), "a/b")
    }
}
