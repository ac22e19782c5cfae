import Foundation
import XCTest
@testable import RestmapEngine

/// Telling a directory of samples from a file, following symbolic links.
final class FileKindTests: XCTestCase {
    func testFilesDirectoriesLinksAndNothing() throws {
        let directory = try makeTemporaryDirectory(self)
        let file = directory + "/a.json"
        try "{}".write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/samples", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link-to-dir", withDestinationPath: directory + "/samples")
        try FileManager.default.createSymbolicLink(atPath: directory + "/link-to-file", withDestinationPath: file)
        try FileManager.default.createSymbolicLink(atPath: directory + "/dangling", withDestinationPath: directory + "/gone")

        XCTAssertEqual(FileKind.of(file), .file)
        XCTAssertEqual(FileKind.of(directory + "/samples"), .directory)
        XCTAssertEqual(FileKind.of(directory + "/link-to-dir"), .directory)
        XCTAssertEqual(FileKind.of(directory + "/link-to-file"), .file)
        XCTAssertNil(FileKind.of(directory + "/dangling"))
        XCTAssertNil(FileKind.of(directory + "/absent"))
    }
}
