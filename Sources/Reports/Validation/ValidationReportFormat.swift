import RestmapEngine

/// The forms of `restmap validate`'s report (`--report`, SPEC §3.4).
public enum ValidationReportFormat: String, Sendable, CaseIterable {
    /// Per sample a PASS/FAIL line and its findings as compiler-style diagnostics, then
    /// coverage and a summary line.
    case text
    /// One JSON document (see `ValidationJSONReport` for the schema).
    case json
    /// JUnit XML: one testcase per sample, failures carrying the messages.
    case junit
    /// GitHub Actions workflow commands: `::error file=F,line=L,col=C::message`.
    case github
    /// SARIF 2.1.0 for code-scanning tools (`SARIFLog`).
    case sarif
    /// One self-contained HTML page: coverage over the config's source, findings inline in
    /// the samples, the entity graph (`ValidationHTMLReport`).
    case html
    /// Markdown for a job's summary page (`$GITHUB_STEP_SUMMARY`).
    case markdown
    /// GitLab's code-quality report (Code Climate issues with fingerprints).
    case codeclimate

    /// Renders `report`.
    /// - Parameter workingDirectory: absolute paths under it are shown relative to it
    ///   (GitHub annotations need workspace-relative paths).
    /// - Parameter source: the text of the config and sample files (html shows them).
    /// - Parameter graphSVG: the entity graph (html draws it).
    /// - Parameter generatedAt: when the report was made (html shows it).
    /// - Parameter diagnosticCodes: the text report's findings name their codes
    ///   (`warning[RM5003]:`, `RESTMAP_DIAGNOSTIC_CODES=1`); the other formats always carry them.
    public func render(
        _ report: ValidationReport, workingDirectory: String? = nil,
        source: @escaping ValidationHTMLReport.SourceText = { _ in nil }, graphSVG: String = "", generatedAt: String? = nil,
        diagnosticCodes: Bool = false
    ) -> String {
        switch self {
        case .text: return ValidationTextReport(codes: diagnosticCodes).render(report)
        case .json: return ValidationJSONReport().render(report)
        case .junit: return ValidationJUnitReport().render(report)
        case .github: return ValidationGitHubReport(workingDirectory: workingDirectory).render(report)
        case .sarif: return SARIFLog(workingDirectory: workingDirectory).render(report)
        case .html: return ValidationHTMLReport(source: source, graphSVG: graphSVG, generatedAt: generatedAt).render(report)
        case .markdown: return ValidationMarkdownReport(workingDirectory: workingDirectory).render(report)
        case .codeclimate: return ValidationCodeClimateReport(workingDirectory: workingDirectory).render(report)
        }
    }
}

extension SampleResult {
    /// `PASS`/`FAIL`, the title, and what was found:
    /// `PASS Samples/employees/employees.json (/employees): 2 warnings, 3 notes`.
    var headline: String {
        var text = (passed ? "PASS " : "FAIL ") + FilePath.display(title)
        let errors = count(.error), warnings = count(.warning)
        let expected = findings.filter { $0.expectedSeverity != nil }
        let notes = count(.note) - expected.count
        var parts: [String] = []
        if expectation == .error && passed {
            let expectedErrors = expected.filter { $0.expectedSeverity == .error }.count
            let expectedWarnings = expected.count - expectedErrors
            var what: [String] = []
            if expectedErrors > 0 { what.append(ValidationReport.plural(expectedErrors, "error")) }
            if expectedWarnings > 0 { what.append(ValidationReport.plural(expectedWarnings, "warning")) }
            parts.append("failed as expected (\(what.joined(separator: ", ")))")
        }
        if errors > 0 { parts.append(ValidationReport.plural(errors, "error")) }
        if warnings > 0 { parts.append(ValidationReport.plural(warnings, "warning")) }
        if notes > 0 { parts.append(ValidationReport.plural(notes, "note")) }
        if baselinedCount > 0 { parts.append("\(baselinedCount) baselined") }
        if !parts.isEmpty { text += ": " + parts.joined(separator: ", ") }
        return text
    }
}

extension CoverageEntry {
    /// `Configs/employees.plist:14: entity_attribute_mappings.Department.description (Department.description ← description)`
    var listingLine: String {
        "\(location.shortDescription): \(name) (\(detail))"
    }
}
