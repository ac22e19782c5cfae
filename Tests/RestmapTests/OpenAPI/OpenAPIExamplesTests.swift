import Foundation
import RestmapEngine
@testable import RestmapOpenAPI
import XCTest

/// `validate --openapi`: a document's response examples as samples — JSON whose tokens sit
/// where the document has them, at a request path with its parameters filled in.
final class OpenAPIExamplesTests: XCTestCase {
    func testExamplesBecomeSamplesAtTheirPathsAndStatuses() throws {
        let path = try makeTemporaryDirectory(self) + "/api.yaml"
        try """
            openapi: 3.1.0
            paths:
              /pets/{petId}/toys/{toy}:
                parameters: [{name: petId, in: path, schema: {type: integer}}]
                get:
                  parameters: [{name: toy, in: path, schema: {type: string, example: "red ball"}}]
                  responses:
                    "200":
                      content:
                        application/json:
                          example: {id: 1}
                    "404":
                      content:
                        application/problem+json:
                          examples:
                            gone: {$ref: '#/components/examples/Gone'}
                            remote: {externalValue: 'https://example.com/x.json'}
                        text/plain:
                          example: not JSON
                    4XX:
                      content:
                        application/json:
                          example: {title: bad}
                    "500":
                      content:
                        application/xml:
                          example: <title>broken</title>
                        "*/*":
                          example: {title: broken}
                    default:
                      content:
                        application/json:
                          example: {title: anything}
                    "600":
                      content:
                        application/json:
                          example: {title: no such status}
                    x-note:
                      content:
                        application/json:
                          example: {title: an extension}
            components:
              examples:
                Gone: {value: {title: gone}}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let examples = try OpenAPIDocument(path: path).examples()
        // A 4XX range is read as 400, so through error_mappings; `default`, `600` and an
        // `x-` key are no status, and their examples are not read.
        // JSON, `+json` and `*/*` bodies are read; text and XML ones are not.
        XCTAssertEqual(examples.map(\.label), [
            "GET /pets/{petId}/toys/{toy} 200 example", "GET /pets/{petId}/toys/{toy} 404 example 'gone'",
            "GET /pets/{petId}/toys/{toy} 4XX example", "GET /pets/{petId}/toys/{toy} 500 example",
        ])
        XCTAssertEqual(examples.map(\.requestPath), Array(repeating: "/pets/1/toys/red%20ball", count: 4))
        XCTAssertEqual(examples.map(\.status), [200, 404, 400, 500])
        XCTAssertEqual(try examples.map { try JSONSerialization.jsonObject(with: Data($0.json)) as? NSDictionary },
                       [["id": 1], ["title": "gone"], ["title": "bad"], ["title": "broken"]])
    }

    /// Block-style YAML, as examples are usually written: every value at its line and column.
    func testValuesKeepTheirLinesAndColumns() throws {
        let path = try makeTemporaryDirectory(self) + "/api.yaml"
        try "openapi: 3.0.0\nexample:\n  id: 7\n  tags:\n    - a\n    - 'true'\n  owner:\n    name: ~\n    ok: true\n    size: 0x1F\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let node = try XCTUnwrap(OpenAPIDocument(path: path).root["example"])
        let text = String(decoding: PositionedJSON.render(node), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[2].firstIndex(of: "7").map { lines[2].distance(from: lines[2].startIndex, to: $0) + 1 }, 7, text)
        XCTAssertEqual(lines[3], #""tags":["#, "a block collection's key on its own line")
        XCTAssertEqual(lines[4], #"      "a","#, "each element at its column")
        XCTAssertEqual(lines[5], #"      "true"],"#, "a quoted scalar stays a string")
        XCTAssertEqual(lines[7], #"  "name": null,"#, text)
        XCTAssertEqual(lines[8], #"  "ok": true,"#, text)
        XCTAssertEqual(lines[9], #"  "size": "0x1F"}}"#, "a YAML number JSON cannot write is a string")
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)))
    }
}
