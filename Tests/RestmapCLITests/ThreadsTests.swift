import Foundation
import RestmapTestSupport
import XCTest

/// `--threads N` (SPEC §4): the output is the same bytes whatever N is, and a malformed input
/// is reported once, at the same place, with any number of threads. Above 1, a JSON input's
/// elements are parsed on a thread of their own and handed to the mapper in batches, so the
/// generated inputs here hold several batches' worth of elements, and errors fall in the
/// middle of a batch.
final class ThreadsTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-threads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// `arguments` with `--threads n` after the command's name.
    private func run(_ arguments: [String], threads: Int, stdin: Data? = nil) throws -> CommandResult {
        var withThreads = arguments
        withThreads.insert(contentsOf: ["--threads", String(threads)], at: 1)
        return try RestmapBinary.run(withThreads, stdin: stdin)
    }

    private func assertSameRun(_ arguments: [String], stdin: Data? = nil, _ label: String) throws -> CommandResult {
        let one = try run(arguments, threads: 1, stdin: stdin)
        let four = try run(arguments, threads: 4, stdin: stdin)
        XCTAssertEqual(one.status, four.status, "\(label): exit status")
        XCTAssertEqual(one.stdout, four.stdout, "\(label): stdout differs between --threads 1 and --threads 4")
        XCTAssertEqual(one.stderr, four.stderr, "\(label): stderr differs between --threads 1 and --threads 4")
        return one
    }

    /// `count` employees in the shape of Samples/employees/employees.json, one a line.
    private func employees(_ count: Int) -> [String] {
        (0..<count).map { i in
            let dept = i % 7 == 0 ? "null" : "{\"type\": \"department\", \"id\": \(i % 13), \"name\": \"Dept \(i % 13)\"}"
            return "{\"type\": \"employee\", \"id\": \(1000 + i), \"name\": \"Empl\\u00f6yee \(i)\", \"description\": \"a \\\"quoted\\\" text \(i)\", \"dept\": \(dept), \"secondary_dept\": \(i % 5 == 0 ? "null" : String(i % 13)), \"tags\": [\"x\", \"y\"]}"
        }
    }

    /// A run that writes each employee of `file`'s `employees_list` as soon as it is mapped
    /// (ndjson output, a config without connections).
    private func streamedEmployees(_ file: String) -> [String] {
        ["map", "-c", "bench/employees-stream.plist", "--entity", "Employee", "--key-path", "employees_list",
         "--format", "ndjson", file]
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testLargeInputsAreIdenticalWithOneAndFourThreads() throws {
        let lines = employees(1_000)
        let json = try write("{\"employees_list\": [\n" + lines.joined(separator: ",\n") + "]}\n", "employees.json")
        let ndjson = try write(lines.joined(separator: "\n") + "\n", "employees.ndjson")
        let xmlRecords = (0..<1_000).map { i in
            "<employee id=\"\(1000 + i)\"><type>employee</type><name>E \(i)</name><description>d &amp; \(i)</description><dept><id>\(i % 13)</id><name>Dept \(i % 13)</name></dept><secondary_dept>\(i % 5 == 0 ? "" : String(i % 13))</secondary_dept></employee>"
        }
        let xml = try write("<employees_list>" + xmlRecords.joined(separator: "\n") + "</employees_list>\n", "employees.xml")
        let tree = try assertSameRun(["map", "-c", "Configs/employees.plist", "--path", "/employees", json], "JSON tree")
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertEqual(tree.stdout.components(separatedBy: "\"_entity\": \"Employee\"").count - 1, 1_000)
        // Above 256 roots the tree's records are encoded in slices on several threads.
        let compact = try assertSameRun(["map", "-c", "Configs/employees.plist", "--path", "/employees", "--compact", json], "compact tree")
        XCTAssertEqual(compact.stdout.components(separatedBy: "\"_entity\":\"Employee\"").count - 1, 1_000)
        XCTAssertTrue(compact.stdout.hasPrefix("[{") && compact.stdout.hasSuffix("}]\n"))
        let stream = try assertSameRun(
            ["map", "-c", "bench/employees-stream.plist", "--path", "/employees", "--format", "ndjson", ndjson], "NDJSON")
        XCTAssertEqual(stream.status, 0, stream.stderr)
        XCTAssertEqual(stream.stdout.split(separator: "\n").count, 1_000)
        // One document streamed to ndjson: records are written while the parser runs ahead.
        let streamed = try assertSameRun(streamedEmployees(json), "JSON → ndjson")
        XCTAssertEqual(streamed.status, 0, streamed.stderr)
        XCTAssertEqual(streamed.stdout.split(separator: "\n").count, 1_000)
        let fromXML = try assertSameRun(["map", "-c", "bench/employees-xml.plist", "--path", "/employees", xml], "XML tree")
        XCTAssertEqual(fromXML.status, 0, fromXML.stderr)
        XCTAssertEqual(fromXML.stdout.components(separatedBy: "\"_entity\": \"Employee\"").count - 1, 1_000)
    }

    /// Enough roots for the tree output's slices to outnumber what may be encoded ahead of the
    /// one being written: helpers wait for the writer, and the bytes stay the same.
    func testATreeOfManySlicesIsWrittenInOrder() throws {
        let json = try write("{\"employees_list\": [\n" + employees(20_000).joined(separator: ",\n") + "]}\n", "many.json")
        let tree = try assertSameRun(["map", "-c", "Configs/employees.plist", "--path", "/employees", "--compact", json], "many slices")
        XCTAssertEqual(tree.status, 0, tree.stderr)
        let ids = tree.stdout.components(separatedBy: "{\"_entity\":\"Employee\",\"entityId\":").dropFirst().map { $0.prefix { $0.isNumber } }
        XCTAssertEqual(ids.count, 20_000)
        XCTAssertEqual(ids.first, "1000")
        XCTAssertEqual(ids.last, "20999", "the last slice is written last")
    }

    func testMalformedInputIsReportedOnceAtTheSamePlaceWithAnyThreads() throws {
        var lines = employees(600)
        lines[400] = "{\"type\": \"employee\", \"id\": 1400, \"name\": \"Bob\" \"oops\": 1}"  // a missing comma, line 402
        let json = try write("{\"employees_list\": [\n" + lines.joined(separator: ",\n") + "]}\n", "bad.json")
        let tree = try assertSameRun(["map", "-c", "Configs/employees.plist", "--path", "/employees", json], "malformed JSON")
        XCTAssertEqual(tree.status, 1)
        XCTAssertEqual(tree.stdout, "", "a failed tree run prints nothing")
        XCTAssertEqual(tree.stderr.components(separatedBy: "error:").count - 1, 1, tree.stderr)
        XCTAssertTrue(tree.stderr.contains("bad.json:402:"), tree.stderr)
        // Streaming output: the 400 employees before the error are written, then the error.
        let stream = try assertSameRun(streamedEmployees(json), "malformed JSON, streamed")
        XCTAssertEqual(stream.status, 1)
        XCTAssertEqual(stream.stdout.split(separator: "\n").count, 400)
        XCTAssertEqual(stream.stderr.components(separatedBy: "error:").count - 1, 1, stream.stderr)
        XCTAssertTrue(stream.stderr.contains("bad.json:402:"), stream.stderr)
        // NDJSON: each bad line is reported once, at its line, and the others are mapped. A
        // line cut after a comma reads on into the next line (JSON allows the newline there),
        // so the error is at line 152 and both lines are lost.
        var ndjsonLines = employees(600)
        ndjsonLines[150] = "{\"type\": \"employee\", \"id\": 1150,"
        ndjsonLines[420] = "{\"type\": \"employee\" \"id\": 1420}"
        let ndjson = try write(ndjsonLines.joined(separator: "\n") + "\n", "bad.ndjson")
        let mapped = try assertSameRun(
            ["map", "-c", "bench/employees-stream.plist", "--path", "/employees", "--format", "ndjson", ndjson],
            "malformed NDJSON")
        XCTAssertEqual(mapped.status, 1)
        XCTAssertEqual(mapped.stdout.split(separator: "\n").count, 597)
        XCTAssertEqual(mapped.stderr.components(separatedBy: "error:").count - 1, 2, mapped.stderr)
        XCTAssertTrue(mapped.stderr.contains("bad.ndjson:152:1:") && mapped.stderr.contains("bad.ndjson:421:"), mapped.stderr)
        // A document cut short in the middle of a batch.
        let cut = try write("{\"employees_list\": [\n" + employees(300).joined(separator: ",\n"), "cut.json")
        let truncated = try assertSameRun(["map", "-c", "Configs/employees.plist", "--path", "/employees", cut], "truncated JSON")
        XCTAssertEqual(truncated.status, 1)
        XCTAssertEqual(truncated.stderr.components(separatedBy: "error:").count - 1, 1, truncated.stderr)
        XCTAssertTrue(truncated.stderr.contains("cut.json:301:"), truncated.stderr)
    }

    /// XML from a file is read and checked ahead of the parser by the mapping thread; a start
    /// tag with too many attributes, chunks into the input, must still end the run the same
    /// way, with one thread or several, from a file (read ahead) or a pipe (not).
    func testACrowdedXMLElementDeepInAFileEndsTheRunTheSameWayWithAnyThreads() throws {
        let crowded = "<x" + (0...10_000).map { " a\($0)=\"\"" }.joined() + "/>"
        let records = (0..<5_000).map { i in
            "<employee id=\"\(1000 + i)\"><type>employee</type><name>E \(i)</name><description>d &amp; \(i)</description>"
                + "<dept><id>\(i % 13)</id><name>Dept \(i % 13)</name></dept>\(i == 4_000 ? crowded : "")</employee>"
        }
        let text = "<employees_list>\n" + records.joined(separator: "\n") + "\n</employees_list>\n"
        XCTAssertGreaterThan(text.utf8.count, 3 << 18, "several of the reader's 256 KiB chunks")
        let xml = try write(text, "crowded.xml")
        let arguments = ["map", "-c", "bench/employees-xml.plist", "--path", "/employees", "--format", "ndjson"]
        let fromFile = try assertSameRun(arguments + [xml], "crowded XML file")
        XCTAssertEqual(fromFile.status, 1)
        XCTAssertEqual(fromFile.stderr.components(separatedBy: "error:").count - 1, 1, fromFile.stderr)
        XCTAssertTrue(fromFile.stderr.contains("crowded.xml:4002:") && fromFile.stderr.contains("more than 10000 attributes"), fromFile.stderr)
        let fromPipe = try assertSameRun(arguments, stdin: Data(text.utf8), "crowded XML on standard input")
        XCTAssertEqual(fromPipe.status, fromFile.status)
        XCTAssertEqual(fromPipe.stdout, fromFile.stdout)
        XCTAssertEqual(fromPipe.stderr, fromFile.stderr.replacingOccurrences(of: xml, with: "<stdin>"))
    }

    func testThreadsMustBeAtLeastOne() throws {
        let result = try RestmapBinary.run(["map", "--threads", "0", "-c", "Configs/employees.plist", "Samples/employees/employees.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--threads must be at least 1"), result.stderr)
    }
}
