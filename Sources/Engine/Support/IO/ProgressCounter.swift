import Synchronization

/// What a long run has done so far — bytes read, records made — for a progress display that
/// reads it from another thread. Relaxed atomics: the display needs recent figures, not a
/// consistent snapshot, and the counting side must stay one instruction per event.
public final class ProgressCounter: Sendable {
    private let bytes = Atomic<Int>(0)
    private let records = Atomic<Int>(0)

    public init() {}

    func addBytes(_ count: Int) {
        bytes.add(count, ordering: .relaxed)
    }

    func addRecord() {
        records.add(1, ordering: .relaxed)
    }

    public var bytesRead: Int { bytes.load(ordering: .relaxed) }
    public var recordsMade: Int { records.load(ordering: .relaxed) }
}

/// A source that counts the bytes passing through it into a `ProgressCounter`.
public final class CountingByteSource: ByteSource {
    private let base: ByteSource
    private let counter: ProgressCounter

    public init(_ base: ByteSource, counter: ProgressCounter) {
        self.base = base
        self.counter = counter
    }

    public var name: String { base.name }
    public var readsWithoutWaiting: Bool { base.readsWithoutWaiting }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try base.read(into: buffer)
        counter.addBytes(count)
        return count
    }
}
