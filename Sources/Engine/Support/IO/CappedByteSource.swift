/// Passes another source through and fails, with a located error, as soon as more than
/// `limit` bytes have come from it (SPEC §5: every reader has a size cap, standard input
/// included). Reading stops there, so `/dev/zero` or an endless pipe ends at once with a
/// clear error instead of filling memory. It can keep a copy of what it passed, for readers
/// that stream a document and still want its bytes afterwards (to locate errors).
final class CappedByteSource: ByteSource {
    let limit: Int
    private(set) var count = 0
    /// Every byte passed through, when `keepsCopy` was asked for.
    private(set) var copy: [UInt8] = []
    private let base: ByteSource
    private let keepsCopy: Bool

    var name: String { base.name }
    var readsWithoutWaiting: Bool { base.readsWithoutWaiting }

    init(_ base: ByteSource, limit: Int, keepsCopy: Bool = false) {
        self.base = base
        self.limit = limit
        self.keepsCopy = keepsCopy
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        // Ask for at most one byte past the cap: enough to know it was passed.
        let room = min(buffer.count, limit - count + 1)
        let read = try base.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<room]))
        count += read
        if count > limit {
            throw RestmapError.data(
                .inputTooLarge, "input is larger than the \(Self.describe(limit)) this reader accepts", at: .file(name))
        }
        if keepsCopy { copy.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<read])) }
        return read
    }

    /// `64 MiB`, or bytes for a cap under one MiB.
    static func describe(_ limit: Int) -> String {
        limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
    }
}
