import XCTest
@testable import RestmapEngine

/// A manifest names samples inside its own directory or the working directory unless
/// `--allow-outside` widens that (SPEC §5); `..` and symbolic links cannot step out.
final class SampleConfinementTests: XCTestCase {
    private func scratch() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-confine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: url.appendingPathComponent("in/a.json"))
        try Data("secret".utf8).write(to: url.appendingPathComponent("out/secret.json"))
        try FileManager.default.createSymbolicLink(atPath: url.appendingPathComponent("in/link.json").path,
                                                   withDestinationPath: url.appendingPathComponent("out/secret.json").path)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testDotDotAndLinksCannotLeaveTheDirectory() throws {
        let root = try scratch()
        let confinement = SampleConfinement(allowing: [root + "/in"])
        XCTAssertTrue(confinement.allows(root + "/in/a.json"))
        XCTAssertTrue(confinement.allows(root + "/in/not-yet.json"))
        XCTAssertFalse(confinement.allows(root + "/in/../out/secret.json"))
        XCTAssertFalse(confinement.allows(root + "/in/link.json"))
        XCTAssertFalse(confinement.allows(root + "/input.json"), "a sibling sharing the prefix is outside")
        XCTAssertTrue(SampleConfinement(allowing: [root + "/in", root + "/out"]).allows(root + "/in/link.json"))
    }

    func testManifestEntryOutsideIsAUsageErrorThatQuotesNoBytes() throws {
        let root = try scratch()
        let manifest = """
            [{"file": "a.json", "path": "/a"}, {"file": "../out/secret.json", "path": "/a"}, {"file": "link.json", "path": "/a"}]
            """
        XCTAssertThrowsError(try ValidationManifest().parse(Array(manifest.utf8), file: root + "/in/manifest.json", log: DiagnosticLog())) { error in
            let error = error as! RestmapError
            XCTAssertEqual(error.exitCode, 2)
            XCTAssertEqual(error.diagnostics.count, 2)
            XCTAssertEqual(error.diagnostics.map { $0.location?.column }, [45, 91])
            XCTAssertTrue(error.diagnostics.allSatisfy { $0.message.contains("--allow-outside") })
            XCTAssertFalse(error.description.contains("secret\""), error.description)
            XCTAssertFalse(error.description.contains("'s'"))
        }
        var widened = ValidationManifest()
        widened.allowedOutside = [root + "/out"]
        let samples = try widened.parse(Array(manifest.utf8), file: root + "/in/manifest.json", log: DiagnosticLog())
        XCTAssertEqual(samples.count, 3)
    }
}
