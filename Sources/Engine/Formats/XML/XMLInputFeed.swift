/// Serves a `ByteSource` to libxml2's pull callback (`xmlCreateIOParserCtxt`). libxml2 asks for
/// about 4 KB at a time; reading the source in 256 KiB chunks keeps system calls few. A read
/// error cannot cross the C boundary, so it is parked here and rethrown by the walker.
final class XMLInputFeed {
    let source: ByteSource
    /// Sees every byte handed to libxml2, in order: queues positions when exact columns are
    /// wanted, and counts each start tag's attributes before libxml2 parses it. Nil with a
    /// `supply`, whose chunks come scanned.
    var scanner: XMLMarkupScanner?
    /// Chunks read and scanned ahead, possibly by another thread, taken instead of reading
    /// `source` here (then `scanner` is nil: the supply has its own).
    var supply: XMLChunkSupply?
    /// Runs before each chunk is read from the source (or taken from `supply`), that is once
    /// libxml2 has taken the previous one (the walker hands its event tape on there); false
    /// ends the input.
    var beforeChunk: (() -> Bool)?
    /// The first error the source threw; libxml2 was told "I/O error" and stops.
    private(set) var error: (any Error)?
    /// Bytes handed to libxml2 so far: the entity-expansion bound is relative to it.
    private(set) var bytesDelivered = 0

    /// Starts at `initialBufferSize` and doubles while one refill keeps filling it, up to
    /// `chunkSize`: a small input (a request body, a fuzzer's input) costs no 256 KiB
    /// allocation, which malloc serves with mmap, page faults and munmap every time.
    private var buffer: UnsafeMutableRawBufferPointer
    /// The bytes being handed over: `buffer`, or a chunk lent by `supply`.
    private var window: UnsafeMutableRawBufferPointer
    private var windowIsLent = false
    /// What scans the bytes as they are handed over: `scanner`, or for a supplied chunk the
    /// scanner it came with when it holds a crowded tag (nil: the supply scanned it).
    private var chunkScanner: XMLMarkupScanner?
    private var start = 0
    private var end = 0
    private var exhausted = false
    /// A read error that came after some bytes: reported once those are handed over.
    private var pendingError: (any Error)?
    /// Set once nothing more is wanted (an error, or the caller stopped): the input then ends.
    private var stopped = false

    static let chunkSize = 1 << 18
    static let initialBufferSize = 1 << 14

    init(source: ByteSource) {
        self.source = source
        buffer = .allocate(byteCount: Self.initialBufferSize, alignment: 16)
        window = buffer
    }

    deinit {
        if windowIsLent { supply?.giveBack(window) }
        buffer.deallocate()
    }

    /// `bytes` doubled (up to `chunkSize`), keeping its first `count` bytes; `bytes` is freed.
    /// The chunks libxml2 is handed do not depend on the buffer's size.
    private static func grown(_ bytes: UnsafeMutableRawBufferPointer, keeping count: Int) -> UnsafeMutableRawBufferPointer {
        let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: min(bytes.count * 2, chunkSize), alignment: 16)
        bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
        bytes.deallocate()
        return bigger
    }

    /// Ends the input early: libxml2 gets no more bytes.
    func stop() {
        stopped = true
        supply?.stop()
    }

    /// Fills `destination` with up to `capacity` bytes; 0 at the end, -1 after a read error
    /// or when `beforeChunk` said to stop.
    func fill(_ destination: UnsafeMutablePointer<CChar>, capacity: Int) -> Int32 {
        if error != nil { return -1 }
        if stopped { return 0 }
        if start == end {
            if let pending = pendingError {
                // The bytes read before the source failed have been handed over; now fail.
                error = pending
                return -1
            }
            if exhausted { return 0 }
            if let beforeChunk, !beforeChunk() {
                stop()
                return -1
            }
            if let supply { takeChunk(from: supply) } else { readChunk() }
            if error != nil { return -1 }
            if end == 0 { return 0 }
        }
        let count = min(capacity, end - start, Int(Int32.max))
        let chunk = UnsafeRawBufferPointer(rebasing: window[start..<start + count])
        UnsafeMutableRawPointer(destination).copyMemory(from: chunk.baseAddress!, byteCount: count)
        if let chunkScanner {
            chunkScanner.scan(chunk)
            // libxml2 has not parsed these bytes yet: the next call ends the input.
            if let crowded = chunkScanner.crowdedElement, error == nil { error = Self.crowdedError(crowded, chunkScanner, source.name) }
        }
        start += count
        bytesDelivered += count
        return Int32(count)
    }

    /// Reads the next chunk into `buffer`.
    private func readChunk() {
        let chunk = Self.readChunk(from: source, into: &buffer)
        window = buffer
        chunkScanner = scanner
        start = 0
        end = chunk.count
        exhausted = chunk.isLast
        // Bytes read before the source failed are handed over first.
        if let failure = chunk.error {
            if end == 0 { error = failure } else { pendingError = failure }
        }
    }

    /// Reads one chunk of `source` into `bytes` (grown as needed): `chunkSize` bytes, or what
    /// is left. The chunk is filled whole because a pipe hands over a few bytes at a time, and
    /// libxml2's errors must not depend on how the input arrives.
    static func readChunk(
        from source: ByteSource, into bytes: inout UnsafeMutableRawBufferPointer
    ) -> (count: Int, isLast: Bool, error: (any Error)?) {
        var count = 0
        do {
            while count < chunkSize {
                if count == bytes.count { bytes = grown(bytes, keeping: count) }
                let read = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[count...]))
                if read == 0 { return (count, true, nil) }
                count += read
            }
            return (count, false, nil)
        } catch {
            return (count, false, error)
        }
    }

    /// Takes the next chunk from `supply`, giving the last one's buffer back.
    private func takeChunk(from supply: XMLChunkSupply) {
        if windowIsLent {
            supply.giveBack(window)
            windowIsLent = false
            window = buffer
        }
        start = 0
        end = 0
        chunkScanner = nil
        // Nil only once the parse is over (the last chunk sets `exhausted` first).
        guard let chunk = supply.take() else {
            assert(stopped, "the supply ended before the input did")
            exhausted = true
            return
        }
        window = chunk.bytes
        windowIsLent = true
        end = chunk.count
        exhausted = chunk.isLast
        chunkScanner = chunk.rescan
        if let failure = chunk.error {
            if end == 0 { error = failure } else { pendingError = failure }
        }
    }

    /// An element with more attributes than the scanner allows, located at its `<`.
    static func crowdedError(_ position: XMLMarkupScanner.Position, _ scanner: XMLMarkupScanner, _ name: String) -> RestmapError {
        RestmapError.data(
            .xmlTooManyAttributes, "an element has more than \(scanner.attributeLimit) attributes (namespace declarations included); "
                + "restmap refuses more, as libxml2 checks each one against all the others",
            at: SourceLocation(file: name, line: position.line, column: position.column))
    }
}
