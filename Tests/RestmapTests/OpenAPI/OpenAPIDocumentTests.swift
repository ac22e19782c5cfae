import Foundation
import RestmapEngine
@testable import RestmapOpenAPI
import XCTest

/// Reading an OpenAPI document: YAML or JSON into a located tree, the version checked,
/// `$ref`s followed where they may go and refused where they may not, each failure a
/// located usage error with its code.
final class OpenAPIDocumentTests: XCTestCase {
    private func write(_ text: String, _ name: String = "api.yaml", in directory: String? = nil) throws -> String {
        let folder = try directory ?? makeTemporaryDirectory(self)
        let path = folder + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func error(_ body: () throws -> Void) -> Diagnostic? {
        do {
            try body()
            XCTFail("no error")
        } catch let error as RestmapError {
            XCTAssertEqual(error.kind, .usage)
            return error.diagnostics.first
        } catch {
            XCTFail("\(error)")
        }
        return nil
    }

    func testEveryNodeKnowsItsLineAndColumnInYAMLAndJSON() throws {
        let yaml = try OpenAPIDocument(path: write("""
            openapi: 3.1.0
            paths:
              /pets:
                get:
                  summary: "List pets"
            """))
        let get = try XCTUnwrap(yaml.root["paths"]?["/pets"]?["get"])
        XCTAssertEqual([get.line, get.column], [5, 7])
        XCTAssertEqual(get["summary"]?.text, "List pets")
        XCTAssertEqual(yaml.version, "3.1.0")

        let json = try OpenAPIDocument(path: write("""
            {"openapi": "3.0.3",
             "paths": {"/pets": {"get": {"summary": "List pets"}}}}
            """, "api.json"))
        let summary = try XCTUnwrap(json.root["paths"]?["/pets"]?["get"]?["summary"])
        XCTAssertEqual([summary.line, summary.column], [2, 41])
    }

    func testMalformedYAMLIsLocatedWhereLibYAMLStopped() throws {
        let path = try write("openapi: 3.0.0\npaths:\n  /pets: [unclosed\n")
        let diagnostic = error { _ = try OpenAPIDocument(path: path) }
        XCTAssertEqual(diagnostic?.code, .openAPIUnreadable)
        XCTAssertEqual(diagnostic?.location?.line, 4)
        XCTAssertTrue(diagnostic?.message.hasPrefix("the OpenAPI document is not valid YAML or JSON") ?? false)
    }

    func testAKeyWrittenTwiceKeepsItsLastValue() throws {
        let document = try OpenAPIDocument(path: write("openapi: 3.0.0\nschema:\n  id: {type: integer}\n  name: {type: string}\n  id: {type: string}\n"))
        let schema = try XCTUnwrap(document.root["schema"])
        XCTAssertEqual(schema.members.map(\.key), ["id", "name"])
        XCTAssertEqual(schema["id"]?["type"]?.text, "string")
        XCTAssertEqual(schema["id"]?.line, 5)
    }

    func testSwaggerTwoAndVersionlessDocumentsAreRefused() throws {
        let swagger = try write("swagger: \"2.0\"\npaths: {}\n")
        XCTAssertEqual(error { _ = try OpenAPIDocument(path: swagger) }?.message, "the document is Swagger 2.0, not OpenAPI 3: convert it to OpenAPI 3 first")
        let other = try write("openapi: 4.0.0\n", "four.yaml")
        let diagnostic = error { _ = try OpenAPIDocument(path: other) }
        XCTAssertEqual(diagnostic?.code, .openAPIVersion)
        XCTAssertEqual(diagnostic?.location?.line, 1)
    }

    /// A "billion laughs" document: aliases nested ten deep would expand to 10^10 nodes.
    func testAliasExpansionIsBounded() throws {
        var text = "openapi: 3.0.0\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 { text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let path = try write(text)
        let diagnostic = error { _ = try OpenAPIDocument(path: path) }
        XCTAssertEqual(diagnostic?.code, .openAPIUnreadable)
        XCTAssertTrue(diagnostic?.message.contains("more than 2000000 nodes") ?? false, diagnostic?.message ?? "")
    }

    func testLocalAndSiblingReferencesAreFollowedAndNameTheirComponent() throws {
        let folder = try makeTemporaryDirectory(self)
        _ = try write("Owner:\n  type: object\n  properties:\n    login: {type: string}\n", "schemas/owner.yaml", in: folder)
        let path = try write("""
            openapi: 3.0.0
            components:
              schemas:
                Pet: {$ref: '#/components/schemas/Animal'}
                Animal: {type: object, properties: {owner: {$ref: 'schemas/owner.yaml#/Owner'}}}
            """, in: folder)
        let document = try OpenAPIDocument(path: path)
        let pet = try document.schema(XCTUnwrap(document.root["components"]?["schemas"]?["Pet"]))
        XCTAssertEqual(pet.name, "Animal")
        let owner = try document.schema(XCTUnwrap(pet.properties.first?.schema))
        XCTAssertEqual(owner.name, "Owner")
        XCTAssertEqual(owner.properties.map(\.key), ["login"])
        XCTAssertTrue(owner.location.file.hasSuffix("schemas/owner.yaml"))
    }

    /// A discriminator's mapping in a file beside the document names schemas of that file.
    func testADiscriminatorInASiblingFileResolvesThere() throws {
        let folder = try makeTemporaryDirectory(self)
        _ = try write("Animal:\n  oneOf: [{$ref: '#/Dog'}]\n  discriminator: {propertyName: kind, mapping: {dog: '#/Dog'}}\n"
            + "Dog: {type: object, properties: {bark: {type: string}}}\n", "animals.yaml", in: folder)
        let path = try write("openapi: 3.1.0\nanimal: {$ref: 'animals.yaml#/Animal'}\n", in: folder)
        let document = try OpenAPIDocument(path: path)
        let animal = try document.schema(XCTUnwrap(document.root["animal"]))
        let target = try XCTUnwrap(animal.discriminator?.mapping.first?.target)
        let dog = try document.discriminatorTarget(target)
        XCTAssertEqual(dog.name, "Dog")
        XCTAssertEqual(dog.properties.map(\.key), ["bark"])
    }

    func testReferencesOutsideTheFolderRemoteOrMissingAreRefused() throws {
        let folder = try makeTemporaryDirectory(self)
        let path = try write("""
            openapi: 3.0.0
            a: {$ref: 'https://example.com/pet.yaml#/Pet'}
            b: {$ref: '../secrets.yaml'}
            c: {$ref: '#/components/schemas/Nowhere'}
            d: {$ref: '#/d'}
            """, "api/doc.yaml", in: folder)
        let document = try OpenAPIDocument(path: path)
        for (key, message) in [
            ("a", "is remote"), ("b", "outside the document's folder"), ("c", "names nothing: there is no 'components' there"),
            ("d", "leads to more than 64 $refs in a row"),
        ] {
            let diagnostic = error { _ = try document.resolve(XCTUnwrap(document.root[key])) }
            XCTAssertEqual(diagnostic?.code, .openAPIReference, key)
            XCTAssertTrue(diagnostic?.message.contains(message) ?? false, "\(key): \(diagnostic?.message ?? "")")
            XCTAssertNotNil(diagnostic?.location?.line, key)
        }
    }

    /// A symbolic link beside the document that points outside its folder is outside.
    func testAReferenceThroughALinkOutOfTheFolderIsRefused() throws {
        let folder = try makeTemporaryDirectory(self)
        _ = try write("Pet: {type: object}\n", "secret.yaml", in: folder)
        let path = try write("""
            openapi: 3.0.0
            inside: {$ref: 'pets.yaml#/Pet'}
            linked: {$ref: 'link.yaml#/Pet'}
            """, "api/doc.yaml", in: folder)
        _ = try write("Pet: {type: object}\n", "api/pets.yaml", in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder + "/api/link.yaml", withDestinationPath: folder + "/secret.yaml")
        let document = try OpenAPIDocument(path: path)
        XCTAssertEqual(try document.resolve(XCTUnwrap(document.root["inside"])).name, "Pet")
        let diagnostic = error { _ = try document.resolve(XCTUnwrap(document.root["linked"])) }
        XCTAssertEqual(diagnostic?.code, .openAPIReference)
        XCTAssertTrue(diagnostic?.message.contains("outside the document's folder") ?? false, diagnostic?.message ?? "")
    }

    /// A parameter name a pattern cannot spell (`{pet-id}`), or text that would run on into
    /// one (`{id}.json`), is written so that the pattern still matches the path.
    func testPatternsSpellEveryParameterAsAPatternReadsIt() throws {
        let path = try write("""
            openapi: 3.0.0
            paths:
              /pets/{pet-id}/toys/{toy.name}: {get: {responses: {}}}
              /pets/{id}.json: {get: {responses: {}}}
            """)
        let operations = try OpenAPIDocument(path: path).operations()
        XCTAssertEqual(operations.map(\.pattern), ["/pets/:pet_id/toys/:toy.name", "/pets/:id\\.json"])
    }

    /// The success schema is the lowest 2xx status's with a JSON body, then a `2XX` range's;
    /// the error schema the first 4xx or 5xx one in document order, then `default`'s.
    func testSuccessAndErrorResponsesAreChosenByTheirCodes() throws {
        let path = try write("""
            openapi: 3.0.0
            paths:
              /pets:
                get:
                  responses:
                    default: {content: {application/json: {schema: {title: fallback}}}}
                    2XX: {content: {application/json: {schema: {title: range}}}}
                    "302": {content: {application/json: {schema: {title: redirect}}}}
                    "201": {content: {application/json: {schema: {title: created}}}}
                    "200": {content: {text/plain: {schema: {title: text}}}}
                    5XX: {content: {application/json: {schema: {title: outage}}}}
                    "404": {content: {application/json: {schema: {title: missing}}}}
              /toys:
                get:
                  responses:
                    default: {content: {application/json: {schema: {title: fallback}}}}
                    "200": {content: {text/plain: {schema: {title: text}}}}
                    2XX: {content: {application/json: {schema: {title: range}}}}
                    "404": {content: {text/plain: {schema: {title: missing}}}}
            """)
        let operations = try OpenAPIDocument(path: path).operations()
        XCTAssertEqual(operations.map { $0.response?["title"]?.text }, ["created", "range"])
        XCTAssertEqual(operations.map { $0.errorResponse?["title"]?.text }, ["outage", "fallback"])
    }

    func testAllOfMergesPropertiesAndRequiredNames() throws {
        let document = try OpenAPIDocument(path: write("""
            openapi: 3.1.0
            components:
              schemas:
                Base: {type: object, required: [id], properties: {id: {type: integer}}}
                Dog:
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - type: object
                      required: [bark]
                      properties: {bark: {type: [string, "null"]}}
            """))
        let dog = try document.schema(XCTUnwrap(document.root["components"]?["schemas"]?["Dog"]))
        XCTAssertEqual(dog.properties.map(\.key), ["id", "bark"])
        XCTAssertEqual(dog.required, ["id", "bark"])
        XCTAssertTrue(dog.isObject)
        XCTAssertEqual(try document.schema(dog.properties[1].schema).type, "string")
    }
}
