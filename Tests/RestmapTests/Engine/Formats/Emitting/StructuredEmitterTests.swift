import XCTest
@testable import RestmapEngine

/// `emit(_:)` walks a whole value into the emitter's calls, in member order, so that one
/// record writer serves every output format.
final class StructuredEmitterTests: XCTestCase {
    /// Records the calls it receives.
    final class Recorder: StructuredEmitter {
        var calls: [String] = []
        func beginObject() throws { calls.append("{") }
        func key(_ name: String) throws { calls.append("key \(name)") }
        func endObject() throws { calls.append("}") }
        func beginArray() throws { calls.append("[") }
        func endArray() throws { calls.append("]") }
        func scalar(_ value: Value) throws {
            switch value {
            case .null: calls.append("null")
            case .number(let text): calls.append("number \(text)")
            case .string(let text): calls.append("string \(text)")
            default: calls.append("other")
            }
        }
    }

    func testAValueBecomesNestedCallsInMemberOrder() throws {
        let recorder = Recorder()
        try recorder.emit(["z": 1, "a": ["x", nil], "m": [:]])
        XCTAssertEqual(
            recorder.calls,
            ["{", "key z", "number 1", "key a", "[", "string x", "null", "]", "key m", "{", "}", "}"])
    }

    func testAPrecomputedKeyFallsBackToThePlainName() throws {
        let recorder = Recorder()
        try recorder.key("id", encoded: JSONEncodedKey("id"))
        XCTAssertEqual(recorder.calls, ["key id"])
    }
}
