import Foundation
import XCTest
@testable import RestmapEngine

/// Reading inputs: in memory or from files, in chunks, whole, and refused past a cap.
final class ByteSourceTests: XCTestCase {
    func read(_ source: ByteSource, chunk: Int) throws -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        while true {
            var buffer = [UInt8](repeating: 0, count: chunk)
            let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            if count == 0 { return chunks }
            chunks.append(Array(buffer[..<count]))
        }
    }

    func testMemorySourceHandsOutItsBytesInChunksThenZero() throws {
        let source = MemoryByteSource("abcdefg", name: "m.json")
        XCTAssertEqual(try read(source, chunk: 3), [Array("abc".utf8), Array("def".utf8), Array("g".utf8)])
        XCTAssertEqual(try read(source, chunk: 3), [], "the end stays the end")
        XCTAssertEqual(source.name, "m.json")
    }

    func testReadAllReturnsEverythingAcrossItsGrowingChunks() throws {
        let bytes = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        XCTAssertEqual(try MemoryByteSource(bytes).readAll(), bytes)
        XCTAssertEqual(try MemoryByteSource([]).readAll(), [])
    }

    func testReadAllAcceptsExactlyTheLimitAndRefusesOneByteMoreAsALocatedDataError() throws {
        let limit = 5_000
        XCTAssertEqual(try MemoryByteSource([UInt8](repeating: 0x20, count: limit)).readAll(limit: limit).count, limit)
        XCTAssertThrowsError(try MemoryByteSource([UInt8](repeating: 0x20, count: limit + 1), name: "big.json").readAll(limit: limit)) { error in
            let error = error as? RestmapError
            XCTAssertEqual(error?.kind, .data)
            XCTAssertEqual(error?.exitCode, 1)
            XCTAssertEqual(error?.diagnostics.map(\.location?.description), ["big.json"])
            XCTAssertEqual(error?.diagnostics.first?.message.hasPrefix("input is larger than the"), true)
        }
    }

    func testFileSourceReadsTheFileAndIsNamedByItsPath() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory + "/input.json"
        let text = String(repeating: "{\"a\": 1}\n", count: 10_000)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let source = try FileByteSource(path: path)
        XCTAssertEqual(source.name, path)
        XCTAssertEqual(try source.readAll(), Array(text.utf8))
    }

    func testMissingFilesAndDirectoriesAreUsageErrorsNamingThePath() throws {
        let directory = try makeTemporaryDirectory(self)
        for path in [directory + "/absent.json", directory] {
            XCTAssertThrowsError(try FileByteSource(path: path)) { error in
                let error = error as? RestmapError
                XCTAssertEqual(error?.kind, .usage)
                XCTAssertEqual(error?.exitCode, 2)
                XCTAssertEqual(error?.diagnostics.first?.message.contains("'\(path)'"), true)
            }
        }
    }

    func testDescriptorSourceReadsWhatIsWrittenToAPipe() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("one\ntwo\n".utf8))
        try pipe.fileHandleForWriting.close()
        let source = FileByteSource(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, name: "<stdin>")
        XCTAssertEqual(String(decoding: try source.readAll(), as: UTF8.self), "one\ntwo\n")
        XCTAssertEqual(source.name, "<stdin>")
    }

    /// Readers read ahead of their parser only where a read cannot wait for input to come:
    /// files and memory, through every wrapper, but never a pipe.
    func testOnlyFilesAndMemoryAreReadWithoutWaiting() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory + "/input.xml"
        try "<l/>".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try FileByteSource(path: path)
        XCTAssertTrue(file.readsWithoutWaiting)
        XCTAssertTrue(PeekableByteSource(CountingByteSource(file, counter: ProgressCounter())).readsWithoutWaiting)
        XCTAssertTrue(MemoryByteSource([1, 2]).readsWithoutWaiting)
        let pipe = Pipe()
        let stdin = FileByteSource(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, name: "<stdin>")
        XCTAssertFalse(stdin.readsWithoutWaiting)
        XCTAssertFalse(PeekableByteSource(CappedByteSource(stdin, limit: 10)).readsWithoutWaiting)
    }
}
