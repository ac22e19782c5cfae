import RestmapEngine

/// The manifest `init --manifest-out` writes: a JSON array of `{file, path}`, each file
/// relative to the manifest's directory (where `validate --manifest` looks for it).
struct ManifestWriter {
    var location: String
    var workingDirectory: String?

    func render(_ entries: [(file: String, path: String)]) -> String {
        let lines = entries.map { entry in
            "  {\"file\": \(quoted(relative(entry.file))), \"path\": \(quoted(entry.path))}"
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
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

    private func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
