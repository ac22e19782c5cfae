#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the files a manifest names may be (SPEC §5): inside the manifest's directory or the
/// working directory, unless `--allow-outside DIR` adds a directory. A manifest is often
/// someone else's text (a pull request, a CI checkout); without this, `../../etc/passwd`
/// would be read and its first bytes shown in a parse error.
///
/// Paths are compared after resolving symbolic links and `..` (`realpath`), so a link inside
/// the directory that points outside it is outside. A path that does not exist yet is
/// normalized by its text alone (it cannot be read anyway).
public struct SampleConfinement: Sendable {
    /// The allowed directories, resolved.
    let roots: [String]

    public init(allowing directories: [String]) {
        roots = directories.map { Self.canonical($0) }
    }

    /// True when `path` lies in one of the roots (or is one).
    public func allows(_ path: String) -> Bool {
        let resolved = Self.canonical(path)
        return roots.contains { root in
            root == "/" || resolved == root || resolved.hasPrefix(root + "/")
        }
    }

    /// `path` absolute, with symbolic links, `.` and `..` resolved.
    static func canonical(_ path: String) -> String {
        let resolved: String? = FilePath.withCString(path) { name in
            guard let real = realpath(name, nil) else { return nil }
            defer { free(real) }
            let length = strlen(real)
            return real.withMemoryRebound(to: UInt8.self, capacity: length) {
                FilePath.string(fromBytes: UnsafeBufferPointer(start: $0, count: length))
            }
        }
        return resolved ?? normalized(path)
    }

    /// `path` made absolute against the working directory, `.` and `..` removed by text.
    static func normalized(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let length = strlen(buffer)
                let directory = FilePath.string(fromBytes: buffer[..<length].map { UInt8(bitPattern: $0) })
                absolute = directory + "/" + path
            }
        }
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
