import Foundation
import RestmapTestSupport
import XCTest

/// `make bench` and `bench/profile.sh` hold restmap's output on their generated data to the
/// md5s recorded in bench/outputs.json, so that work on speed shows at once whether it kept
/// the output byte for byte. The built CLI writes exactly the recorded bytes on 1 MB of that
/// data in all three cases, and a check names an output that differs.
final class BenchOutputsTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bench-outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ProgramRun.run("/usr/bin/env", ["python3"] + arguments, in: RestmapBinary.packageRoot)
    }

    func testTheBuiltCLIWritesTheRecordedOutputOnTheBenchmarkData() throws {
        let data = scratch.appendingPathComponent("1mb").path
        let generated = try python(["bench/gen.py", "--mb", "1", "--out", data])
        guard generated.status == 0 else { return XCTFail("bench/gen.py failed: \(generated.output)") }
        let checked = try python(["bench/outputs.py", data, "--restmap", RestmapBinary.url.path])
        XCTAssertEqual(checked.status, 0, checked.output)
        let lines = checked.output.split(separator: "\n")
        XCTAssertEqual(lines.map { String($0.prefix(while: { $0 != " " })) }, ["json", "ndjson", "xml"], checked.output)
        XCTAssertTrue(lines.allSatisfy { $0.hasSuffix(", the recorded output") }, checked.output)
    }

    func testACheckNamesAnOutputThatDiffersAndDataWithNoRecord() throws {
        // Data stamped as a recorded one (the first entry of bench/outputs.json), and an output
        // that is not its JSON tree case's.
        let record = try JSONSerialization.jsonObject(
            with: Data(contentsOf: RestmapBinary.packageRoot.appendingPathComponent("bench/outputs.json"))) as? [String: Any]
        let outputs = try XCTUnwrap(record?["outputs"] as? [String: [String: String]])
        let (stamp, md5s) = try XCTUnwrap(outputs.min { $0.key < $1.key })
        let data = scratch.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try (stamp + "\n").write(to: data.appendingPathComponent(".stamp"), atomically: true, encoding: .utf8)
        let output = scratch.appendingPathComponent("json.out")
        try "[]\n".write(to: output, atomically: true, encoding: .utf8)
        let differs = try python(["bench/outputs.py", "--check", data.path, "json", output.path])
        XCTAssertEqual(differs.status, 1, differs.output)
        XCTAssertTrue(differs.output.contains("DIFFERS from the recorded output (\(try XCTUnwrap(md5s["json"])))"), differs.output)

        try (stamp + " seed=7\n").write(to: data.appendingPathComponent(".stamp"), atomically: true, encoding: .utf8)
        let unrecorded = try python(["bench/outputs.py", "--check", data.path, "json", output.path])
        XCTAssertEqual(unrecorded.status, 3, unrecorded.output)
        XCTAssertTrue(unrecorded.output.contains("no output recorded for this data"), unrecorded.output)
    }
}
