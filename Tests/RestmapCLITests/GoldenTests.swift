import Foundation
import RestmapTestSupport
import XCTest

/// Golden tests: each `Golden/*.golden` file holds a command line, the exit status it must
/// end with, and its exact stdout and stderr. They run the built CLI the way a user does, so
/// any change a user would see in output, messages or exit codes shows up here.
/// `RECORD_GOLDEN=1 swift test --filter GoldenTests` rewrites the files from actual runs.
///
/// File format:
/// ```
/// # args: map -c Configs/employees.plist Samples/employees/employees.json
/// # stdin: Samples/some-file.json          (optional)
/// # status: 0
/// --- stdout
/// ...
/// --- stderr
/// ...
/// ```
final class GoldenTests: XCTestCase {
    static let goldenDirectory = RestmapBinary.packageRoot.appendingPathComponent("Tests/RestmapCLITests/Golden")

    struct GoldenCase {
        var name: String
        var arguments: [String]
        var stdinFile: String?
        var status: Int32
        var stdout: String
        var stderr: String
        /// Output that does not end with a newline (form bodies) is marked in the header.
        var stdoutEndsWithNewline = true
    }

    static func load(_ url: URL) throws -> GoldenCase {
        let text = try String(contentsOf: url, encoding: .utf8)
        var arguments: [String] = []
        var stdinFile: String?
        var status: Int32 = 0
        var stdoutEndsWithNewline = true
        var stdoutLines: [Substring] = [], stderrLines: [Substring] = []
        var section: String?
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            if line == "--- stdout" { section = "stdout"; continue }
            if line == "--- stderr" { section = "stderr"; continue }
            switch section {
            case "stdout": stdoutLines.append(line)
            case "stderr": stderrLines.append(line)
            default:
                if line.hasPrefix("# args: ") { arguments = ShellWords.split(String(line.dropFirst(8))) }
                if line.hasPrefix("# stdin: ") { stdinFile = String(line.dropFirst(9)) }
                if line.hasPrefix("# status: ") { status = Int32(line.dropFirst(10)) ?? -1 }
                if line == "# stdout-without-final-newline" { stdoutEndsWithNewline = false }
            }
        }
        let stdout = stdoutLines.joined(separator: "\n")
        let stderr = stderrLines.joined(separator: "\n")
        return GoldenCase(
            name: url.deletingPathExtension().lastPathComponent, arguments: arguments, stdinFile: stdinFile,
            status: status, stdout: stdout, stderr: stderr, stdoutEndsWithNewline: stdoutEndsWithNewline)
    }

    static func render(_ golden: GoldenCase, header: String) -> String {
        var text = header
        text += "--- stdout\n" + golden.stdout + "\n"
        text += "--- stderr\n" + golden.stderr + "\n"
        return text
    }

    func cases() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: Self.goldenDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "golden" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    func testEveryGoldenCase() throws {
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil
        let files = try cases()
        XCTAssertFalse(files.isEmpty, "no golden cases found in \(Self.goldenDirectory.path)")
        for file in files {
            let golden = try Self.load(file)
            let stdin = try golden.stdinFile.map { try Data(contentsOf: RestmapBinary.packageRoot.appendingPathComponent($0)) }
            let result = try RestmapBinary.run(golden.arguments, stdin: stdin)
            if record {
                let original = try String(contentsOf: file, encoding: .utf8)
                var header = original.components(separatedBy: "--- stdout")[0]
                    .replacingOccurrences(of: "# status: \(golden.status)", with: "# status: \(result.status)")
                    .replacingOccurrences(of: "# stdout-without-final-newline\n", with: "")
                if !result.stdout.isEmpty && !result.stdout.hasSuffix("\n") {
                    header += "# stdout-without-final-newline\n"
                }
                var updated = golden
                updated.stdout = result.stdout.hasSuffix("\n") ? String(result.stdout.dropLast()) : result.stdout
                updated.stderr = result.stderr.hasSuffix("\n") ? String(result.stderr.dropLast()) : result.stderr
                let text = Self.render(updated, header: header)
                try text.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            XCTAssertEqual(result.status, golden.status, "\(golden.name): exit status\nstderr:\n\(result.stderr)")
            let expectedStdout = golden.stdout.isEmpty || !golden.stdoutEndsWithNewline ? golden.stdout : golden.stdout + "\n"
            XCTAssertEqual(result.stdout, expectedStdout, "\(golden.name): stdout")
            XCTAssertEqual(result.stderr, golden.stderr.isEmpty ? "" : golden.stderr + "\n", "\(golden.name): stderr")
        }
    }

    /// Every example config must be exercised by at least one golden case, so that an
    /// example cannot silently stop working.
    func testEveryExampleConfigHasAGoldenCase() throws {
        let configs = try FileManager.default.contentsOfDirectory(
            atPath: RestmapBinary.packageRoot.appendingPathComponent("Configs").path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".xcdatamodeld") && !$0.hasSuffix(".xcdatamodel") }
        let goldenArguments = try cases().map { try Self.load($0).arguments.joined(separator: " ") }
        for config in configs {
            XCTAssertTrue(
                goldenArguments.contains { $0.contains("Configs/\(config)") },
                "Configs/\(config) has no golden case in Tests/RestmapCLITests/Golden")
        }
    }

    /// Output must not vary between runs (SPEC §5).
    func testOutputIsByteIdenticalAcrossRuns() throws {
        for file in try cases().prefix(6) {
            let golden = try Self.load(file)
            let stdin = try golden.stdinFile.map { try Data(contentsOf: RestmapBinary.packageRoot.appendingPathComponent($0)) }
            let first = try RestmapBinary.run(golden.arguments, stdin: stdin)
            let second = try RestmapBinary.run(golden.arguments, stdin: stdin)
            XCTAssertEqual(first.stdout, second.stdout, golden.name)
        }
    }
}
