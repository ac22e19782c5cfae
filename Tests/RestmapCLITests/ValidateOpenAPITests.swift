import Foundation
import RestmapTestSupport
import XCTest

/// `validate --openapi`: the document's examples are validated beside any other samples,
/// and what is wrong in one points at its line in the document.
final class ValidateOpenAPITests: XCTestCase {
    func testExamplesAreSamplesWhoseFindingsPointIntoTheDocument() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-validate-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = RestmapBinary.packageRoot.appendingPathComponent("Samples/openapi/shelter.yaml").path
        let config = directory.appendingPathComponent("shelter.plist").path
        XCTAssertEqual(try RestmapBinary.run(["init", "--openapi", spec, "-o", config]).status, 0)

        let result = try RestmapBinary.run(["validate", "-c", config, "--openapi", spec, "/pets=Samples/openapi/pets.json"])
        XCTAssertEqual(result.status, 1, "the 'typo' example has an id that is not a number")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }, [
            "PASS Samples/openapi/pets.json (/pets): 1 note",
            "PASS \(spec): GET /pets 200 example (/pets): 1 note",
            "PASS \(spec): GET /pets/{petId} 200 example 'rex' (/pets/7)",
            "FAIL \(spec): GET /pets/{petId} 200 example 'typo' (/pets/7): 2 errors",
        ])
        XCTAssertTrue(lines.contains("\(spec):46:36: error: Pet#1: id not set: cannot convert \"seven\" to integer: not a number"), result.stdout)

        let alone = try RestmapBinary.run(["validate", "-c", config, "--openapi", RestmapBinary.packageRoot.appendingPathComponent("Tests/RestmapCLITests/DiagnosticExamples/RM1204/health.yaml").path])
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.stderr.contains("the OpenAPI document has no JSON response examples and no SAMPLE is given"), alone.stderr)
    }
}
