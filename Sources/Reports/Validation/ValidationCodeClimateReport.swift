import RestmapEngine

/// GitLab's code-quality report (the Code Climate issue format GitLab reads from
/// `artifacts:reports:codequality`): a JSON array with an issue per finding —
/// `description`, `check_name` (the diagnostic code), `fingerprint`, `severity` (`major`
/// for errors, `minor` for warnings, `info` for notes) and `location` (`path` relative to
/// the working directory, `lines.begin`).
///
/// The fingerprint identifies a finding across runs, so GitLab can tell new findings from
/// old ones in a merge request: it hashes the code, the file, the config entry and the
/// finding's place in the payload (its JSON Pointer, else its message) — never its line, so
/// it survives lines moving above it.
struct ValidationCodeClimateReport {
    var workingDirectory: String?

    func render(_ report: ValidationReport) -> String {
        var issues: [Value] = []
        for sample in report.samples {
            for finding in sample.findings { issues.append(issue(finding)) }
        }
        if report.coverageBelowMinimum {
            issues.append(.object(ValueObject([
                ("description", .string(report.coverageFailureMessage)), ("check_name", "restmap-coverage"),
                ("fingerprint", .string(Self.fingerprint(["coverage", report.config]))), ("severity", "major"),
                ("location", location(path: report.config, line: 1)),
            ])))
        }
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .pretty)
        do {
            try writer.write(.array(issues))
            try writer.newline()
            try writer.flush()
        } catch {
            // A memory sink does not fail.
        }
        return sink.text
    }

    private func issue(_ finding: ValidationFinding) -> Value {
        let path = relative(finding.location.file)
        var description = finding.fullMessage
        if let entry = finding.configEntry { description += " (config: \(entry.name))" }
        let place = finding.pointer ?? finding.message
        let severity: String
        switch finding.severity {
        case .error: severity = "major"
        case .warning: severity = "minor"
        case .note: severity = "info"
        }
        return .object(ValueObject([
            ("description", .string(description)),
            ("check_name", .string(finding.code.rawValue)),
            ("fingerprint", .string(Self.fingerprint([finding.code.rawValue, path, finding.configEntry?.name ?? "", place]))),
            ("severity", .string(severity)),
            ("location", location(path: path, line: finding.location.line ?? 1)),
        ]))
    }

    private func location(path: String, line: Int) -> Value {
        .object(ValueObject([("path", .string(FilePath.display(path))), ("lines", .object(ValueObject([("begin", .number(String(line)))])))]))
    }

    /// `path` relative to the working directory when it lies under it (GitLab shows
    /// repository-relative paths).
    private func relative(_ path: String) -> String {
        guard let directory = workingDirectory, !directory.isEmpty else { return path }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// 128 bits of two FNV-1a hashes over the parts (each ended by a NUL), as 32 hex digits:
    /// the same on every machine and run.
    static func fingerprint(_ parts: [String]) -> String {
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
