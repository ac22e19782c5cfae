import XCTest
@testable import RestmapEngine

/// `map` and `validate` read inputs through one PayloadReader: the same sniffing and the
/// same JSON/NDJSON document loop.
final class PayloadReaderTests: XCTestCase {
    private func format(_ text: String, asked: PayloadFormat = .auto) throws -> PayloadFormat {
        let source = PeekableByteSource(MemoryByteSource(text, name: "in"))
        return try PayloadReader(format: asked, maxDepth: 100).format(of: source)
    }

    func testSniffsXMLByItsFirstSignificantByte() throws {
        XCTAssertEqual(try format("  \n<employees/>"), .xml)
        XCTAssertEqual(try format("{\"a\": 1}"), .auto)
        XCTAssertEqual(try format("[1, 2]"), .auto)
    }

    func testAnExplicitFormatIsNotSniffed() throws {
        XCTAssertEqual(try format("<a/>", asked: .json), .json)
        XCTAssertEqual(try format("{}", asked: .xml), .xml)
    }

    /// Reads every document of `text`; returns the values read and the errors passed on.
    private func documents(_ text: String, format: PayloadFormat) throws -> (values: [Value], errors: [RestmapError]) {
        let payloadReader = PayloadReader(format: format, maxDepth: 100)
        let reader = payloadReader.jsonReader(MemoryByteSource(text, name: "in.ndjson"))
        var values: [Value] = []
        var errors: [RestmapError] = []
        try payloadReader.forEachJSONDocument(reader, format: format, badDocument: { errors.append($0) }) { _ in
            guard let document = try reader.nextValue() else { return false }
            values.append(document.value)
            return true
        }
        return (values, errors)
    }

    func testSeveralValuesAreNDJSONInAutoMode() throws {
        let (values, errors) = try documents("{\"a\":1}\n{\"a\":2}\n", format: .auto)
        XCTAssertEqual(values.count, 2)
        XCTAssertTrue(errors.isEmpty)
    }

    func testABadNDJSONLineIsPassedOnAndSkipped() throws {
        let (values, errors) = try documents("{\"a\":1}\n{\"a\" 2}\n{\"a\":3}\n", format: .ndjson)
        XCTAssertEqual(values.count, 2, "the lines before and after the bad one are read")
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?.exitCode, 1)
        XCTAssertEqual(errors.first?.diagnostics.first?.location?.line, 2)
    }

    func testJSONFormatAllowsOneDocumentOnly() {
        XCTAssertThrowsError(try documents("{\"a\":1}\n{\"a\":2}\n", format: .json)) { error in
            XCTAssertEqual((error as? RestmapError)?.exitCode, 1)
        }
    }

    func testAMalformedFirstJSONDocumentStopsTheInput() {
        XCTAssertThrowsError(try documents("{\"a\":", format: .auto)) { error in
            XCTAssertEqual((error as? RestmapError)?.exitCode, 1)
        }
    }
}
