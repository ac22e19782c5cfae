import XCTest
@testable import RestmapEngine

/// NDJSON errors after a repeated key path: the lines after the bad one are
/// located the same, and correctly, however the bytes arrive.
final class NDJSONErrorLocationTests: XCTestCase {
    let input = Array("{\n \"employees_list\": [], \"name\": \"IT\", \"employees_list\": []}\n  ]\n}\n".utf8)

    /// The errors `map` reports streaming `employees_list` from each line, read in chunks of
    /// `chunkSize` bytes.
    func errors(chunkSize: Int) throws -> [String] {
        let reader = JSONStreamReader(source: MemoryByteSource(input, name: "dup.ndjson"), chunkSize: chunkSize)
        var errors: [String] = []
        try PayloadReader(format: .ndjson, maxDepth: 100).forEachJSONDocument(
            reader, format: .ndjson, badDocument: { errors.append($0.description) }
        ) { _ in
            do {
                try reader.streamElements(at: ["employees_list"]) { _ in }
            } catch let repeated as JSONPathKeyRepeated {
                throw RestmapError.data(.jsonRepeatedStreamedKey, "repeated", at: repeated.location)
            }
            return true
        }
        return errors
    }

    func testErrorsAfterARepeatedKeyPathDoNotDependOnChunking() throws {
        let expected = [
            "dup.ndjson:2:38: error: repeated",
            "dup.ndjson:3:3: error: unexpected character ']'",
            "dup.ndjson:4:1: error: unexpected character '}'",
        ]
        for chunkSize in [2, 3, 5, 30, 64, 1 << 20] {
            XCTAssertEqual(try errors(chunkSize: chunkSize), expected, "chunk size \(chunkSize)")
        }
    }
}
