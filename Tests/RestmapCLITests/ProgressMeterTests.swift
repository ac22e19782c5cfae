import Foundation
import RestmapTestSupport
import XCTest

/// The progress meter shows on a terminal for inputs over 64 MiB, never otherwise, and never
/// in `-o` output. Runs under a pseudo-terminal through util-linux's `script`.
final class ProgressMeterTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// An employees payload of at least `bytes` bytes.
    private func payload(atLeast bytes: Int) throws -> URL {
        // Long descriptions: few records make the bytes, so the debug build maps them quickly.
        let padding = String(repeating: "Some text that pads the record out. ", count: 200)
        let record = #"{"type":"employee","id":1,"name":"A name","description":""# + padding
            + #"","dept":{"type":"department","id":7,"name":"IT"},"secondary_dept":null}"#
        var text = #"{"employees_list":["#
        let count = bytes / (record.utf8.count + 1) + 1
        text.reserveCapacity(count * (record.utf8.count + 1) + 32)
        for index in 0..<count {
            if index > 0 { text += "," }
            text += record
        }
        text += "]}"
        let url = scratch.appendingPathComponent("big.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Runs `restmap ARGS` with a pseudo-terminal as its stdin, stdout and stderr; returns
    /// everything the terminal showed.
    private func runOnTerminal(_ arguments: [String]) throws -> String {
        let transcript = scratch.appendingPathComponent("typescript")
        let command = ([RestmapBinary.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, transcript.path]
        process.currentDirectoryURL = RestmapBinary.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "script ran the command")
        return String(decoding: try Data(contentsOf: transcript), as: UTF8.self)
    }

    func testLargeInputOnATerminalShowsTheMeterButNotInTheOutputFile() throws {
        let input = try payload(atLeast: (64 << 20) + (2 << 20))
        let output = scratch.appendingPathComponent("out.json")
        let screen = try runOnTerminal(["map", "-c", "Configs/employees.plist", "--path", "/employees", input.path, "-o", output.path])
        XCTAssertTrue(screen.contains("MB/s"), "the meter shows throughput")
        XCTAssertTrue(screen.contains(" records"), "and records")
        XCTAssertTrue(screen.contains(" of "), "and the share done, the size being known")
        let written = try String(contentsOf: output, encoding: .utf8)
        XCTAssertFalse(written.contains("MB/s"), "the meter never reaches -o output")
        XCTAssertTrue(written.hasPrefix("[\n  {\n    \"_entity\": \"Employee\""))

        // The same input, standard error not a terminal: no meter.
        let plain = try RestmapBinary.run(["map", "-c", "Configs/employees.plist", "--path", "/employees", input.path, "-o", output.path])
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.stderr, "")
    }

    func testSmallInputOnATerminalShowsNoMeter() throws {
        let screen = try runOnTerminal(["map", "-c", "Configs/employees.plist", "--path", "/employees",
                                        "Samples/employees/employees.json", "-o", scratch.appendingPathComponent("o.json").path])
        XCTAssertFalse(screen.contains("MB/s"))
    }
}
