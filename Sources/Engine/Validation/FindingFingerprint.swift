/// A finding's identity across runs, for baselines and GitLab's code-quality report: the
/// code, the file (relative to the working directory when under it), the config entry, and
/// the finding's place in the payload (its JSON Pointer, else its message) — never its line
/// or column, so a finding keeps its fingerprint when lines move above it.
public enum FindingFingerprint {
    public static func of(_ finding: ValidationFinding, workingDirectory: String?) -> String {
        hash([finding.code.rawValue, relative(finding.location.file, to: workingDirectory), finding.configEntry?.name ?? "", finding.pointer ?? finding.message])
    }

    /// `path` relative to `directory` when it lies under it.
    public static func relative(_ path: String, to directory: String?) -> String {
        guard let directory, !directory.isEmpty else { return path }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// 128 bits of two FNV-1a hashes over the parts (each ended by a NUL), as 32 hex digits:
    /// the same on every machine and run.
    public static func hash(_ parts: [String]) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325, second: UInt64 = 0x6c62_272e_07bb_0142
        for part in parts {
            for byte in part.utf8 + [0] {
                first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                second = second &+ (first >> 29)
            }
        }
        return hex(first) + hex(second)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
