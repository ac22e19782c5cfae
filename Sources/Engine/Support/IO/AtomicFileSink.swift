#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output to `-o FILE` (SPEC §5, README "Output files").
///
/// - A regular file, or a name where nothing is yet, is replaced atomically: bytes go to a
///   temporary file beside it (`TemporaryOutputFile`), which replaces it only when the run
///   succeeds (`commit`). A failed or interrupted run leaves the previous file, or none —
///   never a partial one, nor a temporary one. The new file keeps the old one's mode (and
///   owner where permitted); a new name gets `0666 & ~umask`. A symbolic link is followed:
///   the file it points to is replaced and the link kept.
/// - Anything else — a device (`/dev/null`, `/dev/full`), a FIFO, `/dev/stdout` — is
///   written through as the run writes, never replaced; its write errors are the run's.
public final class AtomicFileSink: ByteSink {
    let path: String
    private let descriptor: Int32
    private let temporary: TemporaryOutputFile?
    private let mode: mode_t
    private let owner: (uid: uid_t, gid: gid_t)?
    private let closesDescriptor: Bool
    private var finished = false

    public init(path: String) throws {
        self.path = path
        switch try OutputTarget.resolve(path) {
        case .descriptor(let number):
            descriptor = number
            closesDescriptor = false
            temporary = nil
            mode = 0
            owner = nil
        case .special(let device):
            let opened = FilePath.withCString(device) { open($0, O_WRONLY | O_NOCTTY | O_CLOEXEC) }
            guard opened >= 0 else { throw OutputTarget.failure(path, reason: String(cString: strerror(errno))) }
            descriptor = opened
            closesDescriptor = true
            temporary = nil
            mode = 0
            owner = nil
        case .file(let file, let existing):
            let temporary = try TemporaryOutputFile(target: file)
            self.temporary = temporary
            descriptor = temporary.descriptor
            closesDescriptor = false
            if let existing {
                mode = existing.mode
                owner = (existing.owner, existing.group)
            } else {
                mode = 0o666 & ~Self.umaskValue
                owner = nil
            }
        }
    }

    /// Whether temporary files may be unnamed (`O_TMPFILE`, Linux); false forces the named
    /// files other systems use (README: `RESTMAP_NAMED_TEMPORARY_FILES`).
    public static var usesUnnamedTemporaryFiles: Bool {
        get { TemporaryOutputFile.usesUnnamedFiles }
        set { TemporaryOutputFile.usesUnnamedFiles = newValue }
    }

    /// The process's umask, read once (reading it means setting it, so it is put back).
    static let umaskValue: mode_t = {
        let value = umask(0o022)
        umask(value)
        return value
    }()

    deinit {
        if !finished { discard() }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try FileDescriptorSink(fileDescriptor: descriptor, name: path).write(bytes)
    }

    /// Moves the finished file into place (or, written through, closes the target and
    /// reports what its close reports, as a full disk on NFS).
    public func commit() throws {
        guard !finished else { return }
        finished = true
        if let temporary {
            do {
                try temporary.install(mode: mode, owner: owner)
            } catch {
                temporary.remove()
                throw error
            }
        } else if closesDescriptor, close(descriptor) != 0 {
            throw RestmapError.data(.writeFailed, "cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// Drops the temporary file; the target is left as it was. (What was written through to a
    /// device or FIFO is gone already.)
    public func discard() {
        guard !finished else { return }
        finished = true
        if let temporary {
            temporary.remove()
        } else if closesDescriptor {
            close(descriptor)
        }
    }
}
