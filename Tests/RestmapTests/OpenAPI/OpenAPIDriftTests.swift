import Foundation
import RestmapEngine
@testable import RestmapOpenAPI
import XCTest

/// `check --openapi`: each way a config can drift from the API's description is found, at
/// the config entry, with the schema's place beside it.
final class OpenAPIDriftTests: XCTestCase {
    /// The shelter API of the shipped sample, read from the repository.
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Samples/openapi/shelter.yaml").standardized.path

    private func findings(_ config: String, document: String = OpenAPIDriftTests.document) throws -> [Diagnostic] {
        let path = try makeTemporaryDirectory(self) + "/api.json"
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: path)
        XCTAssertEqual(log.diagnostics.filter { $0.severity != .note }.map(\.message), [], "the config itself is clean")
        var drift = OpenAPIDrift(document: try OpenAPIDocument(path: document), definitions: definitions)
        return try drift.findings()
    }

    func testEachKindOfDriftIsFoundWhereItIs() throws {
        let found = try findings("""
            {"entity_attribute_mappings": {
               "Pet": {"id": "id", "birth": "birth", "weight": "weight", "owner.id": "ownerID"},
               "Owner": {"id": "id", "login": "login"}},
             "entity_attribute_types": {"Pet": {"weight": "integer64", "ownerID": "uuid"}},
             "primary_key_mappings": {"Pet": ["id"]},
             "relationship_mappings": {"Pet": {"owner": {"target": "Owner", "key_path": "owner"}}},
             "path_mappings": [
               {"uri": "/pets", "key_path": "items", "matchers": [{"entity_name": "Pet"}]},
               {"uri": "/owners/:id", "matchers": [{"entity_name": "Owner"}]}]}
            """)
        let lines = found.map { "\($0.code.rawValue) \($0.severity.rawValue) \($0.location?.line ?? 0): \($0.message)" }
        XCTAssertEqual(lines, [
            "RM2203 warning 2: Pet reads 'birth', but the schema of GET /pets has no 'birth' there",
            "RM2204 warning 2: Pet.weight is integer64 in the config, but GET /pets says number (double)",
            "RM2203 warning 3: Owner reads 'login', but the schema of GET /pets has no 'login' there",
            "RM2205 note 2: GET /pets requires 'name' in Pet objects, and no mapping of Pet reads it",
            "RM2201 warning 9: path mapping '/owners/:id' matches no path of the OpenAPI document",
            "RM2202 note 39: GET /pets/{petId} has a JSON response that no path mapping of \(found.first?.location?.file ?? "") matches",
            "RM2202 note 49: GET /animals has a JSON response that no path mapping of \(found.first?.location?.file ?? "") matches",
        ])
        // Each finding in the config points into the document too.
        let birth = try XCTUnwrap(found.first)
        XCTAssertEqual(birth.related.first?.message, "the schema")
        XCTAssertEqual(birth.related.first?.location.file, Self.document)
        XCTAssertNotNil(birth.related.first?.location.line)
    }

    /// A config written by `init --openapi` from the same document agrees with it; so does
    /// a discriminated response mapped through matchers.
    func testAMatchingConfigHasNoFindings() throws {
        let found = try findings("""
            {"entity_attribute_mappings": {
               "Pet": {"id": "id", "name": "name", "born_at": "bornAt", "tags": "tags"},
               "Bird": {"ring_id": "ringID", "wingspan": "wingspan"}},
             "entity_attribute_types": {"Pet": {"bornAt": "date"}, "Bird": {"wingspan": "double"}},
             "path_mappings": [
               {"uri": "/pets", "key_path": "items", "matchers": [{"entity_name": "Pet"}]},
               {"uri": "/pets/:id", "matchers": [{"entity_name": "Pet"}]},
               {"uri": "/animals", "matchers": [
                 {"key_path": "kind", "expected_value": "pet", "entity_name": "Pet"},
                 {"key_path": "kind", "expected_value": "bird", "entity_name": "Bird"}]}]}
            """)
        XCTAssertEqual(found.map(\.message), [])
    }

    /// `/pets/:id` maps `/pets/mine` too, though `/pets/{petId}` is the path it is compared with.
    func testEveryPathAMappingMatchesCountsAsMapped() throws {
        let document = try makeTemporaryDirectory(self) + "/api.yaml"
        try """
            openapi: 3.0.0
            paths:
              /pets/{petId}:
                get: {responses: {"200": {content: {application/json: {schema: {type: object, properties: {id: {type: integer}}}}}}}}
              /pets/mine:
                get: {responses: {"200": {content: {application/json: {schema: {type: object, properties: {id: {type: integer}}}}}}}}
              /owners:
                get: {responses: {"200": {content: {application/json: {schema: {type: object, properties: {id: {type: integer}}}}}}}}
            """.write(toFile: document, atomically: true, encoding: .utf8)
        let found = try findings("""
            {"entity_attribute_mappings": {"Pet": {"id": "id"}},
             "path_mappings": [{"uri": "/pets/:id", "matchers": [{"entity_name": "Pet"}]}]}
            """, document: document)
        XCTAssertEqual(found.map(\.code), [.openAPIUnmappedPath])
        XCTAssertTrue(found.first?.message.hasPrefix("GET /owners has a JSON response") ?? false, found.first?.message ?? "")
    }

    /// A path mapping's pattern as a config's loader reads it.
    private func pattern(_ uri: String) throws -> PathPattern {
        let config = #"{"entity_attribute_mappings": {"E": {"id": "id"}}, "path_mappings": [{"uri": "\#(uri)", "matchers": [{"entity_name": "E"}]}]}"#
        let definitions = try ConfigPipeline(log: DiagnosticLog()).definitions(configBytes: Array(config.utf8), file: "c.json")
        return try XCTUnwrap(definitions.pathMappings.first).uri.value
    }

    func testPathsMatchSegmentBySegmentPreferringTheClosest() throws {
        func operation(_ method: String, _ path: String) -> OpenAPIOperation {
            OpenAPIOperation(method: method, path: path, location: SourceLocation(file: "x"))
        }
        let index = OpenAPIPathIndex([
            operation("get", "/pets/mine"), operation("post", "/pets/{petId}"), operation("get", "/pets/{petId}"),
            operation("get", "/pets"), operation("get", "/{kind}/{id}"),
        ])
        XCTAssertEqual(try index.matching(pattern("/pets/:id")).map { "\($0.method) \($0.path)" },
                       ["get /pets/mine", "post /pets/{petId}", "get /pets/{petId}", "get /{kind}/{id}"])
        XCTAssertEqual(try index.closest(pattern("/pets/:id")).map { "\($0.method) \($0.path)" }, ["post /pets/{petId}", "get /pets/{petId}"])
        XCTAssertEqual(try index.matching(pattern("/owners")).map(\.path), [], "a segment count must agree")
    }

    func testAMappingSegmentIsReadAsTheRunReadsIt() throws {
        func operation(_ path: String) -> OpenAPIOperation {
            OpenAPIOperation(method: "get", path: path, location: SourceLocation(file: "x"))
        }
        let index = OpenAPIPathIndex([operation("/pets/mine"), operation("/pets/mine.json"), operation("/pets/{petId}")])
        // `:pet-id` is the parameter `pet` followed by the text `-id`: it never matches
        // `/pets/mine`, only values ending in `-id`, which `{petId}` admits.
        XCTAssertEqual(try index.matching(pattern("/pets/:pet-id")).map(\.path), ["/pets/{petId}"])
        XCTAssertEqual(try index.matching(pattern("/pets/:id\\\\.json")).map(\.path), ["/pets/mine.json", "/pets/{petId}"])
        XCTAssertEqual(try index.matching(pattern("/pets/mine")).map(\.path), ["/pets/mine", "/pets/{petId}"])
        XCTAssertEqual(try index.matching(pattern("/%70ets/mine")).map(\.path), ["/pets/mine", "/pets/{petId}"], "percent-encoded literals match decoded")
    }

    func testTypesAgreeAsConversionsDo() throws {
        func schema(_ type: String, _ format: String? = nil) -> OpenAPISchema {
            OpenAPISchema(name: nil, type: type, format: format, location: SourceLocation(file: "x"))
        }
        XCTAssertNil(OpenAPITypeAgreement.contradiction(.double, schema("integer")))
        XCTAssertNil(OpenAPITypeAgreement.contradiction(.date, schema("string", "date-time")))
        XCTAssertNil(OpenAPITypeAgreement.contradiction(.string, schema("boolean")))
        XCTAssertEqual(OpenAPITypeAgreement.contradiction(.integer64, schema("number")), "number")
        XCTAssertEqual(OpenAPITypeAgreement.contradiction(.date, schema("string", "uuid")), "string (uuid)")
        XCTAssertEqual(OpenAPITypeAgreement.contradiction(.uuid, schema("integer", "int64")), "integer (int64)")
    }
}
