import Foundation
import RestmapTestSupport
import XCTest

/// `check --openapi` holds each path mapping to the document's paths segment by segment: the
/// text beside a document's `{parameter}` must be there for a mapping to cover the path.
final class CheckOpenAPIPathsTests: XCTestCase {
    func testAMappingCoversADocumentPathOnlyWhereTheTextBesideItsParameterFits() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-check-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let document = scratch.appendingPathComponent("files.yaml").path
        try """
            openapi: 3.1.0
            paths:
              /files/{id}.json:
                get: {responses: {'200': {content: {application/json: {schema: {$ref: '#/components/schemas/File'}}}}}}
            components:
              schemas:
                File: {type: object, required: [id], properties: {id: {type: integer}}}
            """.write(toFile: document, atomically: true, encoding: .utf8)
        func check(_ uri: String) throws -> CommandResult {
            let config = scratch.appendingPathComponent("files.json").path
            try #"{"entity_attribute_mappings": {"File": {"id": "id"}}, "path_mappings": [{"uri": "\#(uri)", "matchers": [{"entity_name": "File"}]}]}"#
                .write(toFile: config, atomically: true, encoding: .utf8)
            return try RestmapBinary.run(["check", "-c", config, "--openapi", document, "--fail-on", "warning"])
        }

        let covering = try check(#"/files/:id\\.json"#)
        XCTAssertEqual(covering.status, 0, covering.stderr)
        XCTAssertTrue(covering.stderr.hasSuffix("0 errors, 0 warnings — ok\n"), covering.stderr)

        let literal = try check("/files/mine")
        XCTAssertEqual(literal.status, 1, literal.stderr)
        XCTAssertTrue(literal.stderr.contains("warning: path mapping '/files/mine' matches no path of the OpenAPI document"), literal.stderr)
        XCTAssertTrue(literal.stderr.contains("note: GET /files/{id}.json has a JSON response that no path mapping"), literal.stderr)
    }
}
