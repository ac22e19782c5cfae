import Foundation
import XCTest
@testable import RestmapEngine

/// The store's own thread: batches reach it in order, one at a time, and its first error
/// comes back to the mapping thread — on the next batch sent or at the end — instead of
/// being lost on a thread nobody waits for.
final class ObjectBatchHandOffTests: XCTestCase {
    static let config = """
        {"entity_attribute_mappings": {"Employee": {"id": "id"}}, "primary_key_mappings": {"Employee": ["id"]}}
        """

    struct StoreFull: Error {}

    /// What the consumer's thread saw, read once it has ended.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int] = []
        private var mainThread = false

        func record(_ count: Int) -> Int {
            lock.withLock {
                counts.append(count)
                if Thread.isMainThread { mainThread = true }
                return counts.count
            }
        }

        var all: [Int] { lock.withLock { counts } }
        var ranOnMainThread: Bool { lock.withLock { mainThread } }
    }

    /// A batch of `count` employees, numbered from `first`.
    func batch(_ first: Int, _ count: Int, plans: MappingPlans) throws -> ObjectGraph {
        let graph = ObjectGraph()
        let plan = try XCTUnwrap(plans.entity(named: "Employee"))
        for _ in first..<(first + count) { _ = graph.insert(plan, identityKey: nil) }
        return graph
    }

    func testBatchesArriveInOrderOnAnotherThread() throws {
        let plans = MappingPlans(try ConfigText.definitions(Self.config))
        let seen = Seen()
        let handOff = try XCTUnwrap(ObjectBatchHandOff(plans: plans) { batch, _ in _ = seen.record(batch.objects.count) })
        for count in 1...5 { try handOff.send(try batch(0, count, plans: plans)) }
        try handOff.finish()
        XCTAssertEqual(seen.all, [1, 2, 3, 4, 5])
        XCTAssertFalse(seen.ranOnMainThread)
    }

    func testTheConsumersErrorComesBackAndStopsTheHandOff() throws {
        let plans = MappingPlans(try ConfigText.definitions(Self.config))
        let taken = Seen()
        let handOff = try XCTUnwrap(ObjectBatchHandOff(plans: plans) { batch, _ in
            if taken.record(batch.objects.count) == 2 { throw StoreFull() }
        })
        var thrown: Error?
        do {
            for index in 0..<50 { try handOff.send(try batch(index, 1, plans: plans)) }
            try handOff.finish()
        } catch {
            thrown = error
        }
        XCTAssertTrue(thrown is StoreFull, "\(String(describing: thrown))")
        XCTAssertEqual(taken.all.count, 2, "no batch is taken after the error")
        XCTAssertThrowsError(try handOff.finish()) { XCTAssertTrue($0 is StoreFull) }
    }
}
