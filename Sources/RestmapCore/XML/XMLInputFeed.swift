/// Reads a `ByteSource` in 256 KiB chunks for libxml2's push parser, so that system calls and
/// parser calls stay few. A read error cannot cross the C boundary, so it is parked here and
/// rethrown by the walker.
final class XMLInputFeed {
    let source: ByteSource
    /// Sees every byte handed to libxml2, in order (nil unless exact columns are wanted).
    var scanner: XMLMarkupScanner?
    /// The first error the source threw; the input ends there.
    private(set) var error: (any Error)?
    /// Bytes handed to libxml2 so far: the entity-expansion bound is relative to it.
    private(set) var bytesDelivered = 0

    private let buffer: UnsafeMutableRawBufferPointer
    private var exhausted = false
    /// Set once nothing more is wanted (an error, or the caller stopped): the input then ends.
    private var stopped = false

    static let chunkSize = 1 << 18

    init(source: ByteSource) {
        self.source = source
        buffer = .allocate(byteCount: Self.chunkSize, alignment: 16)
    }

    deinit {
        buffer.deallocate()
    }

    /// The next chunk of input, valid until the next call; nil at the end, after a read error,
    /// or once stopped.
    func nextChunk() -> UnsafeRawBufferPointer? {
        if error != nil || stopped || exhausted { return nil }
        let count: Int
        do {
            count = try source.read(into: buffer)
        } catch {
            self.error = error
            return nil
        }
        guard count > 0 else {
            exhausted = true
            return nil
        }
        let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        scanner?.scan(chunk)
        bytesDelivered += count
        return chunk
    }

    /// Ends the input early: libxml2 gets no more bytes.
    func stop() {
        stopped = true
    }
}
