#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An object key (or a string written in every record, such as an entity name) escaped and
/// quoted once, for `JSONWriter.key(_:)` and `JSONWriter.string(_:)`.
///
/// The bytes are interned for the life of the process (one copy per distinct key text, so
/// their memory is bounded by the configs' names) and the key holds a bare pointer to them:
/// records are written on several threads at once, and a key holding an array would be
/// retained and released — an atomic operation on memory both cores share — every time it is
/// written. (Sendable: the bytes are immutable once interned.)
struct JSONEncodedKey: @unchecked Sendable, Hashable {
    /// The key as written: quotes and escapes included. Its storage runs on, zero-filled, to
    /// a whole number of words (`paddedCount`), so that it can be copied a word at a time.
    let quoted: UnsafeBufferPointer<UInt8>

    /// `count` rounded up to a multiple of eight.
    static func paddedCount(_ count: Int) -> Int { (count + 7) & ~7 }

    /// Copies `bytes`, whose storage runs on to a whole number of words, to `target` a word at
    /// a time (a call to `memcpy` costs more than such a copy); returns where they end. The
    /// words land up to seven bytes past that end, where the target must have room.
    @inline(__always)
    static func copyPadded(_ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        let source = UnsafeRawPointer(bytes.baseAddress!), raw = UnsafeMutableRawPointer(target)
        var offset = 0
        while offset < bytes.count {
            raw.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        return target + bytes.count
    }

    /// Encodes `key` as `JSONWriter.key(_: String)` would write it.
    init(_ key: String) {
        quoted = EncodedKeyPool.shared.bytes(for: key)
    }

    static func == (lhs: JSONEncodedKey, rhs: JSONEncodedKey) -> Bool {
        lhs.quoted.baseAddress == rhs.quoted.baseAddress  // interned: equal texts share bytes
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(quoted.baseAddress)
    }
}

/// The interned encodings of `JSONEncodedKey`, never freed.
private final class EncodedKeyPool: @unchecked Sendable {
    static let shared = EncodedKeyPool()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var encodings: [String: UnsafeBufferPointer<UInt8>] = [:]

    private init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    func bytes(for key: String) -> UnsafeBufferPointer<UInt8> {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let known = encodings[key] { return known }
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .compact, bufferSize: 0)
        try? writer.string(key)
        try? writer.flush()
        // Padded with zeros to whole words, which `JSONWriter.putWords` copies.
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: JSONEncodedKey.paddedCount(sink.bytes.count))
        storage.initialize(repeating: 0)
        _ = storage.update(fromContentsOf: sink.bytes)
        let bytes = UnsafeBufferPointer(rebasing: storage[..<sink.bytes.count])
        encodings[key] = bytes
        return bytes
    }
}
