@testable import RestmapEngine
import XCTest

/// API-description paths (`/pets/{id}.json`): their braces, and the pattern a path mapping
/// gets for them.
final class PathTemplateTests: XCTestCase {
    func testBracesMakeAParameterOnlyAroundANameWithinASegment() {
        XCTAssertEqual(PathTemplate.parts("{id}.json"), [.parameter("id"), .text(".json")])
        XCTAssertEqual(PathTemplate.parts("v{major}.{minor}"), [.text("v"), .parameter("major"), .text("."), .parameter("minor")])
        XCTAssertEqual(PathTemplate.parts("{}"), [.text("{}")])
        XCTAssertEqual(PathTemplate.parts("{}x}"), [.text("{}x}")])
        XCTAssertEqual(PathTemplate.parts("{id"), [.text("{id")])
        XCTAssertEqual(PathTemplate.parts("{x{y}}"), [.parameter("x{y"), .text("}")])
    }

    /// An API description's path becomes a pattern that matches the same request paths and
    /// names each parameter once: text after a parameter does not join its name.
    func testTemplatesBecomePatternsThatMatchTheirPaths() {
        let cases: [(template: String, text: String, path: String, parameters: [String: String])] = [
            ("/pets/{id}.json", "/pets/:id\\.json", "/pets/7.json", ["id": "7"]),
            ("/users/{user}@{host}", "/users/:user\\@:host", "/users/ann@example.org", ["user": "ann", "host": "example.org"]),
            ("/v1/{name}:cancel", "/v1/:name\\:cancel", "/v1/job-1:cancel", ["name": "job-1"]),
            ("/pets/{pet-id}/toys/{toy.name}", "/pets/:pet_id/toys/:toy.name", "/pets/3/toys/ball", ["pet_id": "3", "toy.name": "ball"]),
            ("/v1.0/a\\b", "/v1.0/a\\\\b", "/v1.0/a\\b", [:]),
        ]
        for (template, text, path, parameters) in cases {
            XCTAssertEqual(PathTemplate.patternText(template), text, template)
            let pattern = PathPattern(PathTemplate.patternText(template))
            XCTAssertEqual(pattern.match(path), parameters, template)
            XCTAssertEqual(pattern.problems, [], template)
        }
        XCTAssertNil(PathPattern(PathTemplate.patternText("/pets/{id}.json")).match("/pets/7.xml"))
        // Braces that enclose no name within a segment are text.
        XCTAssertEqual(PathTemplate.patternText("/pets/{id/toys"), "/pets/{id/toys")
        XCTAssertEqual(PathTemplate.patternText("/a/{}/b"), "/a/{}/b")
        XCTAssertEqual(PathTemplate.patternText("/a/{x{y}}"), "/a/:x_y}")
    }

    /// The pattern read back names exactly the template's parameters, in order: the brace
    /// rule and the pattern's own reading agree.
    func testThePatternReadsBackTheTemplatesParameters() {
        for template in ["/pets/{id}.json", "/v/{major}.{minor}", "/a/{}/{x{y}}", "/u/{user}@{host}", "/j/{name}:cancel", "/p/{id"] {
            let names = template.split(separator: "/").flatMap(PathTemplate.parts).compactMap { part -> String? in
                if case .parameter(let name) = part { return String(name.map { PathPatternTokens.isNameCharacter($0) ? $0 : "_" }) }
                return nil
            }
            XCTAssertEqual(PathPattern(PathTemplate.patternText(template)).parameterNames, names, template)
        }
    }

    /// What no escape separates from a parameter: a letter, digit or `_`, or another parameter.
    func testParametersAPatternCannotKeepApart() {
        XCTAssertEqual(PathTemplate.unseparatedParameters("/f/{id}v2/{rev}_x/{n}.json/{at}@host/{major}{minor}/{last}"), ["id", "rev", "major"])
        XCTAssertEqual(PathTemplate.unseparatedParameters("/pets/{id}"), [])
    }
}
