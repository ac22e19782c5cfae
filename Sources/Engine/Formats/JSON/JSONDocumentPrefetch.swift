/// NDJSON with the parse on a thread of its own: from the second top-level value on, one
/// parser thread reads every remaining document ahead of the caller — each streamed at the
/// same key path, a bad line reported and skipped as the caller would skip it — and hands
/// over, in order and in batches, each document's elements and then its outcome or its error.
/// A thread per line would cost more than the line; one for all of them costs nothing per line.
///
/// The caller keeps calling `streamElements`, `skipLine` and `hasMoreValues` on the reader as
/// before and sees what it saw with one thread: the same elements, outcomes, located errors
/// (each once) and end. The parser skips the rest of a bad line itself, exactly where the
/// caller's `skipLine` would have, so the caller's `skipLine` is then a no-op. Memory stays
/// bounded by `depth` batches.
final class JSONDocumentPrefetch {
    /// What the parser hands over, in document order.
    enum Message {
        /// The batch's next element.
        case element
        /// The document's elements are all handed over.
        case done(JSONPathOutcome)
        /// The document (or the input) failed here; a data error's line is already skipped.
        case failed(any Error)
    }

    /// Messages, and beside them the elements they announce: an element inside a message
    /// would be boxed, one allocation each.
    struct Batch {
        var messages: [Message] = []
        var elements: [JSONStreamElement] = []

        mutating func clear() {
            messages.removeAll(keepingCapacity: true)
            elements.removeAll(keepingCapacity: true)
            messages.reserveCapacity(batchSize)
            elements.reserveCapacity(batchSize)
        }
    }

    static var batchSize: Int { 64 }
    static var depth: Int { 16 }

    /// Batches go back to the parser once taken apart, still holding their messages and
    /// elements: the parser frees them when it reuses the batch, so memory is freed by the
    /// thread that made it (malloc then serves the parser from its own cache instead of a lock
    /// both take).
    private let queue = BoundedQueue<Batch>(depth: JSONDocumentPrefetch.depth)
    private var parser: WorkerThread?
    /// The batch being taken apart, and where in it the caller is.
    private var current = Batch()
    private var next = 0
    private var nextElement = 0
    /// The parser is done and every message taken (or the caller gave up).
    private var finished = false

    private struct Cancelled: Error {}

    /// The key path and member filter every document is streamed with.
    let target: JSONPathTarget

    /// Starts the parser at the reader's next value. Nil when no thread could be made.
    init?(reader: JSONStreamReader, target: JSONPathTarget) {
        self.target = target
        let queue = self.queue
        parser = WorkerThread(stackSize: 1 << 30) {
            Self.produce(reader: reader, target: target, queue: queue)
        }
        if parser == nil { return nil }
    }

    deinit {
        queue.cancel()
        parser?.join()
    }

    /// The parser's loop: every remaining document, until the end or an error that is not
    /// about one document's data.
    private static func produce(reader: JSONStreamReader, target: JSONPathTarget, queue: BoundedQueue<Batch>) {
        var batch = Batch()
        batch.clear()
        func hand(_ message: Message) throws {
            batch.messages.append(message)
            guard batch.messages.count >= batchSize else { return }
            guard queue.send(batch) else { throw Cancelled() }
            batch = queue.reuse() ?? Batch()
            batch.clear()
        }
        do {
            while try reader.skipToValue() {
                do {
                    reader.valueBuilder.reset()
                    var builder = JSONPathBuilder(
                        target: target, inner: reader.valueBuilder, file: reader.name, locations: false
                    ) { element in
                        batch.elements.append(element)
                        try hand(.element)
                    }
                    try reader.read(into: &builder)
                    try hand(.done(builder.outcome))
                } catch let error as RestmapError where error.kind == .data {
                    try hand(.failed(error))
                    try reader.skipRestOfLine()
                } catch let error as JSONPathKeyRepeated {
                    try hand(.failed(error))
                    try reader.skipRestOfLine()
                }
            }
        } catch is Cancelled {
            queue.close()
            return
        } catch {
            batch.messages.append(.failed(error))
        }
        if !batch.messages.isEmpty { _ = queue.send(batch) }
        queue.close()
    }

    /// Whether a message is there to take (receiving the next batch when this one is done);
    /// false once the parser is done and all was taken.
    private func load() -> Bool {
        while next == current.messages.count {
            if finished { return false }
            if !current.messages.isEmpty {
                queue.recycle(current)
                current = Batch()
            }
            next = 0
            nextElement = 0
            guard let batch = queue.receive() else {
                finish()
                return false
            }
            current = batch
        }
        return true
    }

    private func finish() {
        finished = true
        current = Batch()
        next = 0
        nextElement = 0
        parser?.join()
    }

    private func dropRestOfDocument() {
        while load() {
            let message = current.messages[next]
            next += 1
            switch message {
            case .element: nextElement += 1
            case .done, .failed: return
            }
        }
    }

    /// Whether another document (or an error) is ahead: the caller's `hasMoreValues`.
    func hasMore() -> Bool {
        load()
    }

    /// The caller's `streamElements` for the next document: its elements to `body`, then its
    /// outcome, or its error thrown. When `body` throws, the rest of the document is dropped
    /// and the error rethrown; the parser goes on with the next line, as one thread would
    /// after the caller's `skipLine`.
    func streamNext(
        _ body: (JSONStreamElement) throws -> Void, endOfInput: () -> RestmapError
    ) throws -> JSONPathOutcome {
        // The batch keeps its elements and goes back to the parser, which frees them.
        while load() {
            let message = current.messages[next]
            next += 1
            switch message {
            case .element:
                let element = current.elements[nextElement]
                nextElement += 1
                do {
                    try body(element)
                } catch {
                    dropRestOfDocument()
                    throw error
                }
            case .done(let outcome):
                return outcome
            case .failed(let error):
                throw error
            }
        }
        throw endOfInput()
    }
}
