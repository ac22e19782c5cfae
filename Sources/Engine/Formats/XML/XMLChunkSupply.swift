#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The input of an XML parse on a thread of its own, read from the source and pre-scanned
/// (the scanner counts each start tag's attributes) in chunks by whichever thread gets there
/// first: the caller's thread reads ahead while it would otherwise wait for the parser's
/// events (`readAhead`), and the parser reads a chunk itself when none is ready (`take`), so
/// the work goes to the thread with time to spare. The chunks are the ones a feed reading for
/// itself makes (each filled to `XMLInputFeed.chunkSize` or to the end), and a chunk that
/// holds the first crowded start tag comes with the scanner as it was before the chunk: the
/// feed scans that chunk again piece by piece, so that the parse stops exactly where one
/// thread stops it.
final class XMLChunkSupply: @unchecked Sendable {
    /// One chunk of input, lent to the feed until it takes the next.
    struct Chunk {
        /// The buffer; its first `count` bytes are the input.
        var bytes: UnsafeMutableRawBufferPointer
        var count: Int
        /// The source ended after these bytes.
        var isLast: Bool
        /// The source failed after these bytes (or with none).
        var error: (any Error)?
        /// When the chunk holds the first start tag with too many attributes: the scanner as
        /// it was before the chunk.
        var rescan: XMLMarkupScanner?
    }

    /// Chunks `readAhead` keeps ready.
    static let ahead = 2

    private let source: ByteSource
    private let scanner: XMLMarkupScanner
    /// Held while a chunk is read and scanned: chunks are made one at a time, in order.
    private let making: UnsafeMutablePointer<pthread_mutex_t>
    /// Held briefly, over `ready`, `spare` and `ended`: the parser takes a ready chunk without
    /// waiting for the one being made.
    private let state: UnsafeMutablePointer<pthread_mutex_t>
    private var ready: [Chunk] = []
    private var spare: [UnsafeMutableRawBufferPointer] = []
    /// Nothing more is read: the source ended or failed, or the parse is over. (A crowded tag
    /// ends nothing here: the feed's scan of that chunk stops the parse, as one thread does.)
    private var ended = false

    /// `scanner` must not record positions: those are popped by the parser's callbacks as
    /// they run, which reading ahead would overtake.
    init(source: ByteSource, scanner: XMLMarkupScanner) {
        precondition(!scanner.recordsPositions, "a scanner that queues positions scans as libxml2 reads")
        self.source = source
        self.scanner = scanner
        making = .allocate(capacity: 1)
        state = .allocate(capacity: 1)
        pthread_mutex_init(making, nil)
        pthread_mutex_init(state, nil)
    }

    deinit {
        for chunk in ready { chunk.bytes.deallocate() }
        for bytes in spare { bytes.deallocate() }
        for mutex in [making, state] {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }
    }

    /// The parser's feed: the next chunk, made here when none is ready or being made; nil once
    /// everything was taken.
    func take() -> Chunk? {
        if let chunk = takeReady() { return chunk }
        pthread_mutex_lock(making)
        if needsMaking(ready: 1) { make() }
        pthread_mutex_unlock(making)
        return takeReady()
    }

    /// The feed gives a chunk's buffer back once libxml2 has had all of it.
    func giveBack(_ bytes: UnsafeMutableRawBufferPointer) {
        pthread_mutex_lock(state)
        spare.append(bytes)
        pthread_mutex_unlock(state)
    }

    /// The caller's thread: makes chunks while `hasTime` says so, until `ahead` are ready (or
    /// nothing more is read), letting go between two, so that a parser waiting for the first
    /// need not wait for both.
    func readAhead(while hasTime: () -> Bool) {
        while hasTime() {
            pthread_mutex_lock(making)
            defer { pthread_mutex_unlock(making) }
            guard needsMaking(ready: Self.ahead) else { return }
            make()
        }
    }

    /// Reads no more: the parse is over.
    func stop() {
        pthread_mutex_lock(state)
        ended = true
        pthread_mutex_unlock(state)
    }

    private func takeReady() -> Chunk? {
        pthread_mutex_lock(state)
        defer { pthread_mutex_unlock(state) }
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    /// Whether fewer than `count` chunks are ready and more can be read.
    private func needsMaking(ready count: Int) -> Bool {
        pthread_mutex_lock(state)
        defer { pthread_mutex_unlock(state) }
        return ready.count < count && !ended
    }

    /// Reads and scans one chunk; `making` is held.
    private func make() {
        pthread_mutex_lock(state)
        var bytes = spare.popLast() ?? .allocate(byteCount: XMLInputFeed.initialBufferSize, alignment: 16)
        pthread_mutex_unlock(state)
        let (count, isLast, failure) = XMLInputFeed.readChunk(from: source, into: &bytes)
        var rescan: XMLMarkupScanner?
        if count > 0 {
            let before = scanner.copy()
            scanner.scan(UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
            if scanner.crowdedElement != nil { rescan = before }
        }
        pthread_mutex_lock(state)
        if isLast || failure != nil { ended = true }
        ready.append(Chunk(bytes: bytes, count: count, isLast: isLast, error: failure, rescan: rescan))
        pthread_mutex_unlock(state)
    }
}
