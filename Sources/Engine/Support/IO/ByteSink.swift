#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where writers send their bytes: a file descriptor, a buffer in memory. Writers buffer
/// on their side and hand over large chunks.
public protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension ByteSink {
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }
}

/// Collects everything in memory (tests; outputs that must be complete before they are
/// written anywhere).
public final class MemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes.append(contentsOf: bytes)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Writes to an open descriptor (standard output is 1, or a temporary file that the CLI
/// renames into place when the run succeeds).
public final class FileDescriptorSink: ByteSink {
    private let descriptor: Int32
    private let name: String

    public init(fileDescriptor: Int32, name: String) {
        self.descriptor = fileDescriptor
        self.name = name
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Glibc)
            let count = Glibc.write(descriptor, base, remaining)
            #else
            let count = Darwin.write(descriptor, base, remaining)
            #endif
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                throw RestmapError.data(.writeFailed, "cannot write '\(name)': \(reason)")
            }
            remaining -= count
            base += count
        }
    }
}
