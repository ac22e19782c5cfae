import Foundation
import RestmapTestSupport
import XCTest

/// The hostile-input suite (SPEC §5) as part of `make test`: Tests/Hostile/run.py
/// generates some 1,200 malformed, truncated, hostile and huge inputs, runs the built
/// restmap on each and checks exit code, located error, bounded CPU and RSS (the child's
/// getrusage) and that nothing is left behind. Its report names every failing case.
final class HostileInputTests: XCTestCase {
    func testEveryHostileInputGetsAClearErrorInBoundedTimeAndMemory() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "Tests/Hostile/run.py", "--restmap", RestmapBinary.url.path]
        process.currentDirectoryURL = RestmapBinary.packageRoot
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-hostile-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: report.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: report) }
        let handle = try FileHandle(forWritingTo: report)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: report, encoding: .utf8)
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains(" cases, 0 failed"), text)
    }
}
