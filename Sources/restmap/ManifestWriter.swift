import RestmapEngine

/// The manifest `init --manifest-out` writes: a JSON array of `{file, path}`, each file
/// relative to the manifest's directory (where `validate --manifest` looks for it).
struct ManifestWriter {
    var location: String
    var workingDirectory: String?

    func render(_ entries: [(file: String, path: String)]) throws -> String {
        let manifest = Value.array(entries.map { entry in
            .object(ValueObject([("file", .string(relative(entry.file))), ("path", .string(entry.path))]))
        })
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .pretty)
        try writer.write(manifest)
        try writer.newline()
        try writer.flush()
        return sink.text
    }

    /// `file` (absolute, or relative to the working directory) as seen from the manifest's
    /// directory: `../samples/a.json` for a manifest in `ci/`.
    func relative(_ file: String) -> String {
        guard let cwd = workingDirectory else { return file }
        let target = components(absolute(file, in: cwd))
        let base = components(absolute(location, in: cwd)).dropLast()
        var shared = 0
        while shared < min(target.count, base.count) && target[shared] == base[shared] { shared += 1 }
        let ups = Array(repeating: "..", count: base.count - shared)
        return (ups + target[shared...]).joined(separator: "/")
    }

    private func absolute(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : directory + "/" + path
    }

    /// Path components with `.` and `..` resolved lexically.
    private func components(_ path: String) -> [String] {
        var parts: [String] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(String(part)) }
        }
        return parts
    }
}
