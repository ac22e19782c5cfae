import XCTest
@testable import RestmapEngine

/// The stack of flags behind the JSON parser's open containers and the JSON writer's commas:
/// a wrong flag at any depth would close an object with `]`, name the wrong container in an
/// end-of-input error or drop a comma.
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
            XCTAssertEqual(stack.pop(), flags[depth], "depth \(depth)")
        }
        XCTAssertTrue(stack.isEmpty)
    }

    func testALevelReusedAfterAPopTakesItsNewFlag() {
        var stack = BitStack()
        for depth in 0..<130 { stack.push(depth % 2 == 0) }
        for _ in 0..<70 { stack.dropTop() }
        for _ in 0..<70 { stack.push(true) }
        for depth in 60..<130 { XCTAssertTrue(stack[depth], "depth \(depth)") }
        for _ in 0..<70 { stack.push(false) }
        for depth in 130..<200 { XCTAssertFalse(stack[depth], "depth \(depth)") }
        stack.removeAll()
        XCTAssertTrue(stack.isEmpty)
        stack.push(false)
        XCTAssertEqual(stack.top, false)
    }
}
