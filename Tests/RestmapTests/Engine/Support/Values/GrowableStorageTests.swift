import XCTest
@testable import RestmapEngine

final class GrowableStorageTests: XCTestCase {
    /// Growing moves the elements kept (strings here, which own memory of their own) and
    /// leaves room for what was asked; a stack over it reads back what was pushed.
    func testGrowingKeepsTheInitializedElements() {
        var storage = GrowableStorage<String>(capacity: 2)
        var count = 0
        for index in 0..<100 {
            if count == storage.capacity { storage.grow(toHold: count + 1, keeping: count) }
            (storage.base + count).initialize(to: "element \(index)")
            count += 1
        }
        XCTAssertGreaterThanOrEqual(storage.capacity, 100)
        XCTAssertEqual((0..<count).map { storage.base[$0] }, (0..<100).map { "element \($0)" })
        storage.base.deinitialize(count: count)
    }

    /// A request for far more than double grows to hold it at once.
    func testGrowingToALargeSizeAtOnce() {
        var bytes = GrowableStorage<UInt8>(capacity: 4, slack: 16)
        bytes.base.initialize(repeating: 7, count: 4)
        bytes.grow(toHold: 1000, keeping: 4)
        XCTAssertGreaterThanOrEqual(bytes.capacity, 1000)
        XCTAssertEqual(Array(UnsafeBufferPointer(start: bytes.base, count: 4)), [7, 7, 7, 7])
    }
}
