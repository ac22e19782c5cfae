/// Memory for a stack or a run of bytes that a hot reader fills itself: `base` to read and
/// write through, grown by doubling, freed when the storage goes. The owner keeps the count
/// of initialized elements (it knows where its stacks end) and deinitializes them before the
/// storage goes; the storage is noncopyable, so the memory has exactly one owner.
struct GrowableStorage<Element>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// Elements allocated past `capacity` and never counted in it: room a reader may touch
    /// beyond the end (a 16-byte load at the last byte).
    private let slack: Int

    init(capacity: Int, slack: Int = 0) {
        self.capacity = max(capacity, 1)
        self.slack = slack
        base = .allocate(capacity: self.capacity + slack)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for at least `needed` elements, moving the first `count` (initialized) ones.
    mutating func grow(toHold needed: Int, keeping count: Int) {
        guard needed > capacity else { return }
        var bigger = capacity * 2
        while bigger < needed { bigger *= 2 }
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: bigger + slack)
        storage.moveInitialize(from: base, count: count)
        base.deallocate()
        base = storage
        capacity = bigger
    }
}
