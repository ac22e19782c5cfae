import RestmapEngine

/// GitLab's code-quality report (the Code Climate issue format GitLab reads from
/// `artifacts:reports:codequality`): a JSON array with an issue per finding —
/// `description`, `check_name` (the diagnostic code), `fingerprint`, `severity` (`major`
/// for errors, `minor` for warnings, `info` for notes) and `location` (`path` relative to
/// the working directory, `lines.begin`).
///
/// The fingerprint (`FindingFingerprint`) identifies a finding across runs, so GitLab can
/// tell new findings from old ones in a merge request.
struct ValidationCodeClimateReport {
    var workingDirectory: String?

    func render(_ report: ValidationReport) -> String {
        var issues: [Value] = report.configFindings.map(issue)
        for sample in report.samples {
            for finding in sample.findings { issues.append(issue(finding)) }
        }
        if report.coverageBelowMinimum {
            issues.append(.object(ValueObject([
                ("description", .string(report.coverageFailureMessage)), ("check_name", "restmap-coverage"),
                ("fingerprint", .string(FindingFingerprint.hash(["coverage", report.config]))), ("severity", "major"),
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
        let severity: String
        switch finding.severity {
        case .error: severity = "major"
        case .warning: severity = "minor"
        case .note: severity = "info"
        }
        return .object(ValueObject([
            ("description", .string(description)),
            ("check_name", .string(finding.code.rawValue)),
            ("fingerprint", .string(FindingFingerprint.of(finding, workingDirectory: workingDirectory))),
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
        FindingFingerprint.relative(path, to: workingDirectory)
    }
}
