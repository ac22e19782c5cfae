import Foundation
import RestmapTestSupport
import XCTest

/// Store goldens: `Golden/store/*.golden` run `map --store` one or more times over the
/// example configs, then one last command (usually `dump`) whose exit status, stdout and
/// stderr must match. Each case gets a fresh store, written `$STORE` in the file.
/// `RECORD_GOLDEN=1 swift test --filter StoreGoldenTests` rewrites them from actual runs.
///
/// ```
/// # run: map -q -c Configs/employees.plist --store $STORE /employees=Samples/employees/employees.json
/// # run-status: 0                     (optional: the runs' expected status, default 0)
/// # args: dump --store $STORE
/// # status: 0
/// --- stdout
/// --- stderr
/// ```
final class StoreGoldenTests: XCTestCase {
    static let directory = GoldenTests.goldenDirectory.appendingPathComponent("store")

    func testEveryStoreGoldenCase() throws {
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil
        let files = try FileManager.default.contentsOfDirectory(at: Self.directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "golden" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThanOrEqual(files.count, 4)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let header = text.components(separatedBy: "--- stdout")[0]
            let runs = header.split(separator: "\n").filter { $0.hasPrefix("# run: ") }.map { String($0.dropFirst(7)) }
            let runStatus = header.split(separator: "\n").first { $0.hasPrefix("# run-status: ") }
                .flatMap { Int32($0.dropFirst(14)) } ?? 0
            let golden = try GoldenTests.load(file)
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-store-golden-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let store = scratch.appendingPathComponent("store.db").path
            func substitute(_ words: [String]) -> [String] { words.map { $0.replacingOccurrences(of: "$STORE", with: store) } }
            for run in runs {
                let result = try RestmapBinary.run(substitute(ShellWords.split(run)))
                XCTAssertEqual(result.status, runStatus, "\(golden.name): \(run)\n\(result.stderr)")
            }
            let result = try RestmapBinary.run(substitute(golden.arguments))
            let stdout = result.stdout.replacingOccurrences(of: store, with: "$STORE")
            let stderr = result.stderr.replacingOccurrences(of: store, with: "$STORE")
            if record {
                var updated = golden
                updated.stdout = stdout.hasSuffix("\n") ? String(stdout.dropLast()) : stdout
                updated.stderr = stderr.hasSuffix("\n") ? String(stderr.dropLast()) : stderr
                let newHeader = header.replacingOccurrences(of: "# status: \(golden.status)", with: "# status: \(result.status)")
                try GoldenTests.render(updated, header: newHeader).write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            XCTAssertEqual(result.status, golden.status, "\(golden.name): exit status\nstderr:\n\(result.stderr)")
            XCTAssertEqual(stdout, golden.stdout.isEmpty ? "" : golden.stdout + "\n", "\(golden.name): stdout")
            XCTAssertEqual(stderr, golden.stderr.isEmpty ? "" : golden.stderr + "\n", "\(golden.name): stderr")
        }
    }
}
