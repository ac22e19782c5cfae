import Synchronization

/// Hands a map run's object batches to their consumer (`MapRun.onObjectBatch`) on a thread
/// of its own, so that a store writes one batch while the run maps the next; at most one
/// batch waits between them, so memory stays bounded. The consumer's first error ends the
/// hand-off: the next `send` throws it, and so does `finish`.
final class ObjectBatchHandOff {
    /// The consumer's error, written on its thread and read once it has ended.
    private final class Failure: Sendable {
        let error = Mutex<(any Error)?>(nil)
    }

    private let queue = BoundedQueue<ObjectGraph>(depth: 1)
    private let failure = Failure()
    private var thread: WorkerThread?

    /// Nil when no thread could be made (the run then hands its batches over itself).
    init?(plans: MappingPlans, consumer: @escaping (ObjectGraph, MappingPlans) throws -> Void) {
        let (queue, failure) = (self.queue, self.failure)
        thread = WorkerThread {
            while let batch = queue.receive() {
                do {
                    try consumer(batch, plans)
                } catch {
                    failure.error.withLock { $0 = error }
                    queue.cancel()
                    return
                }
            }
        }
        guard thread != nil else { return nil }
    }

    /// Queues `batch`, waiting while the consumer is one batch behind.
    func send(_ batch: ObjectGraph) throws {
        if !queue.send(batch) { try finish() }
    }

    /// Waits for the consumer to take every batch sent; rethrows its error.
    func finish() throws {
        stop()
        if let error = failure.error.withLock({ $0 }) { throw error }
    }

    /// Ends the hand-off: nothing more is sent, and the consumer's thread has ended on return.
    func stop() {
        queue.close()
        thread?.join()
    }
}
