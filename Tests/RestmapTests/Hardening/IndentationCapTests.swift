import XCTest
@testable import RestmapEngine

/// Deep output: pretty JSON and plist indent up to `IndentationCap.levels`
/// levels and then continue flat, and the plist emitter hands its bytes on as it goes.
final class IndentationCapTests: XCTestCase {
    let depth = 200

    /// `depth` nested arrays around the number 1.
    var nested: Value {
        var value: Value = .number("1")
        for _ in 0..<depth { value = .array([value]) }
        return value
    }

    func indent(_ level: Int, _ unit: String) -> String {
        String(repeating: unit, count: min(level, IndentationCap.levels))
    }

    func testPrettyJSONIndentsUpToTheCapThenFlat() throws {
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .pretty)
        try writer.write(nested)
        try writer.flush()
        var lines = (0..<depth).map { indent($0, "  ") + "[" }
        lines.append(indent(depth, "  ") + "1")
        lines += (0..<depth).reversed().map { indent($0, "  ") + "]" }
        XCTAssertEqual(sink.text, lines.joined(separator: "\n"))
        XCTAssertEqual(try JSONReader.value(from: sink.bytes, file: "out.json"), nested)
    }

    func testShallowPrettyJSONIsIndentedAsBefore() throws {
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .pretty)
        try writer.write(["a": [1, ["b": true]]])
        try writer.flush()
        XCTAssertEqual(sink.text, "{\n  \"a\": [\n    1,\n    {\n      \"b\": true\n    }\n  ]\n}")
    }

    func testPlistIndentsUpToTheCapThenFlat() throws {
        let sink = MemorySink()
        let emitter = PlistEmitter(sink: sink)
        try emitter.emit(nested)
        try emitter.flush()
        var lines = (0..<depth).map { indent($0, "\t") + "<array>" }
        lines.append(indent(depth, "\t") + "<integer>1</integer>")
        lines += (0..<depth).reversed().map { indent($0, "\t") + "</array>" }
        XCTAssertEqual(sink.text, lines.joined(separator: "\n") + "\n")
    }

    /// The plist emitter does not hold a record until a container closes (a deep one would
    /// sit whole in memory): the sink has most of it before anything closes.
    func testPlistOutputStreamsBeforeTheFirstContainerCloses() throws {
        let sink = MemorySink()
        let emitter = PlistEmitter(sink: sink)
        try emitter.beginDocument()
        let opened = 100_000
        for _ in 0..<opened { try emitter.beginArray() }
        let perLine = IndentationCap.levels + "<array>\n".utf8.count
        XCTAssertGreaterThan(sink.bytes.count, opened * perLine - (1 << 17))
        XCTAssertLessThanOrEqual(sink.bytes.count, opened * perLine + 200)
    }
}
