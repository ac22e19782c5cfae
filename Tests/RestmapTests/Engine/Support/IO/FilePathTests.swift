import XCTest
@testable import RestmapEngine

#if canImport(Glibc)
import Glibc
#endif

/// File names are bytes (SPEC §5): names that are not UTF-8 survive the trip through a
/// `String` unchanged, open like any other, and print escaped.
final class FilePathTests: XCTestCase {
    func testValidUTF8StaysAsItIs() {
        let bytes = Array("Samples/é/数据.json".utf8)
        XCTAssertEqual(FilePath.string(fromBytes: bytes), "Samples/é/数据.json")
        XCTAssertEqual(FilePath.bytes(of: "Samples/é/数据.json"), bytes)
    }

    func testInvalidBytesRoundTrip() {
        let cases: [[UInt8]] = [
            [0x2F, 0x74, 0xFF, 0x2E, 0x6A],          // a lone 0xFF
            [0xC3],                                  // a truncated two-byte sequence
            [0xE2, 0x82, 0x41],                      // a truncated three-byte one
            [0xED, 0xA0, 0x80],                      // an encoded surrogate
            [0xC0, 0xAF],                            // an overlong '/'
            [0xF4, 0x8F, 0xBF, 0xBF],                // U+10FFFF itself: escaped too, to stay one-to-one
            [0xF4, 0x8F, 0xBE, 0x80, 0xFF, 0x61],   // U+10FF80 next to a raw byte
        ]
        for bytes in cases {
            let name = FilePath.string(fromBytes: bytes)
            XCTAssertEqual(FilePath.bytes(of: name), bytes, "\(bytes)")
        }
    }

    func testDisplayEscapesRawBytesAndControlCharacters() {
        let name = FilePath.string(fromBytes: Array("/tmp/".utf8) + [0xFF] + Array("a\nb\u{1B}.json".utf8))
        XCTAssertEqual(FilePath.display(name), "/tmp/\\xFFa\\nb\\x1B.json")
        XCTAssertEqual(FilePath.displayRawBytes("cannot open '\(name)'"), "cannot open '/tmp/\\xFFa\nb\u{1B}.json'")
        XCTAssertEqual(SourceLocation(file: name, line: 2, column: 3).description, "/tmp/\\xFFa\\nb\\x1B.json:2:3")
    }

    func testNameThatIsNotUTF8OpensAndReads() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restmap-filepath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = FilePath.string(fromBytes: Array(directory.path.utf8) + Array("/".utf8) + [0xFF, 0xFE] + Array(".json".utf8))
        let descriptor = FilePath.withCString(name) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        _ = "{}".withCString { write(descriptor, $0, 2) }
        close(descriptor)
        let listed = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(listed.count, 1)
        XCTAssertEqual(try FileByteSource(path: name).readAll(), Array("{}".utf8))
        XCTAssertEqual(FileKind.of(name), .file)
    }
}
