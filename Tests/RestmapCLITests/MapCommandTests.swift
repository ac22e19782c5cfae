import Foundation
import RestmapTestSupport
import XCTest

/// CLI behaviour golden files cannot show: files written with -o, exit codes of argument
/// errors, standard input.
final class MapCommandTests: XCTestCase {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func testOutputFileIsWrittenOnSuccessAndLeftAloneOnFailure() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json")
        var result = try RestmapBinary.run([
            "map", "-c", "Configs/employees.plist", "--path", "/employees", "-o", output.path,
            "Samples/employees/employees.json",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let first = try String(contentsOf: output, encoding: .utf8)
        XCTAssertTrue(first.hasPrefix("[\n  {\n    \"_entity\": \"Employee\""))

        // A malformed input: exit 1 and the previous file is untouched, no temp file left.
        let bad = directory.appendingPathComponent("bad.json")
        try "{\"employees_list\": [{\"type\": \"employee\", \"id\": 1}, ".write(to: bad, atomically: true, encoding: .utf8)
        result = try RestmapBinary.run([
            "map", "-c", "Configs/employees.plist", "--path", "/employees", "-o", output.path,
            "Samples/employees/employees.json", bad.path,
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("bad.json:1:"), result.stderr)
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), first)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["bad.json", "out.json"])
    }

    /// A path mapping's key path over a root array fans out over its elements on the path a
    /// user runs — the default thread count, a file, `URI=FILE`, standard input — exactly as
    /// with `--threads 1` (it once mapped nothing with two threads).
    func testAKeyPathOverARootArrayMapsTheSameOnEveryThreadCount() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.json")
        try Data(#"{"entity_attribute_mappings": {"Pet": {"id": "petID", "name": "name"}}, "path_mappings": [{"uri": "/owners", "key_path": "pet", "matchers": [{"entity_name": "Pet"}]}]}"#.utf8).write(to: config)
        let payload = directory.appendingPathComponent("owners.json")
        let owners = #"[{"id": 1, "name": "Ines"}, {"id": 2, "name": "Tomas", "pet": {"id": 9, "name": "Miso"}}, {"id": 3, "pet": null}]"#
        try Data(owners.utf8).write(to: payload)
        let expected = #"[{"_entity":"Pet","petID":9,"name":"Miso"}]"# + "\n"
        let runs: [(String, [String], Data?)] = [
            ("default threads", ["--path", "/owners", payload.path], nil),
            ("URI=FILE", ["/owners=" + payload.path], nil),
            ("standard input", ["--path", "/owners", "-"], Data(owners.utf8)),
            ("--threads 1", ["--threads", "1", "--path", "/owners", payload.path], nil),
            ("--threads 2", ["--threads", "2", "--path", "/owners", payload.path], nil),
        ]
        for (label, arguments, stdin) in runs {
            let result = try RestmapBinary.run(["map", "-c", config.path, "--compact"] + arguments, stdin: stdin)
            XCTAssertEqual(result.status, 0, "\(label): \(result.stderr)")
            XCTAssertEqual(result.stdout, expected, label)
        }
    }

    /// A percent-escape beside a parameter in a pattern matches the character it stands for,
    /// escaped or not in the request path, as it does in a segment of its own.
    func testAnEscapeBesideAParameterMatchesTheRequestDecoded() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.json")
        try Data(#"{"entity_attribute_mappings": {"File": {"id": "id"}}, "path_mappings": [{"uri": "/files/:id%2Ejson", "matchers": [{"entity_name": "File"}]}]}"#.utf8).write(to: config)
        let payload = directory.appendingPathComponent("file.json")
        try Data(#"{"id": 7}"#.utf8).write(to: payload)
        for path in ["/files/7.json", "/files/7%2Ejson"] {
            let result = try RestmapBinary.run(["map", "-c", config.path, "--compact", "\(path)=\(payload.path)"])
            XCTAssertEqual(result.status, 0, "\(path): \(result.stderr)")
            XCTAssertEqual(result.stdout, #"[{"_entity":"File","id":7}]"# + "\n", path)
        }
        let other = try RestmapBinary.run(["map", "-c", config.path, "--compact", "/files/7.xml=\(payload.path)"])
        XCTAssertEqual(other.status, 1, other.stderr)
    }

    /// `restmap map -c payload.json` out of jq's habit (`jq -c` is compact output): one
    /// error, not a warning per payload key, pointing at `--config` and `--compact`.
    func testAPayloadGivenAsTheConfigGetsOneErrorWithAHintTowardsCompact() throws {
        let result = try RestmapBinary.run(["map", "-c", "Samples/employees/employees.json", "Samples/employees/employees.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("-c names the config (--config), and compact output, jq's -c, is --compact"), result.stderr)
    }

    func testArgumentErrorsExitTwo() throws {
        var result = try RestmapBinary.run(["map", "--bogus"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("Unknown option '--bogus'"), result.stderr)
        result = try RestmapBinary.run(["map", "-c", "Configs/employees.plist", "--path", "/employees", "missing.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: cannot open 'missing.json': No such file or directory\n")
        result = try RestmapBinary.run(["map", "-c", "Configs/employees.plist", "--entity", "Employe", "-"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: --entity names 'Employe', which the config does not define; did you mean 'Employee'?\n")
        result = try RestmapBinary.run(["check", "-c", "Samples/employees/employees.json"])
        XCTAssertEqual(result.status, 2, "a JSON file without sections is not a config")
    }

    func testHugeNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let result = try RestmapBinary.run(
            ["map", "-c", "Configs/employees.plist", "--path", "/employees", "-"], stdin: Data(deep.utf8))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("nesting deeper than 10000 levels"), result.stderr)
    }

    /// Relationships nested past restmap's limit leave the run incomplete: it fails and
    /// prints no records, rather than passing with the deep part silently missing.
    func testRelationshipsNestedPastTheLimitFailTheRun() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("thread.json")
        try #"""
            {"entity_attribute_mappings": {"Comment": {"id": "commentID"}},
             "primary_key_mappings": {"Comment": ["commentID"]},
             "relationship_mappings": {"Comment": {"reply": {"target": "Comment", "key_path": "reply"}}},
             "path_mappings": [{"uri": "/comments", "matchers": [{"entity_name": "Comment"}]}]}
            """#.write(to: config, atomically: true, encoding: .utf8)
        let levels = 2_001
        let payload = (1...levels).map { "{\"id\": \($0), \"reply\": " }.joined() + "null" + String(repeating: "}", count: levels)
        for threads in ["1", "2"] {
            let result = try RestmapBinary.run(
                ["map", "--threads", threads, "-c", config.path, "--path", "/comments", "-"], stdin: Data(payload.utf8))
            XCTAssertEqual(result.status, 1, "--threads \(threads): " + result.stderr)
            XCTAssertTrue(result.stderr.contains("relationships nest deeper than 2000 levels"), result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testInvalidUTF8IsAnError() throws {
        var bytes = Data("{\"employees_list\": [{\"type\": \"employee\", \"id\": 1, \"name\": \"".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(contentsOf: Data("\"}]}".utf8))
        let result = try RestmapBinary.run(["map", "-c", "Configs/employees.plist", "--path", "/employees", "-"], stdin: bytes)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("<stdin>:1:"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testStrictCheckFailsOnWarnings() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("c.json")
        try #"{"entity_attribute_mappings": {"A": {"id": "id"}}, "extra": 1}"#.write(to: config, atomically: true, encoding: .utf8)
        var result = try RestmapBinary.run(["check", "-c", config.path])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("warning: unknown section 'extra'"), result.stderr)
        result = try RestmapBinary.run(["check", "--strict", "-c", config.path])
        XCTAssertEqual(result.status, 1)
    }
}

extension MapCommandTests {
    /// Colours only on a terminal: a pipe never gets escape codes, even without NO_COLOR.
    func testNoColorsWhenNotATerminal() throws {
        let result = try RestmapBinary.run(["check", "-c", "Samples/employees/employees.json"], environment: ["NO_COLOR": ""])
        XCTAssertFalse(result.stderr.contains("\u{1B}["), result.stderr)
    }
}
