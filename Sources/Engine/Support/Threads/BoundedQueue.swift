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
/// Elements may be noncopyable (an XML event tape owns its buffer): each is moved in and out,
/// and whatever is left when the queue goes is destroyed with it.
final class BoundedQueue<Element: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let notEmpty: UnsafeMutablePointer<pthread_cond_t>
    private let notFull: UnsafeMutablePointer<pthread_cond_t>
    private var queue: Ring<Element>
    /// Elements given back: at most those in circulation (the queued ones, the one being
    /// filled and the one being taken apart).
    private var spare: Ring<Element>
    private var closed = false
    private var cancelled = false
    private let depth: Int

    init(depth: Int) {
        self.depth = depth
        queue = Ring(capacity: depth)
        spare = Ring(capacity: depth + 2)
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
    func send(_ element: consuming Element) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while queue.count >= depth && !cancelled { pthread_cond_wait(notFull, mutex) }
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
        while queue.count == 0 && !closed { pthread_cond_wait(notEmpty, mutex) }
        guard let element = queue.removeFirst() else { return nil }
        pthread_cond_signal(notFull)
        return element
    }

    /// Elements queued and not yet received (how far the consumer is behind).
    var queuedCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return queue.count
    }

    /// Consumer: whether `receive` would return without waiting (an element is queued, or the
    /// producer has closed).
    var canReceiveAtOnce: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return queue.count > 0 || closed
    }

    /// Consumer: takes nothing more; the producer's waiting or next `send` fails.
    func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_cond_signal(notFull)
        pthread_mutex_unlock(mutex)
    }

    /// Consumer: gives back an element for the producer to fill again.
    func recycle(_ element: consuming Element) {
        pthread_mutex_lock(mutex)
        if spare.count < spare.capacity { spare.append(element) }
        pthread_mutex_unlock(mutex)
    }

    /// Producer: an element given back, if any.
    func reuse() -> Element? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return spare.removeLast()
    }
}

/// A ring of at most `capacity` elements, moved in and out; what is left is destroyed with it.
private struct Ring<Element: ~Copyable>: ~Copyable {
    private let storage: UnsafeMutablePointer<Element>
    let capacity: Int
    private var start = 0
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        for offset in 0..<count { (storage + (start + offset) % capacity).deinitialize(count: 1) }
        storage.deallocate()
    }

    /// Adds `element` at the end; the caller keeps `count` below `capacity`.
    mutating func append(_ element: consuming Element) {
        precondition(count < capacity, "Ring.append past its capacity")
        (storage + (start + count) % capacity).initialize(to: element)
        count += 1
    }

    mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = (storage + start).move()
        start = (start + 1) % capacity
        count -= 1
        return element
    }

    mutating func removeLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return (storage + (start + count) % capacity).move()
    }
}
