import RestmapEngine

/// A Markdown report for a CI job's summary page (`$GITHUB_STEP_SUMMARY`, a merge-request
/// comment): the verdict as a heading, a table of samples, each failing or warning sample's
/// findings in a collapsed section, and coverage with the entries never exercised.
///
/// Text from samples and configs is Markdown-escaped (ASCII punctuation backslashed, `<`,
/// `>` and `&` as entities), so a payload key cannot add a link, an image or markup to the
/// page.
struct ValidationMarkdownReport {
    var workingDirectory: String?
    /// Findings listed per sample and entries listed under coverage, at most.
    var limit = 50

    func render(_ report: ValidationReport) -> String {
        var out = "## restmap \(report.command): " + (report.passed ? "passed" : "FAILED") + "\n\n"
        out += "\(ValidationReport.plural(report.samples.count, report.entryNoun)), \(report.passedCount) passed, \(report.failedCount) failed; "
        out += "\(ValidationReport.plural(report.count(.error), "error")), \(ValidationReport.plural(report.count(.warning), "warning")), "
        out += "\(ValidationReport.plural(report.count(.note), "note"))\n\n"
        out += "| | \(report.command == "check" ? "Config" : "Sample") | Errors | Warnings | Notes |\n|---|---|---:|---:|---:|\n"
        for sample in report.samples {
            out += "| \(sample.passed ? "pass" : "**FAIL**") | \(Self.escaped(relative(sample.title))) | "
            out += "\(sample.count(.error)) | \(sample.count(.warning)) | \(sample.count(.note)) |\n"
        }
        if !report.configFindings.isEmpty {
            out += "\n<details><summary>config \(Self.escaped(relative(report.config)))</summary>\n\n"
            out += table(report.configFindings)
            out += "\n</details>\n"
        }
        for sample in report.samples where !sample.findings.isEmpty {
            out += "\n<details\(sample.passed ? "" : " open")><summary>\(Self.escaped(relative(sample.title)))</summary>\n\n"
            out += table(sample.findings)
            out += "\n</details>\n"
        }
        guard report.command == "validate" else { return out }
        out += "\n### Coverage\n\n" + Self.escaped(report.coverageLine) + "\n"
        if report.coverageBelowMinimum { out += "\n**" + Self.escaped(report.coverageFailureMessage) + "**\n" }
        let never = report.neverExercisedListed
        if !never.isEmpty {
            out += "\n<details><summary>never exercised (\(never.count))</summary>\n\n"
            for entry in never.prefix(limit) { out += "- " + Self.escaped(relative(entry.listingLine)) + "\n" }
            if never.count > limit { out += "- … and \(never.count - limit) more\n" }
            out += "\n</details>\n"
        }
        return out
    }

    /// The findings as a table, at most `limit` of them.
    private func table(_ findings: [ValidationFinding]) -> String {
        var out = "| Severity | Where | Code | Finding |\n|---|---|---|---|\n"
        for finding in findings.prefix(limit) {
            var message = finding.fullMessage
            if let entry = finding.configEntry { message += " (config: \(entry.name))" }
            out += "| \(finding.severity.rawValue) | \(Self.escaped(relative(finding.location.description))) | "
            out += "\(finding.code.rawValue) | \(Self.escaped(message)) |\n"
        }
        if findings.count > limit { out += "\n… and \(findings.count - limit) more\n" }
        return out
    }

    /// `path` relative to the working directory when it starts with it.
    private func relative(_ text: String) -> String {
        guard let directory = workingDirectory, !directory.isEmpty else { return FilePath.display(text) }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return FilePath.display(text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
    }

    /// Text shown literally in Markdown (and in the table cells it goes into): the
    /// characters that start inline markup or end a cell are backslashed, `<`, `>` and `&`
    /// become entities, and what GitHub would turn into a link by itself (`http://`, `www.`)
    /// is broken up.
    static func escaped(_ text: String) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n": out += " "
            case "\\", "`", "*", "_", "[", "]", "|", "~", "!":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case ":" where index + 2 < scalars.count && scalars[index + 1] == "/" && scalars[index + 2] == "/":
                out += "\\:"
            case "." where index >= 3 && String(String.UnicodeScalarView(scalars[(index - 3)..<index])).lowercased() == "www":
                out += "\\."
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
