#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file `-o` writes before it replaces the target, in the target's directory (a rename
/// is atomic only within one file system).
///
/// On Linux it is unnamed (`O_TMPFILE`): until the run succeeds it has no name at all, so
/// whatever ends the process, SIGKILL included, leaves nothing behind. To put it in place it
/// is linked under a fresh hidden name (`linkat` cannot replace) and renamed over the target;
/// only between those two calls does a name exist, and a catchable signal removes it then.
/// Where `O_TMPFILE` is not supported (other systems, some file systems), the file is a named
/// `.restmap-output-XXXXXX` for the whole run, removed on failure and on catchable signals
/// (`TemporaryFileCleanup`); only SIGKILL can leave that one behind.
final class TemporaryOutputFile {
    let descriptor: Int32
    let target: String
    private let directory: String
    /// The visible name, for a named file; nil while the file is unnamed.
    private var name: String?
    private var cleanupSlot: Int?

    /// Creates the file beside `target`; mode 0600 until `install` sets the final one.
    init(target: String) throws {
        self.target = target
        directory = OutputTarget.directory(of: target)
        #if os(Linux)
        let unnamed = !Self.usesUnnamedFiles ? -1 : FilePath.withCString(directory) { open($0, Self.openTemporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o600) }
        if unnamed >= 0 {
            descriptor = unnamed
            return
        }
        // EOPNOTSUPP/EISDIR/EINVAL: the kernel or file system has no unnamed files; anything
        // else (no such directory, no permission) would fail for a named file as well.
        guard !Self.usesUnnamedFiles || [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else {
            throw OutputTarget.failure(target, reason: String(cString: strerror(errno)))
        }
        #endif
        var template = FilePath.bytes(of: directory + "/.restmap-output-XXXXXX").map { CChar(bitPattern: $0) } + [0]
        let named = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard named >= 0 else { throw OutputTarget.failure(target, reason: String(cString: strerror(errno))) }
        _ = fcntl(named, F_SETFD, FD_CLOEXEC)
        descriptor = named
        let path = FilePath.string(fromBytes: template.dropLast().map { UInt8(bitPattern: $0) })
        name = path
        cleanupSlot = TemporaryFileCleanup.register(path)
    }

    /// False makes every temporary file a named one, as on systems without `O_TMPFILE`: the
    /// CLI sets it from `RESTMAP_NAMED_TEMPORARY_FILES=1`, so that tests can reach that path.
    nonisolated(unsafe) static var usesUnnamedFiles = true

    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's Swift module does not
    /// export; `__O_TMPFILE` is 020000000 on the architectures Swift supports.
    #if os(Linux)
    static let openTemporaryFileFlag: Int32 = 0o20000000 | O_DIRECTORY
    #endif

    /// Gives the file its final mode (and the replaced file's owner where permitted), makes
    /// it durable and renames it over the target.
    func install(mode: mode_t, owner: (uid: uid_t, gid: gid_t)?) throws {
        var mode = mode
        if let owner, owner.uid != geteuid() || owner.gid != getegid() {
            if fchown(descriptor, owner.uid, owner.gid) != 0, fchown(descriptor, uid_t.max, owner.gid) != 0 {
                mode &= 0o777  // set-id bits only with the owner they were given for
            }
        }
        guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw failure() }
        if name == nil { try link() }
        guard let name else { throw failure() }
        let renamed = FilePath.withCString(name) { from in FilePath.withCString(target) { to in rename(from, to) } }
        guard renamed == 0 else {
            let error = failure()
            remove()
            throw error
        }
        TemporaryFileCleanup.unregister(cleanupSlot)
        cleanupSlot = nil
        self.name = nil
        close(descriptor)
        syncDirectory()
    }

    /// Removes the file (a named one; an unnamed one goes with its descriptor).
    func remove() {
        if let name {
            _ = FilePath.withCString(name) { unlink($0) }
            TemporaryFileCleanup.unregister(cleanupSlot)
            cleanupSlot = nil
            self.name = nil
        }
        close(descriptor)
    }

    /// Gives the unnamed file a fresh hidden name in its directory. `linkat` through
    /// `/proc/self/fd` needs no privilege; `AT_EMPTY_PATH` is the way without `/proc`.
    private func link() throws {
        #if os(Linux)
        for _ in 0..<16 {
            let candidate = directory + "/.restmap-output-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let slot = TemporaryFileCleanup.register(candidate)
            var linked = FilePath.withCString(candidate) { to in
                linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, to, AT_SYMLINK_FOLLOW)
            }
            if linked != 0 && errno == ENOENT {
                linked = FilePath.withCString(candidate) { to in linkat(descriptor, "", AT_FDCWD, to, Self.emptyPathFlag) }
            }
            if linked == 0 {
                name = candidate
                cleanupSlot = slot
                return
            }
            let reason = errno
            TemporaryFileCleanup.unregister(slot)
            if reason != EEXIST { throw OutputTarget.failure(target, reason: String(cString: strerror(reason))) }
        }
        throw failure()
        #endif
    }

    #if os(Linux)
    static let emptyPathFlag: Int32 = 0x1000  // AT_EMPTY_PATH
    #endif

    /// Makes the rename itself durable.
    private func syncDirectory() {
        let handle = FilePath.withCString(directory) { open($0, O_RDONLY | O_CLOEXEC) }
        guard handle >= 0 else { return }
        fsync(handle)
        close(handle)
    }

    private func failure() -> RestmapError {
        OutputTarget.failure(target, reason: String(cString: strerror(errno)))
    }
}
