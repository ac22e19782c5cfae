import RestmapEngine

/// The text report: for each sample a `PASS`/`FAIL` line followed by its findings as
/// compiler-style diagnostics (`FILE:LINE:COL: warning: message`, then the related places and
/// the config entry as `note:` lines, unindented so that editors' problem matchers pick them
/// up); then coverage with the entries never exercised; then the summary line.
///
/// ```
/// PASS Samples/employees/departments.json (/departments)
/// PASS Samples/employees/employees.json (/employees): 1 warning
/// Samples/employees/employees.json:19:5: warning: no matcher of path_mappings.0 ('/employees') takes this object: type is "contractor", expected "employee"
/// Configs/employees.plist:86: note: config: path_mappings.0.matchers
///
/// coverage 100.0% (15 of 15 config entries exercised: attribute mappings 7/7, relationships 2/2, matchers 3/3, path mappings 3/3)
///
/// validate: 2 samples, 2 passed, 0 failed; 0 errors, 1 warning, 0 notes; coverage 100.0% — ok
/// ```
///
/// With `codes` (`RESTMAP_DIAGNOSTIC_CODES=1`) each finding names its code, as the lines on
/// standard error then do: `warning[RM5003]:`.
struct ValidationTextReport {
    var codes = false

    func render(_ report: ValidationReport) -> String {
        let renderer = DiagnosticRenderer(colors: false, codes: codes)
        var lines: [String] = []
        if !report.configFindings.isEmpty {
            lines.append("CONFIG " + FilePath.display(report.config) + ": " + Self.counts(report.configFindings))
            for finding in report.configFindings { lines.append(renderer.render(finding.diagnostic)) }
        }
        for sample in report.samples {
            lines.append(sample.headline)
            for finding in sample.findings {
                lines.append(renderer.render(finding.diagnostic))
            }
        }
        lines.append("")
        lines.append(report.coverageLine)
        let never = report.neverExercisedListed
        if !never.isEmpty {
            lines.append("never exercised:")
            for entry in never { lines.append("  " + entry.listingLine) }
        }
        if report.coverageBelowMinimum {
            lines.append("error: " + report.coverageFailureMessage)
        }
        lines.append("")
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `2 warnings, 1 note`.
    static func counts(_ findings: [ValidationFinding]) -> String {
        Diagnostic.Severity.allCases.reversed().compactMap { severity in
            let count = findings.filter { $0.severity == severity }.count
            return count == 0 ? nil : ValidationReport.plural(count, severity.rawValue)
        }.joined(separator: ", ")
    }
}
