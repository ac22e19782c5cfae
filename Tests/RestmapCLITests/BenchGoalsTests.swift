import Foundation
import RestmapTestSupport
import XCTest

/// `make bench` judges its runs against bench/goals.json, data rather than prose: the file
/// parses, names each case's peers and memory bound, and `bench/run.py --goals` prints them.
final class BenchGoalsTests: XCTestCase {
    func testTheBenchmarkReadsItsGoalsFromData() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "bench/run.py", "--goals"]
        process.currentDirectoryURL = RestmapBinary.packageRoot
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.map { String($0.prefix(while: { $0 != " " })) }, ["json", "ndjson", "xml"], text)
        XCTAssertTrue(lines[0].contains("≥ 10× jq") && lines[0].contains("peak RSS ≤ 1.5× input"), text)
        XCTAssertTrue(lines[1].contains("peak RSS ≤ 50 MiB"), text)
    }
}
