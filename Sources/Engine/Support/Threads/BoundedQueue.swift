#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands elements from one producer thread to one consumer, in order, holding at most
/// `depth` of them: the producer waits when the consumer is behind, so memory stays bounded.
/// Either side can end it early: the producer by `close`, the consumer by `cancel` (the
/// producer's next `send` then fails instead of waiting). Elements the consumer is done with
/// can go back to the producer (`recycle`, `reuse`), so that their storage is not made anew.
final class BoundedQueue<Element>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let notEmpty: UnsafeMutablePointer<pthread_cond_t>
    private let notFull: UnsafeMutablePointer<pthread_cond_t>
    private var queue: [Element?] = []
    private var head = 0
    private var spare: [Element] = []
    private var closed = false
    private var cancelled = false
    private let depth: Int

    init(depth: Int) {
        self.depth = depth
        mutex = .allocate(capacity: 1)
        notEmpty = .allocate(capacity: 1)
        notFull = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(notEmpty, nil)
        pthread_cond_init(notFull, nil)
    }

    deinit {
        pthread_cond_destroy(notFull)
        pthread_cond_destroy(notEmpty)
        pthread_mutex_destroy(mutex)
        notFull.deallocate()
        notEmpty.deallocate()
        mutex.deallocate()
    }

    /// Producer: queues `element`, waiting while `depth` elements wait. False once the
    /// consumer has cancelled (the element is dropped).
    func send(_ element: Element) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while queue.count - head >= depth && !cancelled { pthread_cond_wait(notFull, mutex) }
        if cancelled { return false }
        queue.append(element)
        pthread_cond_signal(notEmpty)
        return true
    }

    /// Producer: nothing more will come.
    func close() {
        pthread_mutex_lock(mutex)
        closed = true
        pthread_cond_signal(notEmpty)
        pthread_mutex_unlock(mutex)
    }

    /// Consumer: the next element, waiting for it; nil once the producer closed and all was
    /// taken.
    func receive() -> Element? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while head == queue.count && !closed { pthread_cond_wait(notEmpty, mutex) }
        if head == queue.count { return nil }
        let element = queue[head]
        queue[head] = nil
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        pthread_cond_signal(notFull)
        return element
    }

    /// Consumer: takes nothing more; the producer's waiting or next `send` fails.
    func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_cond_signal(notFull)
        pthread_mutex_unlock(mutex)
    }

    /// Consumer: gives back an element for the producer to fill again.
    func recycle(_ element: Element) {
        pthread_mutex_lock(mutex)
        spare.append(element)
        pthread_mutex_unlock(mutex)
    }

    /// Producer: an element given back, if any.
    func reuse() -> Element? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return spare.popLast()
    }
}
