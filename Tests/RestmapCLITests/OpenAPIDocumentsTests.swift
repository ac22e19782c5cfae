import Foundation
import RestmapTestSupport
import XCTest

/// The three OpenAPI commands over public documents this project did not write (the shared
/// test data: the OpenAPI Initiative's petstore and USPTO examples, the Swagger Petstore 3,
/// Redocly's museum; skipped when absent): `init --openapi` writes what its golden holds,
/// `check --openapi` finds the config clean against its document and a planted drift where
/// it is, and `validate --openapi` passes every example the document has.
final class OpenAPIDocumentsTests: XCTestCase {
    static let documents = RestmapBinary.packageRoot.appendingPathComponent("../shared/testdata/openapi").standardized
    static let goldens = GoldenTests.goldenDirectory.appendingPathComponent("openapi")

    private func names() throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: Self.documents.path) else {
            throw XCTSkip("no shared OpenAPI documents at \(Self.documents.path)")
        }
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    }

    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-openapi-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testEachDocumentGivesItsGoldenConfigCleanAgainstItAndPassingItsExamples() throws {
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil
        let directory = try scratch()
        var validated = 0
        for name in try names() {
            let spec = Self.documents.appendingPathComponent(name).path
            let config = directory.appendingPathComponent(name + ".plist").path
            let made = try RestmapBinary.run(["init", "--openapi", spec, "-o", config])
            XCTAssertEqual(made.status, 0, "\(name): \(made.stderr)")
            let golden = Self.goldens.appendingPathComponent(name + ".plist")
            let written = try String(contentsOfFile: config, encoding: .utf8)
            if record {
                try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
                try written.write(to: golden, atomically: true, encoding: .utf8)
            } else {
                XCTAssertEqual(written, try String(contentsOf: golden, encoding: .utf8), "\(name): RECORD_GOLDEN=1 rewrites the golden")
            }

            let check = try RestmapBinary.run(["check", "-c", config, "--openapi", spec, "--fail-on", "warning"])
            XCTAssertEqual(check.status, 0, "\(name): \(check.stderr)")
            XCTAssertTrue(check.stderr.hasSuffix("0 errors, 0 warnings — ok\n"), "\(name): \(check.stderr)")

            let validate = try RestmapBinary.run(["validate", "-c", config, "--openapi", spec])
            if validate.stderr.contains("has no JSON response examples") {
                XCTAssertEqual(validate.status, 2, name)
            } else {
                XCTAssertEqual(validate.status, 0, "\(name): \(validate.stdout)")
                validated += 1
            }
        }
        XCTAssertGreaterThanOrEqual(validated, 1, "at least one document has examples")
    }

    /// A config edited away from the petstore document: the misspelled key is found at its
    /// line in the config, with the schema's line in the document beside it.
    func testAPlantedDriftIsFoundAndLocatedInBothFiles() throws {
        guard try names().contains("petstore.yaml") else { throw XCTSkip("no petstore.yaml") }
        let spec = Self.documents.appendingPathComponent("petstore.yaml").path
        let directory = try scratch()
        let config = directory.appendingPathComponent("petstore.plist").path
        XCTAssertEqual(try RestmapBinary.run(["init", "--openapi", spec, "-o", config]).status, 0)
        let text = try String(contentsOfFile: config, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex(of: "\t\t\t<key>tag</key>")) + 1
        try text.replacingOccurrences(of: "\t\t\t<key>tag</key>", with: "\t\t\t<key>tags</key>").write(toFile: config, atomically: true, encoding: .utf8)

        let check = try RestmapBinary.run(["check", "-c", config, "--openapi", spec])
        let found = check.stderr.components(separatedBy: "\n")
        let index = try XCTUnwrap(found.firstIndex { $0.contains("warning: Pet reads 'tags', but the schema of GET /pets has no 'tags' there") }, check.stderr)
        XCTAssertTrue(found[index].hasPrefix("\(config):\(line):"), found[index])
        XCTAssertTrue(found[index + 1].hasPrefix("\(spec):") && found[index + 1].hasSuffix(": note: the schema"), found[index + 1])
    }
}
