import Foundation
import RestmapTestSupport
import XCTest

/// RestKit's own test fixtures, read where the shared test data keeps them
/// (`../shared/testdata/restkit-fixtures/upstream/RestKit/Tests/Fixtures`, RestKit's paths
/// at v0.27.3; UPSTREAM.md there names the commit). They are not copied into this
/// repository: a test that needs one is skipped when the shared data is absent.
enum RestKitFixtures {
    static let root = RestmapBinary.packageRoot
        .appendingPathComponent("../shared/testdata/restkit-fixtures/upstream/RestKit/Tests/Fixtures").standardizedFileURL

    /// The fixture at `path` (e.g. `JSON/ArrayOfHumans.json`), as text.
    static func text(_ path: String) throws -> String {
        let url = root.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw XCTSkip("RestKit fixture \(path) not found under \(root.path)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
