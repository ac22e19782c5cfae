#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a path names a directory or something else, following symbolic links; nil when
/// nothing is there.
enum FileKind {
    case file, directory

    static func of(_ path: String) -> FileKind? {
        var info = stat()
        guard FilePath.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }
}
