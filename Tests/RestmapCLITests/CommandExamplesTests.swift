import Foundation
import RestmapTestSupport
import XCTest

/// Every example a command's `--help` and man page show (they come from one source,
/// `CommandManual`) runs as written, with the built restmap on PATH, in a directory holding
/// the files the examples name, and exits 0; a file an example writes is there afterwards.
final class CommandExamplesTests: XCTestCase {
    static let commands = ["", "map", "request", "check", "validate", "describe", "dump", "connect", "init"]

    func testEveryExampleRunsAsWritten() throws {
        var ran = 0
        for command in Self.commands {
            let help = try RestmapBinary.run(command.isEmpty ? ["--help"] : [command, "--help"]).stdout
            let examples = Self.examples(in: help)
            XCTAssertFalse(examples.isEmpty, "restmap \(command) --help shows no example")
            let directory = try fixture()
            defer { try? FileManager.default.removeItem(at: directory) }
            for example in examples {
                let result = try shell(example, in: directory)
                XCTAssertEqual(result.status, 0, "restmap \(command): `\(example)` failed:\n\(result.output)")
                for written in Self.filesWritten(by: example) {
                    let size = (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(written).path)[.size] as? Int) ?? 0
                    XCTAssertGreaterThan(size, 0, "`\(example)` did not write \(written)")
                }
                ran += 1
            }
        }
        XCTAssertGreaterThanOrEqual(ran, 15)
    }

    /// The command lines of the EXAMPLES block (indented four spaces under a description).
    static func examples(in help: String) -> [String] {
        guard let block = help.components(separatedBy: "EXAMPLES:\n").dropFirst().first else { return [] }
        return block.components(separatedBy: "\n\n")[0].split(separator: "\n")
            .filter { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The files an example names as its output: `-o FILE`, `> FILE`, `=FILE` of a report,
    /// `--write-baseline FILE`, `--manifest-out FILE`.
    static func filesWritten(by example: String) -> [String] {
        let words = example.split(separator: " ").map(String.init)
        var files: [String] = []
        for (index, word) in words.enumerated() {
            if ["-o", ">", "--write-baseline", "--manifest-out"].contains(word), index + 1 < words.count { files.append(words[index + 1]) }
            if index > 0, words[index - 1] == "--report", let equals = word.firstIndex(of: "=") { files.append(String(word[word.index(after: equals)...])) }
        }
        return files
    }

    /// A directory with what the examples name: the employees config as api.plist, its
    /// samples under several names, a login for `request`, issue and user samples for `init`,
    /// the shipped manifest and its samples, and a store mapped from the employees.
    private func fixture() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-examples-\(UUID().uuidString)")
        let files = FileManager.default, root = RestmapBinary.packageRoot
        try files.createDirectory(at: directory.appendingPathComponent("samples"), withIntermediateDirectories: true)
        func copy(_ from: String, _ to: String) throws {
            try files.copyItem(at: root.appendingPathComponent(from), to: directory.appendingPathComponent(to))
        }
        try copy("Configs/employees.plist", "api.plist")
        try copy("Samples/employees/employees.json", "employees.json")
        try copy("Samples/employees/employees.json", "emp.json")
        try copy("Samples/employees/departments.json", "dep.json")
        try copy("Samples/requests/user-login.json", "login.json")
        try copy("Samples/employees", "samples/employees")
        try copy("Samples/validation", "samples/validation")
        try copy("Samples/manifest.json", "samples/manifest.json")
        try copy("Samples/openapi/shelter.yaml", "openapi.yaml")
        let manifest = try String(contentsOf: root.appendingPathComponent("Samples/manifest.json"), encoding: .utf8)
        try manifest.replacingOccurrences(of: #""file": ""#, with: #""file": "samples/"#)
            .write(to: directory.appendingPathComponent("m.json"), atomically: true, encoding: .utf8)
        try #"[{"id": 1, "title": "Crash", "user": {"id": 7, "login": "bo"}}]"#
            .write(to: directory.appendingPathComponent("issues.json"), atomically: true, encoding: .utf8)
        try #"[{"id": 7, "login": "bo"}]"#.write(to: directory.appendingPathComponent("users.json"), atomically: true, encoding: .utf8)
        let stored = try shell("restmap map -q -c api.plist --store api.db /employees=employees.json /departments=dep.json", in: directory)
        XCTAssertEqual(stored.status, 0, stored.output)
        return directory
    }

    private func shell(_ line: String, in directory: URL) throws -> (status: Int32, output: String) {
        try ProgramRun.shell(line, in: directory)
    }
}
