import Foundation
import XCTest
@testable import RestmapEngine

/// The tree output's schedule: every slice is encoded once, the writer takes them in order,
/// helpers never run more than the window ahead of it (memory stays bounded), the writer
/// encodes slices itself when no helper can, and a cancelled schedule lets helpers go.
final class InOrderScheduleTests: XCTestCase {
    /// What the threads did, read once they are joined.
    final class Journal: @unchecked Sendable {
        private let lock = NSLock()
        private var done: [Int: [String]] = [:]
        private var lastTaken = -1
        private var ahead = 0

        /// The threads that did each piece.
        var doneBy: [Int: [String]] { lock.withLock { done } }
        var taken: Int { lock.withLock { lastTaken } }
        /// The most pieces a piece was done ahead of the last one taken.
        var farthestAhead: Int { lock.withLock { ahead } }

        func did(_ piece: Int, on thread: String) {
            lock.withLock {
                done[piece, default: []].append(thread)
                ahead = max(ahead, piece - lastTaken)
            }
        }

        func took(_ piece: Int) { lock.withLock { lastTaken = piece } }
    }

    /// Runs `count` pieces with `helpers` helper threads and the given window; the consumer
    /// checks each piece is done when it takes it.
    private func run(count: Int, helpers: Int, window: Int, slowConsumer: Bool = false) -> Journal {
        let schedule = InOrderSchedule(count: count, window: window)
        let journal = Journal()
        let threads = (0..<helpers).map { h in
            WorkerThread {
                while let piece = schedule.claim() {
                    journal.did(piece, on: "helper \(h)")
                    schedule.finish(piece)
                }
            }
        }
        for piece in 0..<count {
            schedule.awaitPiece(piece) { mine in
                journal.did(mine, on: "consumer")
                schedule.finish(mine)
            }
            XCTAssertNotNil(journal.doneBy[piece], "piece \(piece) taken before it was done")
            if slowConsumer { usleep(200) }
            journal.took(piece)
            schedule.took(piece)
        }
        schedule.cancel()
        for thread in threads { thread?.join() }
        return journal
    }

    func testEveryPieceIsDoneOnceAndTakenInOrder() {
        for helpers in [0, 1, 3] {
            let journal = run(count: 200, helpers: helpers, window: 4)
            XCTAssertEqual(journal.doneBy.count, 200, "\(helpers) helpers")
            XCTAssertTrue(journal.doneBy.values.allSatisfy { $0.count == 1 }, "a piece done twice with \(helpers) helpers")
            XCTAssertEqual(journal.taken, 199)
        }
    }

    func testWithoutHelpersTheConsumerDoesEveryPiece() {
        let journal = run(count: 50, helpers: 0, window: 2)
        XCTAssertEqual(Set(journal.doneBy.values.flatMap { $0 }), ["consumer"])
    }

    func testHelpersStayWithinTheWindowOfASlowConsumer() {
        let journal = run(count: 120, helpers: 2, window: 3, slowConsumer: true)
        XCTAssertLessThanOrEqual(journal.farthestAhead, 3, "a helper ran past the window: results would pile up")
        XCTAssertTrue(journal.doneBy.values.flatMap { $0 }.contains { $0.hasPrefix("helper") }, "no helper did any piece")
    }

    func testCancellingReleasesHelpersWaitingForTheWindow() {
        let schedule = InOrderSchedule(count: 10, window: 1)
        let claimed = Journal()
        let helper = WorkerThread {
            while let piece = schedule.claim() {
                claimed.did(piece, on: "helper")
                schedule.finish(piece)
            }
        }
        // The helper does piece 0 and then waits: nothing is taken, so the window is full.
        let deadline = Date().addingTimeInterval(10)
        while claimed.doneBy[0] == nil && Date() < deadline { usleep(1_000) }
        usleep(20_000)
        schedule.cancel()
        helper?.join()
        XCTAssertEqual(claimed.doneBy.keys.sorted(), [0], "the helper went past a full window")
    }
}
