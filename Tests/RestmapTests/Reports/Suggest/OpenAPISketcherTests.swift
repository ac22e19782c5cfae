import Foundation
import RestmapEngine
import RestmapOpenAPI
@testable import RestmapReports
import XCTest

/// `init --openapi`: what a team's API description becomes — entities from the object
/// schemas responses use, typed attributes, relationships, primary keys, path mappings with
/// wrappers and discriminators — and a config `check` passes.
final class OpenAPISketcherTests: XCTestCase {
    static let document = """
        openapi: 3.0.3
        info: {title: Shelter, version: "1"}
        paths:
          /pets:
            get:
              responses:
                "200":
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          items: {type: array, items: {$ref: '#/components/schemas/Pet'}}
                          total: {type: integer}
                default:
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Error'}
          /pets/{petId}:
            get:
              responses:
                "200":
                  content:
                    application/json; charset=utf-8:
                      schema: {$ref: '#/components/schemas/Pet'}
          /animals:
            get:
              responses:
                "200":
                  content:
                    application/json:
                      schema:
                        type: array
                        items:
                          oneOf: [{$ref: '#/components/schemas/Pet'}, {$ref: '#/components/schemas/Bird'}]
                          discriminator:
                            propertyName: kind
                            mapping: {pet: '#/components/schemas/Pet', bird: Bird}
          /health:
            get:
              responses:
                "204": {description: no content}
          /pets/count:
            get:
              responses:
                "200":
                  content:
                    application/json:
                      schema: {type: integer}
        components:
          schemas:
            Named:
              type: object
              required: [name]
              properties: {name: {type: string}}
            Pet:
              allOf:
                - $ref: '#/components/schemas/Named'
                - type: object
                  required: [id]
                  properties:
                    id: {type: integer, format: int64}
                    born_at: {type: string, format: date-time}
                    weight: {type: number, format: double}
                    owner: {$ref: '#/components/schemas/Owner'}
                    tags: {type: array, items: {type: object, properties: {label: {type: string}}}}
                    nicknames: {type: array, items: {type: string}}
            Owner:
              type: object
              properties:
                id: {type: string, format: uuid}
                pets: {type: array, items: {$ref: '#/components/schemas/Pet'}}
            Bird:
              type: object
              required: [ring_id]
              properties: {ring_id: {type: string}, wingspan: {type: number}}
            Error:
              type: object
              properties: {message: {type: string}}
        """

    private func sketch() throws -> OpenAPISketcher {
        let path = try makeTemporaryDirectory(self) + "/shelter.yaml"
        try Self.document.write(toFile: path, atomically: true, encoding: .utf8)
        var sketcher = OpenAPISketcher(document: try OpenAPIDocument(path: path))
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
        XCTAssertEqual(sketcher.notes, ["GET /pets/count: its response holds no object to map"], "a response without a JSON body has nothing to map")
    }

    /// The config written loads and lints without a finding, and maps a payload of the API.
    func testTheConfigWrittenPassesCheckAndMapsAPayload() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory + "/shelter.yaml"
        try Self.document.write(toFile: path, atomically: true, encoding: .utf8)
        let config = try OpenAPIInit.config(openAPI: path)
        XCTAssertTrue(config.contains("<!-- GET /pets/count: its response holds no object to map -->"), config)
        let log = DiagnosticLog()
        let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "shelter.plist")
        XCTAssertEqual(log.diagnostics.filter { $0.severity != .note }.map(\.message), [])
        XCTAssertEqual(definitions.pathMappings.count, 3)
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
