/// Reports made of diagnostics rather than of samples, so that every report format has one
/// shape to render: the run of `validate` that could not start (the config does not load,
/// the manifest is broken, a sample cannot be opened), and `check`'s findings about a
/// config. The diagnostics become the findings of one entry named after the file they are
/// about.
extension ValidationReport {
    /// A `validate` run that could not validate at all: every report a CI job asked for is
    /// still written and shows why (an empty JUnit file or no SARIF would read as "nothing
    /// to see").
    public static func failure(config: String, diagnostics: [Diagnostic]) -> ValidationReport {
        let errors = diagnostics.filter { $0.severity == .error }
        var report = fromDiagnostics(config: config, errors.isEmpty ? diagnostics : errors, passed: false)
        report.coverageNote = "coverage not measured: validation did not start"
        return report
    }

    /// `check`'s findings about `config`, failing at `failingSeverity` (nil: never); those
    /// `baseline` holds are marked and do not fail it.
    public static func configCheck(
        config: String, diagnostics: [Diagnostic], failingSeverity: Diagnostic.Severity?, baseline: Baseline = Baseline(),
        workingDirectory: String? = nil
    ) -> ValidationReport {
        var report = fromDiagnostics(config: config, diagnostics, passed: true)
        baseline.mark(&report.samples[0].findings, workingDirectory: workingDirectory)
        report.baselineInUse = !baseline.fingerprints.isEmpty
        if let threshold = failingSeverity {
            report.samples[0].passed = !report.samples[0].findings.contains { $0.severity >= threshold && !$0.baselined }
        }
        report.command = "check"
        report.coverageNote = "coverage is measured by validate, over samples"
        report.strict = failingSeverity == .warning
        return report
    }

    /// Diagnostics as findings; those without a place are placed at `config`.
    public static func findings(_ diagnostics: [Diagnostic], config: String) -> [ValidationFinding] {
        diagnostics.map { diagnostic in
            ValidationFinding(
                diagnostic.code, diagnostic.severity, diagnostic.message,
                at: diagnostic.location ?? SourceLocation(file: config), related: diagnostic.related)
        }
    }

    private static func fromDiagnostics(config: String, _ diagnostics: [Diagnostic], passed: Bool) -> ValidationReport {
        let findings = findings(diagnostics, config: config)
        let name = diagnostics.first(where: { $0.severity == .error })?.location?.file ?? config
        let entry = SampleResult(
            name: name, requestPath: nil, status: nil, expectation: .ok, declaredAt: nil, findings: findings, passed: passed)
        return ValidationReport(config: config, samples: [entry], coverage: CoverageReport(entries: []), strict: false, minCoverage: nil)
    }
}
