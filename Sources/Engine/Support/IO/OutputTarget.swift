#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `-o PATH` names, decided once before anything is written (SPEC §5). Only a regular
/// file (or a name where nothing is yet) is replaced; anything else is written through, so
/// that `-o /dev/null` or a FIFO stays what it is.
enum OutputTarget: Equatable {
    /// A descriptor this process already has open: `/dev/stdout`, `/dev/stderr`,
    /// `/dev/fd/N`, `/proc/self/fd/N`. Written to as it is (appending when the shell opened
    /// it with `>>`), never reopened or replaced.
    case descriptor(Int32)
    /// A device, FIFO or socket: opened for writing and written through.
    case special(path: String)
    /// A regular file to replace, or a name to create. `path` is the file itself: symbolic
    /// links on the way are followed, so the link stays and the file it points to is replaced.
    case file(path: String, existing: ExistingFile?)

    /// The mode and owner of a regular file about to be replaced.
    struct ExistingFile: Equatable, Sendable {
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
    }

    /// Symbolic links followed before giving up, as the kernel's own limit (ELOOP).
    static let maximumLinkHops = 40

    /// Resolves `path`: a missing name is a file to create (in the directory it names, which
    /// must exist); a directory is a usage error.
    static func resolve(_ path: String) throws -> OutputTarget {
        var current = path
        for _ in 0..<maximumLinkHops {
            if let descriptor = openDescriptor(named: current) { return .descriptor(descriptor) }
            var info = stat()
            guard FilePath.withCString(current, { lstat($0, &info) }) == 0 else {
                if errno == ENOENT { return .file(path: current, existing: nil) }
                throw failure(path, reason: String(cString: strerror(errno)))
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                try refuseUnprotectedLink(current, owner: info.st_uid, for: path)
                current = try linkTarget(of: current, for: path)
            case S_IFREG:
                // What the shell's `>` would refuse (a file this user may not write) is
                // refused too: replacing it through its directory would take it over.
                guard FilePath.withCString(current, { faccessat(AT_FDCWD, $0, W_OK, AT_EACCESS) }) == 0 else {
                    throw failure(path, reason: String(cString: strerror(errno)))
                }
                return .file(path: current, existing: ExistingFile(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid))
            case S_IFDIR:
                throw failure(path, reason: "it is a directory", code: .fileIsDirectory)
            default:
                return .special(path: current)
            }
        }
        throw failure(path, reason: String(cString: strerror(ELOOP)))
    }

    /// The descriptor a name stands for, when it names one of this process's open ones.
    static func openDescriptor(named path: String) -> Int32? {
        let number: Substring
        switch path {
        case "/dev/stdin": number = "0"
        case "/dev/stdout": number = "1"
        case "/dev/stderr": number = "2"
        default:
            if path.hasPrefix("/dev/fd/") {
                number = path.dropFirst("/dev/fd/".count)
            } else if path.hasPrefix("/proc/self/fd/") {
                number = path.dropFirst("/proc/self/fd/".count)
            } else if path.hasPrefix("/proc/\(getpid())/fd/") {
                number = path.dropFirst("/proc/\(getpid())/fd/".count)
            } else {
                return nil
            }
        }
        guard let descriptor = Int32(number), descriptor >= 0, fcntl(descriptor, F_GETFD) != -1 else { return nil }
        return descriptor
    }

    /// The kernel's protected-symlink rule (`fs.protected_symlinks`): in a sticky directory
    /// anyone may write to (`/tmp`), a link is followed only by its owner or when the
    /// directory's owner owns it — so that another user cannot plant a link there for this
    /// process to write through.
    private static func refuseUnprotectedLink(_ link: String, owner: uid_t, for path: String) throws {
        var directoryInfo = stat()
        guard FilePath.withCString(directory(of: link), { stat($0, &directoryInfo) }) == 0 else { return }
        let sticky = directoryInfo.st_mode & S_ISVTX != 0, worldWritable = directoryInfo.st_mode & S_IWOTH != 0
        guard sticky && worldWritable && owner != geteuid() && owner != directoryInfo.st_uid else { return }
        throw failure(
            path, reason: "it is a symbolic link another user owns in a sticky, world-writable directory, which the kernel's protected-symlink rule does not follow")
    }

    /// Where the symbolic link at `link` points, relative targets taken from its directory.
    private static func linkTarget(of link: String, for path: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = FilePath.withCString(link) { readlink($0, &buffer, buffer.count - 1) }
        guard count > 0 else { throw failure(path, reason: String(cString: strerror(errno))) }
        let target = FilePath.string(fromBytes: buffer[..<count].map { UInt8(bitPattern: $0) })
        if target.hasPrefix("/") { return target }
        return directory(of: link) + "/" + target
    }

    /// The directory part of `path` (`.` for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func failure(_ path: String, reason: String, code: DiagnosticCode = .writeFailed) -> RestmapError {
        RestmapError.usage(code, "cannot write '\(path)': \(reason)")
    }
}
