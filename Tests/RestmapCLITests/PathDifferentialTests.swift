import Foundation
import RestmapTestSupport
import XCTest

/// Every golden command, and every `map` run of the store goldens, through every execution
/// path (`ExecutionPath.all`: thread counts, standard input and pipes fed in small chunks,
/// NDJSON streamed or kept whole, a store then `dump`, K shards merged and loaded into one
/// store): each must give what the default run gives. A new golden or a new path adds its
/// comparisons here without new test code.
final class PathDifferentialTests: XCTestCase {
    /// The commands of the goldens, and the `map` runs of the store goldens without their store.
    static func invocations() throws -> [(name: String, invocation: Invocation)] {
        var found: [(String, Invocation)] = []
        let golden = try FileManager.default.contentsOfDirectory(at: GoldenTests.goldenDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "golden" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        for file in golden {
            let loaded = try GoldenTests.load(file)
            let stdin = try loaded.stdinFile.map { try Data(contentsOf: RestmapBinary.packageRoot.appendingPathComponent($0)) }
            found.append((loaded.name, Invocation(arguments: loaded.arguments, stdin: stdin)))
        }
        let store = try FileManager.default.contentsOfDirectory(at: StoreGoldenTests.directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "golden" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        for file in store {
            let header = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "--- stdout")[0]
            for (index, line) in header.split(separator: "\n").enumerated() where line.hasPrefix("# run: ") {
                let invocation = Invocation(arguments: ShellWords.split(String(line.dropFirst(7)))).removing("--store")
                guard invocation.command == "map" else { continue }
                found.append(("store/\(file.deletingPathExtension().lastPathComponent) run \(index + 1)", invocation))
            }
        }
        return found
    }

    func testEveryGoldenGivesTheSameResultOnEveryPath() throws {
        let invocations = try Self.invocations()
        let reports = try PathDifferential.checkAll(invocations.map(\.invocation), concurrently: 2)
        var runsPerPath: [String: Int] = [:]
        for ((name, invocation), report) in zip(invocations, reports) {
            for path in report.pathsRun { runsPerPath[path, default: 0] += 1 }
            for finding in report.findings {
                XCTFail("\(name) (\(invocation.arguments.joined(separator: " "))) — \(finding)")
            }
        }
        // A path that applies to no golden would hold nothing to anything.
        for path in ExecutionPath.all {
            XCTAssertGreaterThan(runsPerPath[path.name] ?? 0, 0, "no golden runs through '\(path.name)'")
        }
    }
}
