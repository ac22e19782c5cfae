#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stream of input bytes read in chunks, so that payload readers can work on files larger
/// than memory and on standard input alike. `name` is what diagnostics call the input.
public protocol ByteSource: AnyObject {
    /// The input's name in diagnostics: a path, or `<stdin>`.
    var name: String { get }
    /// Reads up to `buffer.count` bytes into `buffer`; returns 0 only at the end of input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Whether a read returns without waiting for input to arrive: a regular file or bytes
    /// in memory, not a pipe or a terminal. Only then may a reader read ahead of what its
    /// parser asked for, which could otherwise hold output back, or wait on a silent pipe
    /// after the parse has failed.
    var readsWithoutWaiting: Bool { get }
}

extension ByteSource {
    public var readsWithoutWaiting: Bool { false }

    /// Reads everything that is left. `limit` bounds the size (a config has no business
    /// being gigabytes); past it the read fails with a located error instead of exhausting
    /// memory.
    public func readAll(limit: Int = Int.max) throws -> [UInt8] {
        // Reads through one fixed buffer: a source that returns a few bytes at a time (a
        // pipe, a terminal) costs what it delivers, not a zero-filled chunk per read.
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try read(into: $0) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > limit {
                throw RestmapError.data(
                    .inputTooLarge, "input is larger than the \(limit / (1 << 20)) MiB this reader accepts",
                    at: .file(name))
            }
        }
    }
}

/// Bytes already in memory (tests, and inputs that were read whole).
public final class MemoryByteSource: ByteSource {
    public let name: String
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8], name: String = "<memory>") {
        self.bytes = bytes
        self.name = name
    }

    public var readsWithoutWaiting: Bool { true }

    convenience init(_ text: String, name: String = "<memory>") {
        self.init(Array(text.utf8), name: name)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { raw in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count]))
        }
        offset += count
        return count
    }
}

/// A file, or an already open descriptor such as standard input.
public final class FileByteSource: ByteSource {
    public let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    public let readsWithoutWaiting: Bool

    /// Opens `path` for reading; a missing or unreadable file is a usage error naming it.
    public init(path: String) throws {
        let fd = FilePath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw RestmapError.usage(.fileUnopenable, "cannot open '\(path)': \(reason)")
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw RestmapError.usage(.fileIsDirectory, "cannot read '\(path)': it is a directory")
        }
        self.descriptor = fd
        self.name = path
        self.ownsDescriptor = true
        readsWithoutWaiting = Self.isRegularFile(fd)
    }

    /// Wraps a descriptor the caller keeps open (standard input is 0).
    public init(fileDescriptor: Int32, name: String) {
        self.descriptor = fileDescriptor
        self.name = name
        self.ownsDescriptor = false
        readsWithoutWaiting = Self.isRegularFile(fileDescriptor)
    }

    private static func isRegularFile(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The size of a regular file left to read from the current offset; nil for pipes,
    /// terminals and devices, whose size is not known in advance.
    public var remainingSize: Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let offset = lseek(descriptor, 0, SEEK_CUR)
        return max(0, Int(info.st_size) - Int(max(offset, 0)))
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            #if canImport(Glibc)
            let count = Glibc.read(descriptor, base, buffer.count)
            #else
            let count = Darwin.read(descriptor, base, buffer.count)
            #endif
            if count >= 0 { return count }
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            throw RestmapError.data(.readFailed, "cannot read '\(name)': \(reason)", at: .file(name))
        }
    }
}
