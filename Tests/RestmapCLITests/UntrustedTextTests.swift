import Foundation
import RestmapTestSupport
import XCTest

/// Text from a payload, a config or a file name is printed with its control characters
/// escaped in every message and report: a sample cannot start a line a CI runner obeys as a
/// workflow command, nor write terminal escapes.
final class UntrustedTextTests: XCTestCase {
    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-untrusted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Nothing printed holds a raw control character but line breaks between lines, and no
    /// line starts an injected workflow command.
    func assertInert(_ result: CommandResult, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let controls = text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" }
            XCTAssertEqual(controls.map(\.value), [], "\(label): raw control characters in \(stream)", file: file, line: line)
            for printed in text.split(separator: "\n") where printed.hasPrefix("::warning::INJECTED") || printed.hasPrefix("::error::NAMED") {
                XCTFail("\(label): \(stream) line starts a workflow command: \(printed)", file: file, line: line)
            }
        }
    }

    func testPayloadKeysCannotInjectWorkflowCommandsOrTerminalEscapesInAnyReport() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = folder.appendingPathComponent("inj.json")
        try Data(#"{"employees_list":[{"type":"employee","id":1,"name":"a","x\n::warning::INJECTED\u001b[31mRED":1}]}"#.utf8)
            .write(to: payload)
        for report in ["text", "json", "junit", "github", "sarif", "html"] {
            let result = try RestmapBinary.run(["validate", "-c", "Configs/employees.plist", "--report", report, "/employees=" + payload.path])
            assertInert(result, report)
        }
        let text = try RestmapBinary.run(["validate", "-c", "Configs/employees.plist", "/employees=" + payload.path])
        XCTAssertTrue(text.stdout.contains(#"key 'x\n::warning::INJECTED\x1B[31mRED'"#), text.stdout)
    }

    func testConfigNamesCannotInjectIntoCheckOrDescribe() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.json")
        try Data(#"{"entity_attribute_mappings": {"E\n::error::NAMED\u001b[0m": {"id": "id"}}, "path_mappings": [{"uri": "/e", "matchers": [{"entity_name": "E\n::error::NAMED\u001b[0m"}]}]}"#.utf8)
            .write(to: config)
        assertInert(try RestmapBinary.run(["check", "-c", config.path]), "check")
        assertInert(try RestmapBinary.run(["check", "-c", config.path, "--report", "sarif"]), "check --report sarif")
        let describe = try RestmapBinary.run(["describe", "-c", config.path])
        assertInert(describe, "describe")
        XCTAssertTrue(describe.stdout.contains(#"E\n::error::NAMED\x1B[0m"#), describe.stdout)
    }
}
