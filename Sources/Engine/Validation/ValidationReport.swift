/// The outcome of validating one sample.
public struct SampleResult: Sendable, Equatable {
    public var name: String
    public var requestPath: String?
    public var status: Int?
    public var expectation: ValidationSample.Expectation
    /// The manifest entry that lists the sample.
    var declaredAt: SourceLocation?
    /// In the order of the sample (line, column); repeats folded (see `ValidationFinding.count`).
    public var findings: [ValidationFinding]
    /// `expect: ok`: no finding at the failing severity; `expect: error`: at least one.
    public var passed: Bool

    init(name: String, requestPath: String?, status: Int?, expectation: ValidationSample.Expectation, declaredAt: SourceLocation?, findings: [ValidationFinding], passed: Bool) {
        self.name = name
        self.requestPath = requestPath
        self.status = status
        self.expectation = expectation
        self.declaredAt = declaredAt
        self.findings = findings
        self.passed = passed
    }

    /// The number of findings of `severity` that are not baselined.
    public func count(_ severity: Diagnostic.Severity) -> Int {
        findings.filter { $0.severity == severity && !$0.baselined }.count
    }

    /// The number of findings the run's baseline holds.
    public var baselinedCount: Int { findings.filter(\.baselined).count }

    /// `employees.json (/employees, status 200)`: how reports title the sample.
    public var title: String {
        var details: [String] = []
        if let requestPath { details.append(requestPath) }
        if let status { details.append("status \(status)") }
        if expectation == .error { details.append("expect error") }
        return details.isEmpty ? name : "\(name) (\(details.joined(separator: ", ")))"
    }
}

/// Everything one `restmap validate` run found: per sample, coverage, and the verdict.
public struct ValidationReport: Sendable, Equatable {
    /// The config file the samples were validated against.
    public var config: String
    /// In the order the samples were given.
    public var samples: [SampleResult]
    public var coverage: CoverageReport
    public var strict: Bool
    public var minCoverage: Double?
    /// False with `--fail-on never`: failing samples are reported but do not fail the run.
    var findingsFailTheRun = true
    /// What loading the config said about it (warnings and notes `check` would print): the
    /// reports show them beside the samples' findings. They never fail the run.
    public var configFindings: [ValidationFinding] = []
    /// What the coverage line says instead of coverage, when none was measured (a run that
    /// could not start, `check`).
    public var coverageNote: String?
    /// Whether a baseline judged the findings (`--baseline`, `--write-baseline`): reports
    /// then say of each finding whether the baseline holds it.
    public var baselineInUse = false
    /// The command the report is of, as reports title it: `validate`, or `check`.
    public var command = "validate"

    /// What the entries are: samples, or (for `check`) configs.
    public var entryNoun: String { command == "check" ? "config" : "sample" }

    init(config: String, samples: [SampleResult], coverage: CoverageReport, strict: Bool, minCoverage: Double?) {
        self.config = config
        self.samples = samples
        self.coverage = coverage
        self.strict = strict
        self.minCoverage = minCoverage
    }

    /// Every finding so far accepted as baselined (`--write-baseline`): the samples they
    /// failed pass, as they will on the next run with that baseline.
    public mutating func acceptAll() {
        baselineInUse = true
        for index in samples.indices {
            for finding in samples[index].findings.indices where samples[index].findings[finding].expectedSeverity == nil {
                samples[index].findings[finding].baselined = true
            }
            if samples[index].expectation == .ok { samples[index].passed = true }
        }
    }

    /// Every finding of every sample, in order.
    public var allFindings: [ValidationFinding] { samples.flatMap(\.findings) }

    /// The samples that could not be read (a parse error): coverage is incomplete while there
    /// are any, and the entries never exercised are not listed (most would be only because
    /// of them, burying the parse error under lines).
    var unreadableSampleCount: Int {
        samples.filter { $0.expectation == .ok && $0.findings.contains { $0.kind == .parseError } }.count
    }

    /// The entries never exercised, as reports list them: none while a sample could not be read.
    public var neverExercisedListed: [CoverageEntry] {
        unreadableSampleCount > 0 ? [] : coverage.neverExercised
    }

    /// True when `--min-coverage` is given and coverage is below it.
    public var coverageBelowMinimum: Bool {
        minCoverage.map(coverage.isBelow) ?? false
    }

    /// Every sample passed and coverage is high enough.
    public var passed: Bool {
        samples.allSatisfy(\.passed) && !coverageBelowMinimum
    }

    /// 0 when the run passed (or only findings failed it and they do not count, `--fail-on
    /// never`), 1 otherwise (SPEC §3.4, §3.6).
    public var exitCode: Int32 {
        if coverageBelowMinimum { return 1 }
        return passed || !findingsFailTheRun ? 0 : 1
    }

    public var passedCount: Int { samples.filter(\.passed).count }
    public var failedCount: Int { samples.count - passedCount }

    /// The number of findings of `severity` over all samples, baselined ones left out.
    public func count(_ severity: Diagnostic.Severity) -> Int {
        samples.reduce(0) { $0 + $1.count(severity) }
    }

    /// The number of baselined findings over all samples.
    public var baselinedCount: Int { samples.reduce(0) { $0 + $1.baselinedCount } }

    /// `Coverage 85.7% (18 of 21 entries): ...` — the coverage line of the reports.
    public var coverageLine: String {
        if let coverageNote { return coverageNote }
        let unreadable = unreadableSampleCount
        let incomplete = unreadable == 0 ? "" : " — incomplete: \(Self.plural(unreadable, "sample")) could not be read; entries never exercised are not listed"
        let kinds = CoverageEntry.Kind.allCases.map { kind -> String in
            let counts = coverage.counts(kind)
            return "\(kind.plural) \(counts.exercised)/\(counts.total)"
        }
        return "coverage \(coverage.percentText)% (\(coverage.exercised) of \(coverage.total) config entries exercised: \(kinds.joined(separator: ", ")))" + incomplete
    }

    /// The last line of the text report (and, with other reports, of stderr):
    /// `validate: 4 samples, 4 passed, 0 failed; 0 errors, 2 warnings, 3 notes; coverage 100.0% — ok`.
    public var summaryLine: String {
        var text = "\(command): \(Self.plural(samples.count, entryNoun)), \(passedCount) passed, \(failedCount) failed; "
        text += "\(Self.plural(count(.error), "error")), \(Self.plural(count(.warning), "warning")), \(Self.plural(count(.note), "note"))"
        if baselinedCount > 0 { text += " (\(baselinedCount) baselined)" }
        if command == "validate" { text += coverageNote == nil ? "; coverage \(coverage.percentText)%" : "; coverage not measured" }
        if let minCoverage, coverageNote == nil {
            text += coverageBelowMinimum
                ? " is below --min-coverage \(Self.percentText(minCoverage))%"
                : " (minimum \(Self.percentText(minCoverage))%)"
        }
        text += passed ? " — ok" : " — FAILED"
        if !passed && exitCode == 0 { text += " (not failing the run: --fail-on never)" }
        return text
    }

    /// The message of the failure `--min-coverage` causes.
    public var coverageFailureMessage: String {
        "coverage \(coverage.percentText)% (\(coverage.exercised) of \(coverage.total)) is below --min-coverage \(Self.percentText(minCoverage ?? 0))%"
    }

    public static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `80`, `87.5`: a percentage as the user wrote it, without a needless `.0`.
    public static func percentText(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
