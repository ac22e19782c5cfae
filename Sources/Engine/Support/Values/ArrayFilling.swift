extension Array {
    /// `count` copies of `value`. `Array(repeating:count:)` allocates through the standard
    /// library's unspecialized entry point, which looks the storage type up in the runtime's
    /// metadata cache on every call (some 500 instructions); with two such arrays per mapped
    /// object that was 4% of a `map` run. Reserving and appending stays in specialized code.
    public init(filledWith value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        for _ in 0..<count { append(value) }
    }
}

extension Array {
    /// Empties the array and keeps its storage, removing the last element until none is
    /// left. `removeAll(keepingCapacity: true)` goes through `replaceSubrange` and the
    /// runtime's generic `swift_arrayDestroy` — some 150 instructions an array even when it
    /// holds one element, which a streaming run pays for every table on every line; this
    /// stays in specialized code and costs a few instructions an element.
    mutating func removeAllKeepingStorage() {
        while popLast() != nil {}
    }
}
