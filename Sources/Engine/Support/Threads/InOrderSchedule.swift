#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands out numbered pieces of work (`0..<count`) to several threads, whose results one
/// consumer takes in order: a piece is claimed at most `window` pieces past the last one
/// taken, so results waiting to be taken stay bounded, and the consumer works on pieces itself
/// while the one it needs is not done, so no core idles while another is behind.
final class InOrderSchedule: @unchecked Sendable {
    let count: Int
    private let window: Int
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    /// The lowest piece not yet claimed.
    private var next = 0
    /// Pieces taken by the consumer: `0..<taken`.
    private var taken = 0
    private var finished: [Bool]
    private var cancelled = false

    init(count: Int, window: Int) {
        self.count = count
        self.window = max(window, 1)
        finished = Array(repeating: false, count: count)
        mutex = .allocate(capacity: 1)
        changed = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// A worker: the next piece to do, waiting while the window is full; nil once every piece
    /// is claimed or the schedule was cancelled.
    func claim() -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !cancelled && next < count && next >= taken + window { pthread_cond_wait(changed, mutex) }
        guard !cancelled && next < count else { return nil }
        defer { next += 1 }
        return next
    }

    /// The piece `index` is done (its result may be read by the consumer).
    func finish(_ index: Int) {
        pthread_mutex_lock(mutex)
        finished[index] = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// The consumer: returns once piece `index` (the one after those taken) is done, doing
    /// pieces itself with `work` while it is not and one can be claimed.
    func awaitPiece(_ index: Int, doing work: (Int) -> Void) {
        pthread_mutex_lock(mutex)
        precondition(index == taken, "pieces are awaited in order, each once")
        pthread_mutex_unlock(mutex)
        while true {
            pthread_mutex_lock(mutex)
            if finished[index] {
                pthread_mutex_unlock(mutex)
                return
            }
            if next < count && next < taken + window {
                let piece = next
                next += 1
                pthread_mutex_unlock(mutex)
                work(piece)
                continue
            }
            // `index` is claimed by a worker (pieces are claimed in order, and it is within
            // the window): its `finish` wakes this thread.
            pthread_cond_wait(changed, mutex)
            pthread_mutex_unlock(mutex)
        }
    }

    /// The consumer has taken pieces `0...index`: the window moves on.
    func took(_ index: Int) {
        pthread_mutex_lock(mutex)
        taken = index + 1
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// No more pieces are handed out; workers waiting for one get nil.
    func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }
}
