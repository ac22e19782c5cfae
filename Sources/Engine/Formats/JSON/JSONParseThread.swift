/// Streams the elements at a key path with the parse on a thread of its own: the parser runs
/// ahead on one core while the caller maps on another. Elements travel in order through a
/// bounded queue of small batches (a lock round trip per element would cost more than
/// building one), so memory stays bounded by `depth` batches whatever the input size.
///
/// What the caller sees is what `streamElements` on its own thread gives: the same elements
/// in the same order, then the outcome — or, for malformed JSON, every element before the
/// error and then the error, thrown once on the caller's thread. The parser reports nothing
/// itself, so diagnostics keep their order. When `body` throws, the parser is told to stop,
/// is waited for, and `body`'s error is rethrown.
struct JSONParseThread<Inner: JSONElementBuilder> {
    /// Elements a batch carries before it is handed over.
    static var batchSize: Int { 64 }
    /// Batches waiting at most (with the one being filled and the one being mapped).
    static var depth: Int { 16 }
    /// Batches waiting at most for the caller's thread to count as keeping up.
    static var keepingUp: Int { 1 }

    let reader: JSONStreamReader
    let target: JSONPathTarget
    let inner: Inner
    let locations: Bool

    /// The parser's end: the outcome, or the error that stopped it. Written by the parser
    /// before it closes the queue, read by the caller after the queue is drained.
    private final class Ending: @unchecked Sendable {
        var outcome: JSONPathOutcome?
        var error: Error?
    }

    /// The parser's `send` failed: the caller cancelled (its `body` threw).
    private struct Cancelled: Error {}

    /// What crosses to the caller's thread: elements, and when `inner` left the values of the
    /// first `elementsOnTape` of them on a tape (`JSONHandOffBuilder`), the tape they are built
    /// from there. A batch keeps its tape (its storage exchanged with the builder's) as it goes
    /// back and forth, so a tape is only ever reached through the one batch that holds it.
    private struct Batch {
        var elements: [JSONStreamElement] = []
        var tape: JSONEventTape?
        var elementsOnTape = 0
    }

    /// Runs the parse on a new thread and `body` on this one. Nil when no thread could be
    /// made (the caller then parses on its own thread).
    func run(_ body: (JSONStreamElement) throws -> Void) throws -> JSONPathOutcome? {
        // Batches go back to the parser once mapped, still holding their elements: the parser
        // frees them when it reuses the batch, so memory is freed by the thread that made it
        // (malloc then serves the parser from its own cache instead of a lock both threads
        // take, and the caller's thread does less). Values built from a tape are made and
        // freed here.
        let queue = BoundedQueue<Batch>(depth: Self.depth)
        let ending = Ending()
        let (reader, target, inner, locations) = (self.reader, self.target, self.inner, self.locations)
        let handOff = inner as? JSONHandOffBuilder
        // The parser recurses nowhere, but a deeply nested element may be freed on it: the
        // stack is reserved address space, as the caller's own large stack is.
        let parser = WorkerThread(stackSize: 1 << 30) {
            var batch = Batch()
            batch.elements.reserveCapacity(Self.batchSize)
            func send() -> Bool {
                if let handOff, handOff.hasTape {
                    batch.elementsOnTape = handOff.elementsOnTape
                    batch.tape = handOff.takeTape(into: batch.tape ?? JSONEventTape())
                }
                guard queue.send(batch) else { return false }
                // The next batch's values are left to the caller's thread while it keeps up
                // (at most one batch waits for it), and built here while it is behind.
                handOff?.onTape = queue.queuedCount <= Self.keepingUp
                batch = queue.reuse() ?? Batch()
                batch.elementsOnTape = 0
                batch.elements.removeAll(keepingCapacity: true)
                batch.elements.reserveCapacity(Self.batchSize)
                return true
            }
            var builder = JSONPathBuilder(target: target, inner: inner, file: reader.name, locations: locations) { element in
                batch.elements.append(element)
                guard batch.elements.count == Self.batchSize else { return }
                guard send() else { throw Cancelled() }
            }
            do {
                try reader.read(into: &builder)
                ending.outcome = builder.outcome
            } catch {
                ending.error = error
            }
            if !batch.elements.isEmpty { _ = send() }
            queue.close()
        }
        guard let parser else { return nil }
        let replayer = handOff.map { _ in JSONTapeReplayer(members: target.members) }
        do {
            while let batch = queue.receive() {
                var index = 0
                if batch.elementsOnTape > 0, let tape = batch.tape, let replayer {
                    try replayer.replay(tape) { value in
                        var element = batch.elements[index]
                        element.value = value
                        index += 1
                        try body(element)
                    }
                    assert(index == batch.elementsOnTape, "a tape's elements are the batch's first ones")
                }
                while index < batch.elements.count {
                    try body(batch.elements[index])
                    index += 1
                }
                queue.recycle(batch)
            }
        } catch {
            queue.cancel()
            parser.join()
            throw error
        }
        parser.join()
        if let error = ending.error { throw error }
        return ending.outcome
    }
}
