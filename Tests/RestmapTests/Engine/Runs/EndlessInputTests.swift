import XCTest
@testable import RestmapEngine

/// Inputs that never end (`/dev/zero`, an endless pipe) end every reader with a clear error:
/// an NDJSON reader skipping a bad line gives up after `InputLimits.skippedLineBytes`.
final class EndlessInputTests: XCTestCase {
    /// Zero bytes for ever, counting how many were read.
    final class Zeros: ByteSource {
        let name = "/dev/zero"
        var delivered = 0
        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            delivered += buffer.count
            return buffer.count
        }
    }

    func testNDJSONOfZerosStopsAfterTheSkippedLineCap() throws {
        let zeros = Zeros()
        let reader = PayloadReader(format: .ndjson, maxDepth: 100)
        let stream = reader.jsonReader(zeros)
        var bad: [RestmapError] = []
        XCTAssertThrowsError(try reader.forEachJSONDocument(stream, format: .ndjson, badDocument: { bad.append($0) }) { _ in
            try stream.nextValue(withLocations: false) != nil
        }) { error in
            let error = error as! RestmapError
            XCTAssertEqual(error.kind, .data)
            XCTAssertEqual(error.codes, [.inputTooLarge])
            XCTAssertEqual(error.diagnostics.first?.location?.file, "/dev/zero")
        }
        XCTAssertEqual(bad.map(\.codes), [[.jsonSyntax]], "the first line's error is reported before the reader gives up")
        XCTAssertLessThan(zeros.delivered, InputLimits.skippedLineBytes + (8 << 20))
    }

    func testRequestOfZerosFailsAtTheFirstByte() throws {
        let zeros = Zeros()
        let capped = CappedByteSource(zeros, limit: InputLimits.requestBytes, keepsCopy: true)
        XCTAssertThrowsError(try JSONReader.value(from: capped)) { error in
            XCTAssertEqual((error as! RestmapError).diagnostics.first?.location?.description, "/dev/zero:1:1")
        }
        XCTAssertLessThanOrEqual(zeros.delivered, 1 << 20)
    }
}
