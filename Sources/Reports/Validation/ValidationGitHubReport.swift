import RestmapEngine
/// The GitHub Actions report: workflow commands that GitHub turns into annotations on the
/// sample's line (`::error file=F,line=L,col=C,title=RM4002::message`, titled with the
/// finding's diagnostic code; warnings `::warning`, notes
/// `::notice`), interleaved with the plain `PASS`/`FAIL` lines of the text report so that
/// the job log reads on its own. The config entry and related places go into the message,
/// on lines of their own. Coverage is one `::notice` (an `::error` below `--min-coverage`)
/// listing the entries never exercised; the summary line ends the report.
///
/// Escaping as GitHub's toolkit does: in messages `%` → `%25`, CR → `%0D`, LF → `%0A`; in
/// property values also `:` → `%3A` and `,` → `%2C`. Absolute paths under the working
/// directory are made relative to it (annotations name workspace-relative files).
struct ValidationGitHubReport {
    var workingDirectory: String?

    func render(_ report: ValidationReport) -> String {
        var lines: [String] = report.configFindings.map(annotation)
        for sample in report.samples {
            lines.append(sample.headline)
            for finding in sample.findings { lines.append(annotation(finding)) }
        }
        var coverage = report.coverageLine
        let never = report.neverExercisedListed
        if !never.isEmpty {
            coverage += "\nnever exercised:\n" + never.map { relative($0.listingLine) }.joined(separator: "\n")
        }
        if report.command != "validate" {
            // check: no coverage to annotate.
        } else if report.coverageBelowMinimum {
            lines.append("::error title=restmap \(report.command) coverage::" + Self.escapeData(report.coverageFailureMessage + "\n" + coverage))
        } else {
            lines.append("::notice title=restmap \(report.command) coverage::" + Self.escapeData(coverage))
        }
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    func annotation(_ finding: ValidationFinding) -> String {
        let command: String
        switch finding.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        var properties = ["file=" + Self.escapeProperty(FilePath.display(relative(finding.location.file)))]
        if let line = finding.location.line {
            properties.append("line=\(line)")
            if let column = finding.location.column { properties.append("col=\(column)") }
        }
        properties.append("title=" + finding.code.rawValue)
        var message = finding.fullMessage
        for related in finding.related {
            message += "\n\(relative(related.location.description)): \(related.message)"
        }
        if let entry = finding.configEntry {
            message += "\nconfig: \(entry.name) (\(relative(entry.location.shortDescription)))"
        }
        return "::\(command) \(properties.joined(separator: ","))::" + Self.escapeData(message)
    }

    /// `path` relative to the working directory when it lies under it.
    func relative(_ path: String) -> String {
        guard let directory = workingDirectory, !directory.isEmpty else { return path }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func escapeData(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for character in escapeData(text).unicodeScalars {
            switch character {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
