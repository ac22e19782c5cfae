#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output to `-o FILE` written atomically: bytes go to a temporary file beside the target,
/// which replaces the target only when the run succeeds (`commit`). A failed or interrupted
/// run leaves the previous file, or none — never a partial one.
public final class AtomicFileSink: ByteSink {
    public let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private var finished = false

    public init(path: String) throws {
        self.path = path
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        var template = Array("\(directory)/.restmap-output-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw RestmapError.usage(.writeFailed, "cannot write '\(path)': \(reason)")
        }
        descriptor = fd
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        fchmod(fd, 0o644)
    }

    deinit {
        if !finished { discard() }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try FileDescriptorSink(fileDescriptor: descriptor, name: path).write(bytes)
    }

    /// Moves the finished file into place.
    public func commit() throws {
        guard !finished else { return }
        finished = true
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw RestmapError.usage(.writeFailed, "cannot write '\(path)': \(reason)")
        }
    }

    /// Drops the temporary file; the target is left as it was.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        unlink(temporaryPath)
    }
}
