import Foundation
import XCTest
@testable import RestmapEngine

/// `-o FILE`: the file appears whole when the run succeeds, and a failed run leaves the
/// previous file (or none) and no temporary files behind.
final class AtomicFileSinkTests: XCTestCase {
    func contents(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    func testNothingIsVisibleUntilCommitThenTheWholeFileIs() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory + "/out.json"
        let sink = try AtomicFileSink(path: path)
        try sink.write("[1,")
        try sink.write(Array("2]\n".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        try sink.commit()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "[1,2]\n")
        XCTAssertEqual(try contents(directory), ["out.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let mask = umask(0o022)
        umask(mask)
        XCTAssertEqual(mode, Int(0o666 & ~mask), "a new file gets 0666 minus the umask")
    }

    func testCommitReplacesAnExistingFile() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory + "/out.json"
        try "old and longer\n".write(toFile: path, atomically: false, encoding: .utf8)
        let sink = try AtomicFileSink(path: path)
        try sink.write("new\n")
        try sink.commit()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new\n")
        XCTAssertEqual(try contents(directory), ["out.json"])
    }

    func testAFailedRunLeavesThePreviousFileAndNoPartialOne() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory + "/out.json"
        try "previous\n".write(toFile: path, atomically: false, encoding: .utf8)
        let sink = try AtomicFileSink(path: path)
        try sink.write("[{\"half\":")
        sink.discard()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "previous\n")
        XCTAssertEqual(try contents(directory), ["out.json"])
    }

    func testASinkDroppedWithoutCommitLeavesNothing() throws {
        let directory = try makeTemporaryDirectory(self)
        do {
            let sink = try AtomicFileSink(path: directory + "/out.json")
            try sink.write("partial")
        }
        XCTAssertEqual(try contents(directory), [])
    }

    func testCommitAfterDiscardDoesNotResurrectTheFile() throws {
        let directory = try makeTemporaryDirectory(self)
        let sink = try AtomicFileSink(path: directory + "/out.json")
        try sink.write("x")
        sink.discard()
        try sink.commit()
        XCTAssertEqual(try contents(directory), [])
    }

    func testADirectoryThatDoesNotExistIsAUsageErrorNamingThePath() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory + "/missing/out.json"
        XCTAssertThrowsError(try AtomicFileSink(path: path)) { error in
            let error = error as? RestmapError
            XCTAssertEqual(error?.kind, .usage)
            XCTAssertEqual(error?.diagnostics.first?.message.hasPrefix("cannot write '\(path)'"), true)
        }
        XCTAssertEqual(try contents(directory), [])
    }
}
