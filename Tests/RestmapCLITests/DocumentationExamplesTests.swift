import Foundation
import RestmapTestSupport
import XCTest

/// Every `console` example in README.md and docs/ runs and prints what the page shows: each
/// `$ ` line (with its `\` continuations) runs with `sh` in a scratch directory that holds
/// the repository's Configs/ and Samples/ (and, for the quick start, copies of the employee
/// samples), the built restmap first on PATH; its standard output and error, together, must
/// equal the lines under it, where a line `...` stands for any number of lines. The
/// examples of one page share the directory, in order (a quick start builds on itself).
final class DocumentationExamplesTests: XCTestCase {
    struct Example {
        var page: String
        var command: String
        var expected: [String]
    }

    /// The examples of one page, block by block.
    static func blocks(of page: String) throws -> [[Example]] {
        let text = try String(contentsOf: RestmapBinary.packageRoot.appendingPathComponent(page), encoding: .utf8)
        var blocks: [[Example]] = []
        var current: [Example]?
        var pending = ""
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```console") {
                current = []
                continue
            }
            guard var examples = current else { continue }
            if line.hasPrefix("```") {
                blocks.append(examples)
                current = nil
                continue
            }
            if !pending.isEmpty || line.hasPrefix("$ ") {
                let part = pending.isEmpty ? String(line.dropFirst(2)) : line.trimmingCharacters(in: .whitespaces)
                if part.hasSuffix("\\") {
                    pending += part.dropLast() + " "
                } else {
                    examples.append(Example(page: page, command: pending + part, expected: []))
                    pending = ""
                }
            } else if !examples.isEmpty {
                examples[examples.count - 1].expected.append(line)
            }
            current = examples
        }
        return blocks
    }

    func testEveryConsoleExampleRunsAndPrintsWhatThePageShows() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: RestmapBinary.packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        var ran = 0
        for page in ["README.md", "CONTRIBUTING.md"] + docs {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            for example in try Self.blocks(of: page).joined() {
                let output = try run(example.command, in: directory)
                XCTAssertTrue(
                    Self.matches(Self.lines(output), Self.lines(example.expected.joined(separator: "\n"))),
                    "\(example.page): `\(example.command)` printed:\n\(output)\nwhere the page shows:\n\(example.expected.joined(separator: "\n"))")
                ran += 1
            }
        }
        XCTAssertGreaterThanOrEqual(ran, 10, "the examples were found")
    }

    /// Lines without trailing blanks, and without blank lines at the end.
    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Whether `actual` is `expected`, each `...` line of which stands for any lines.
    static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "..." {
            return (actual.startIndex...actual.endIndex).contains { matches(actual[$0...], expected.dropFirst()) }
        }
        return actual.first == first && matches(actual.dropFirst(), expected.dropFirst())
    }

    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        matches(actual[...], expected[...])
    }

    /// A directory with the repository's Configs/ and Samples/ linked in, and the employee
    /// samples copied to its top as the quick start has them.
    private func scratch() throws -> URL {
        let files = FileManager.default, root = RestmapBinary.packageRoot
        let directory = files.temporaryDirectory.appendingPathComponent("restmap-doc-examples-\(UUID().uuidString)")
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["Configs", "Samples"] {
            try files.createSymbolicLink(at: directory.appendingPathComponent(name), withDestinationURL: root.appendingPathComponent(name))
        }
        for name in ["employees.json", "departments.json"] {
            try files.copyItem(at: root.appendingPathComponent("Samples/employees/" + name), to: directory.appendingPathComponent(name))
        }
        return directory
    }

    private func run(_ command: String, in directory: URL) throws -> String {
        try ProgramRun.shell(command, in: directory).output
    }
}
