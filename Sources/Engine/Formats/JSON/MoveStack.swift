/// A stack in manually managed memory from which a run of top elements can be moved out
/// wholesale: the `Value` builder collects an array's elements here and then moves them into
/// an array of the exact size, without the retain/release pair per element that copying out of
/// a Swift array and then truncating it would cost.
final class MoveStack<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    @inline(__always)
    func pop() -> Element {
        count &-= 1
        return (base + count).move()
    }

    /// Moves the elements from `start` to the top into a new array, in order.
    func popArray(from start: Int) -> [Element] {
        let n = count - start
        let source = base + start
        count = start
        return [Element](unsafeUninitializedCapacity: n) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: n)
            initialized = n
        }
    }

    /// Moves out the element at `index`, which must then be forgotten with `drop(from:)`.
    @inline(__always)
    func take(at index: Int) -> Element {
        (base + index).move()
    }

    /// Shrinks the stack to `start` elements whose successors were all moved out with `take`.
    @inline(__always)
    func drop(from start: Int) {
        count = start
    }

    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
