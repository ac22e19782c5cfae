import Foundation
import RestmapEngine
import RestmapOpenAPI
@testable import RestmapReports
import XCTest

/// `init --openapi`: what a team's API description becomes — entities from the object
/// schemas responses use, typed attributes, relationships, primary keys, path mappings with
/// wrappers and discriminators — and a config `check` passes.
final class OpenAPISketcherTests: XCTestCase {
    /// The shelter API of the shipped sample, read from the repository.
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../Samples/openapi/shelter.yaml").standardized.path

    private func sketch() throws -> OpenAPISketcher {
        var sketcher = OpenAPISketcher(document: try OpenAPIDocument(path: Self.document))
        try sketcher.sketch()
        return sketcher
    }

    func testObjectSchemasBecomeTypedEntitiesWithKeysAndRelationships() throws {
        let entities = try sketch().entities
        XCTAssertEqual(entities.map(\.name), ["Pet", "Owner", "Tag", "Bird"], "Error is only a default response")
        let pet = entities[0]
        XCTAssertEqual(pet.attributes.map(\.key), ["name", "id", "born_at", "weight", "nicknames"])
        XCTAssertEqual(pet.attributes.map(\.name), ["name", "id", "bornAt", "weight", "nicknames"])
        XCTAssertEqual(pet.attributes.map(\.type), ["string", "integer64", "date", "double", nil])
        XCTAssertEqual(pet.primaryKey?.key, "id")
        XCTAssertEqual(pet.relationships.map { "\($0.key)->\($0.target)\($0.toMany ? "[]" : "")" }, ["owner->Owner", "tags->Tag[]"])
        // Owner's id is not required: an object may lack it, so it identifies nothing.
        XCTAssertNil(entities[1].primaryKey)
        XCTAssertEqual(entities[1].relationships.map(\.target), ["Pet"], "a schema that refers back is one entity")
        XCTAssertEqual(entities[3].primaryKey?.key, "ring_id", "a required id-like name, where RestKit's names miss")
    }

    func testPathsGetWrappersParametersAndDiscriminatorMatchers() throws {
        let sketcher = try sketch()
        XCTAssertEqual(sketcher.paths, [
            PathSketch(uri: "/pets", keyPath: "items", entity: "Pet"),
            PathSketch(uri: "/pets/:petId", keyPath: nil, entity: "Pet"),
            PathSketch(uri: "/animals", keyPath: nil, entity: "Pet", matchers: [
                MatcherSketch(keyPath: "kind", value: "pet", entity: "Pet"), MatcherSketch(keyPath: "kind", value: "bird", entity: "Bird"),
            ]),
        ])
        XCTAssertEqual(sketcher.notes, [
            "POST /pets: its response (Pet objects at the root) differs from the one the path mapping for /pets takes (Pet objects under 'items'); map it by hand if both arrive",
            "GET /pets/count: its response holds no object to map",
        ], "a response without a JSON body (GET /health) has nothing to map")
    }

    /// The first JSON error response (here GET /pets' `default`) becomes `error_mappings`.
    func testAnErrorResponseBecomesTheErrorMapping() throws {
        let errors = try XCTUnwrap(try sketch().errors)
        XCTAssertNil(errors.keyPath)
        XCTAssertEqual(errors.className, "Error")
        XCTAssertEqual(errors.attributes.map { "\($0.key)=\($0.attribute)" }, ["message=message"])
    }

    func testRequestBodiesBecomeRequestMappings() throws {
        let requests = try sketch().requests
        XCTAssertEqual(requests.map { "\($0.uri) \($0.className)" }, ["/pets Pet"])
        XCTAssertEqual(requests[0].attributes.map { "\($0.attribute)=\($0.key)" }, ["name=name", "bornAt=born_at"])
        XCTAssertEqual(requests[0].relationships.map { "\($0.name) \($0.body.className) \($0.body.attributes.map(\.key))" }, ["owner Owner [\"id\"]"])
    }

    /// The config written loads and lints without a finding, and maps a payload of the API.
    func testTheConfigWrittenPassesCheckAndMapsAPayload() throws {
        let config = try OpenAPIInit.config(openAPI: Self.document)
        XCTAssertTrue(config.contains("<!-- GET /pets/count: its response holds no object to map -->"), config)
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "shelter.plist")
        XCTAssertEqual(log.diagnostics.filter { $0.severity != .note }.map(\.message), [])
        XCTAssertEqual(definitions.pathMappings.count, 3)
    }

    /// A path a pattern cannot spell as it is gets a note in the config, once for its methods.
    func testAParameterRunningOnIntoItsTextIsNoted() throws {
        let path = try makeTemporaryDirectory(self) + "/files.yaml"
        try """
            openapi: 3.1.0
            paths:
              /files/{id}v2:
                get: {responses: {'200': {content: {application/json: {schema: {type: object, properties: {id: {type: integer}}}}}}}}
                put: {responses: {'200': {content: {application/json: {schema: {type: object, properties: {id: {type: integer}}}}}}}}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        var sketcher = OpenAPISketcher(document: try OpenAPIDocument(path: path))
        try sketcher.sketch()
        XCTAssertEqual(sketcher.notes.filter { $0.hasPrefix("/files") }, [
            "/files/{id}v2: {id} runs into what follows it in the pattern /files/:idv2; edit the path mapping by hand",
        ])
    }

    func testADocumentWithoutObjectResponsesIsAnError() throws {
        let path = try makeTemporaryDirectory(self) + "/empty.yaml"
        try "openapi: 3.1.0\npaths:\n  /ping:\n    get:\n      responses: {'200': {description: pong}}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try OpenAPIInit.config(openAPI: path)) { error in
            let diagnostic = (error as? RestmapError)?.diagnostics.first
            XCTAssertEqual(diagnostic?.code, .openAPINothingToSketch)
            XCTAssertEqual(diagnostic?.location?.line, 3)
        }
    }

    /// The public documents of the shared test data (when present) each give a config that
    /// passes check.
    func testPublicDocumentsGiveCheckCleanConfigs() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../../shared/testdata/openapi").standardized.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw XCTSkip("no shared OpenAPI documents at \(folder)")
        }
        var checked = 0
        for name in names.sorted() where name.hasSuffix(".yaml") || name.hasSuffix(".json") {
            let config = try OpenAPIInit.config(openAPI: folder + "/" + name)
            let log = DiagnosticLog()
            _ = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: name)
            XCTAssertEqual(log.diagnostics.filter { $0.severity != .note }.map(\.message), [], name)
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 1)
    }
}
