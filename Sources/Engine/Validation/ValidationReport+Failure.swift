/// The report of a run that could not validate at all — the config does not load, the
/// manifest is broken, a sample cannot be opened: its diagnostics as the findings of one
/// failed entry named after what failed, so that every report a CI job asked for is still
/// written and shows why (an empty JUnit file or no SARIF at all would read as "nothing to
/// see").
extension ValidationReport {
    public static func failure(config: String, diagnostics: [Diagnostic]) -> ValidationReport {
        let errors = diagnostics.filter { $0.severity == .error }
        let shown = errors.isEmpty ? diagnostics : errors
        let findings = shown.map { diagnostic in
            ValidationFinding(
                diagnostic.code, diagnostic.severity, diagnostic.message,
                at: diagnostic.location ?? SourceLocation(file: config), related: diagnostic.related)
        }
        let name = shown.first?.location?.file ?? config
        let entry = SampleResult(
            name: name, requestPath: nil, status: nil, expectation: .ok, declaredAt: nil, findings: findings, passed: false)
        var report = ValidationReport(config: config, samples: [entry], coverage: CoverageReport(entries: []), strict: false, minCoverage: nil)
        report.didNotStart = true
        return report
    }
}
