import XCTest
@testable import RestmapEngine

/// The stack of flags behind the JSON parser's open containers: a wrong flag at any depth
/// would close an object with `]` or name the wrong container in an end-of-input error.
final class BitStackTests: XCTestCase {
    func testKeepsEveryLevelsFlagAcrossWords() {
        var stack = BitStack()
        XCTAssertTrue(stack.isEmpty)
        XCTAssertNil(stack.top)
        // A pattern that is not periodic in 64, pushed past the inline word and two more.
        let flags = (0..<300).map { ($0 * 7 + $0 / 3) % 5 < 2 }
        for flag in flags { stack.push(flag) }
        XCTAssertEqual(stack.count, 300)
        for (depth, flag) in flags.enumerated() { XCTAssertEqual(stack[depth], flag, "depth \(depth)") }
        for depth in stride(from: 299, through: 0, by: -1) {
            XCTAssertEqual(stack.top, flags[depth], "depth \(depth)")
            stack.pop()
        }
        XCTAssertTrue(stack.isEmpty)
        XCTAssertNil(stack.top)
    }

    /// A level popped and pushed again takes the new flag, set or clear, whatever it held:
    /// in the inline word, in the deep words, and after `removeAll`.
    func testALevelReusedTakesItsNewFlag() {
        var stack = BitStack()
        for _ in 0..<200 { stack.push(true) }
        for _ in 0..<150 { stack.pop() }
        for _ in 0..<150 { stack.push(false) }
        for depth in 0..<50 { XCTAssertTrue(stack[depth], "depth \(depth)") }
        for depth in 50..<200 { XCTAssertFalse(stack[depth], "depth \(depth)") }
        for _ in 0..<150 { stack.pop() }
        for _ in 0..<150 { stack.push(true) }
        for depth in 0..<200 { XCTAssertTrue(stack[depth], "depth \(depth)") }
        stack.removeAll()
        XCTAssertTrue(stack.isEmpty)
        for _ in 0..<130 { stack.push(false) }
        for depth in 0..<130 { XCTAssertFalse(stack[depth], "depth \(depth)") }
        XCTAssertEqual(stack.top, false)
    }
}
