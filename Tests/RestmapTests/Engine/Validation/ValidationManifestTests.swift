import XCTest
@testable import RestmapEngine

/// Manifests: plist or JSON arrays of {file, path, status?, expect?}; bad ones are usage
/// errors (exit 2) located at the entry or value.
final class ValidationManifestTests: XCTestCase {
    /// Every file exists except those named `missing*`.
    private var reader: ValidationManifest {
        var reader = ValidationManifest()
        reader.isReadable = { !$0.contains("missing") }
        reader.allowedOutside = ["/abs"]
        return reader
    }

    private func parse(_ text: String, file: String = "Samples/manifest.json", log: DiagnosticLog = DiagnosticLog()) throws
        -> [ValidationSample]
    {
        try reader.parse(Array(text.utf8), file: file, log: log)
    }

    /// `CODE FILE:LINE:COL` of each diagnostic of a manifest that must be refused.
    private func failure(_ text: String, file: String = "Samples/manifest.json", line: UInt = #line) -> String {
        do {
            let samples = try parse(text, file: file)
            XCTFail("accepted \(samples.map(\.name))", line: line)
            return ""
        } catch let error as RestmapError {
            XCTAssertEqual(error.exitCode, 2, line: line)
            return error.diagnostics.map { "\($0.code) \($0.location?.description ?? "-")" }.joined(separator: "\n")
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
        XCTAssertEqual(log.diagnostics.map(\.code), [.configUnknownKey])
        XCTAssertEqual(log.diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(log.diagnostics.first?.location?.description, "Samples/manifest.json:1:21")
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
            RM5103 Samples/manifest.json:2:3
            RM5104 Samples/manifest.json:3:13
            RM5103 Samples/manifest.json:4:13
            RM5103 Samples/manifest.json:5:31
            RM5103 Samples/manifest.json:6:33
            RM5103 Samples/manifest.json:7:33
            RM5103 Samples/manifest.json:8:33
            RM5103 Samples/manifest.json:9:33
            RM5103 Samples/manifest.json:10:3
            """)
    }

    func testUnusableDocuments() {
        XCTAssertEqual(failure(#"{"file": "a.json"}"#), "RM5101 Samples/manifest.json:1:1")
        XCTAssertEqual(failure("[{\"file\": \"a.json\",]"), "RM3001 Samples/manifest.json:1:20")
        XCTAssertEqual(failure("  \n"), "RM1002 Samples/manifest.json:1:1")
        XCTAssertEqual(failure("file: a.json\n"), "RM1003 Samples/manifest.json:1:1")
    }

    func testEmptyManifestIsAWarning() throws {
        let log = DiagnosticLog()
        XCTAssertEqual(try parse("[]", log: log).count, 0)
        XCTAssertEqual(log.diagnostics.map(\.code), [.manifestEmpty])
        XCTAssertEqual(log.diagnostics.first?.location?.description, "Samples/manifest.json:1:1")
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
