import RestmapEngine

/// `validate --report html`: one self-contained page (no scripts, fonts or images from
/// elsewhere) that a team publishes as a CI artifact, laid out like a code-coverage page:
/// the verdict and coverage totals by kind; each sample with its findings inline at their
/// lines; the config's source with each entry's line marked exercised or never exercised;
/// and the entity graph, drawn inline as SVG.
public struct ValidationHTMLReport {
    /// The text of a file named in the report (the config, a sample), or nil when it
    /// cannot be shown (unreadable, binary). The report reads no files itself.
    public typealias SourceText = (String) -> String?

    /// Samples longer than this show only the lines around their findings.
    static let wholeSampleLines = 2_000
    static let contextLines = 3

    let source: SourceText
    let graphSVG: String
    /// When the report was made (`2026-11-27 11:40 UTC`), shown with restmap's version; the
    /// caller reads the clock.
    let generatedAt: String?

    init(source: @escaping SourceText, graphSVG: String, generatedAt: String? = nil) {
        self.source = source
        self.graphSVG = graphSVG
        self.generatedAt = generatedAt
    }

    func render(_ report: ValidationReport) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>restmap validate — \(escape(FilePath.display(report.config)))</title>
            <style>\(Self.style)</style></head><body>

            """
        html += summary(report)
        html += coverageTable(report.coverage)
        html += samples(report)
        html += configSource(report)
        html += "<section id=\"graph\"><h2>Entity graph</h2>\n\(graphSVG)</section>\n"
        html += "<footer>Made by restmap \(escape(RestmapVersion.current))\(generatedAt.map { " on " + escape($0) } ?? "").</footer>\n"
        return html + "</body></html>\n"
    }

    private func summary(_ report: ValidationReport) -> String {
        let verdict = report.passed ? "<span class=\"pass\">PASSED</span>" : "<span class=\"fail\">FAILED</span>"
        return """
            <header><h1>restmap validate: \(escape(report.config)) \(verdict)</h1>
            <p id="totals">\(ValidationReport.plural(report.samples.count, "sample")): \(report.passedCount) passed, \(report.failedCount) failed · \
            \(ValidationReport.plural(report.count(.error), "error")), \(ValidationReport.plural(report.count(.warning), "warning")), \
            \(ValidationReport.plural(report.count(.note), "note")) · \
            <strong>coverage \(report.coverage.percentText)%</strong> (\(report.coverage.exercised) of \(report.coverage.total) config entries)</p>
            </header>

            """
    }

    private func coverageTable(_ coverage: CoverageReport) -> String {
        var rows = ""
        for kind in CoverageEntry.Kind.allCases {
            let counts = coverage.counts(kind)
            let percent = counts.total == 0 ? "—" : "\(counts.exercised * 1000 / counts.total / 10).\(counts.exercised * 1000 / counts.total % 10)%"
            rows += "<tr><td>\(kind.plural)</td><td>\(counts.exercised)</td><td>\(counts.total)</td><td>\(percent)</td></tr>\n"
        }
        rows += "<tr class=\"total\"><td>all entries</td><td>\(coverage.exercised)</td><td>\(coverage.total)</td><td>\(coverage.percentText)%</td></tr>\n"
        return """
            <section id="coverage"><h2>Coverage</h2>
            <table class="totals"><thead><tr><th>kind</th><th>exercised</th><th>entries</th><th>coverage</th></tr></thead>
            <tbody>
            \(rows)</tbody></table></section>

            """
    }

    /// The config's lines, each entry's line marked; a binary config lists its entries.
    private func configSource(_ report: ValidationReport) -> String {
        var byLine: [Int: [CoverageEntry]] = [:]
        for entry in report.coverage.entries {
            if let line = entry.location.line { byLine[line, default: []].append(entry) }
        }
        var html = "<section id=\"config\"><h2>Config: \(escape(report.config))</h2>\n"
        if !report.configFindings.isEmpty {
            html += "<ul class=\"findings\">\n" + report.configFindings.map { "<li>\(badge($0))</li>\n" }.joined() + "</ul>\n"
        }
        html += "<p class=\"legend\"><span class=\"covered\">exercised</span> <span class=\"uncovered\">never exercised</span> <span class=\"partial\">partly exercised</span></p>\n"
        guard let text = source(report.config), !byLine.isEmpty || !report.coverage.entries.isEmpty else {
            html += "<p>The config's source cannot be shown; its entries:</p><ul>\n"
            for entry in report.coverage.entries {
                html += "<li class=\"\(entry.exercised ? "covered" : "uncovered")\">\(escape(entry.name)) (\(escape(entry.detail)))</li>\n"
            }
            return html + "</ul></section>\n"
        }
        html += "<table class=\"source\">\n"
        for (index, line) in lines(of: text).enumerated() {
            let number = index + 1
            var mark = "", title = ""
            if let entries = byLine[number] {
                let exercised = entries.filter(\.exercised).count
                mark = exercised == entries.count ? "covered" : exercised == 0 ? "uncovered" : "partial"
                title = entries.map { "\($0.exercised ? "exercised" : "never exercised"): \($0.name) (\($0.detail))" }
                    .joined(separator: "\n")
            }
            let attributes = mark.isEmpty ? "" : " class=\"\(mark)\" title=\"\(escape(title))\""
            html += "<tr id=\"config-L\(number)\"\(attributes)><td class=\"n\">\(number)</td><td><code>\(escape(line))</code></td></tr>\n"
        }
        return html + "</table></section>\n"
    }

    private func samples(_ report: ValidationReport) -> String {
        var html = "<section id=\"samples\"><h2>Samples</h2>\n"
        for (index, sample) in report.samples.enumerated() {
            let verdict = sample.passed ? "<span class=\"pass\">PASS</span>" : "<span class=\"fail\">FAIL</span>"
            html += "<details class=\"sample\" open><summary>\(verdict) \(escape(FilePath.display(sample.title)))</summary>\n"
            html += sampleBody(sample, index: index)
            html += "</details>\n"
        }
        return html + "</section>\n"
    }

    private func sampleBody(_ sample: SampleResult, index: Int) -> String {
        var atLine: [Int: [ValidationFinding]] = [:]
        var unlocated: [ValidationFinding] = []
        for finding in sample.findings {
            if let line = finding.location.line, finding.location.file == sample.name {
                atLine[line, default: []].append(finding)
            } else {
                unlocated.append(finding)
            }
        }
        var html = ""
        if !unlocated.isEmpty {
            html += "<ul class=\"findings\">\n"
            for finding in unlocated { html += "<li>\(badge(finding))</li>\n" }
            html += "</ul>\n"
        }
        guard let text = source(sample.name) else {
            for (_, findings) in atLine.sorted(by: { $0.key < $1.key }) {
                for finding in findings { html += "<p>\(badge(finding))</p>\n" }
            }
            return html
        }
        let all = lines(of: text)
        var shown = Set<Int>()
        if all.count <= Self.wholeSampleLines {
            shown = Set(1...max(1, all.count))
        } else {
            for line in atLine.keys {
                shown.formUnion(max(1, line - Self.contextLines)...min(all.count, line + Self.contextLines))
            }
        }
        html += "<table class=\"source\">\n"
        var previous = 0
        for number in shown.sorted() where number <= all.count {
            if number > previous + 1 { html += "<tr class=\"gap\"><td class=\"n\">…</td><td></td></tr>\n" }
            previous = number
            let marked = atLine[number].map { findings in
                findings.contains { $0.severity == .error } ? " class=\"has-error\"" : " class=\"has-finding\""
            } ?? ""
            html += "<tr id=\"s\(index)-L\(number)\"\(marked)><td class=\"n\">\(number)</td><td><code>\(escape(all[number - 1]))</code></td></tr>\n"
            for finding in atLine[number] ?? [] {
                html += "<tr class=\"finding\"><td></td><td>\(badge(finding))</td></tr>\n"
            }
        }
        html += "</table>\n"
        // Past the last line: a truncated document's error at its end.
        for (_, findings) in atLine.filter({ $0.key > all.count }).sorted(by: { $0.key < $1.key }) {
            for finding in findings { html += "<p class=\"finding\">\(badge(finding))</p>\n" }
        }
        return html
    }

    /// A finding: severity, message, and where in the config it points.
    private func badge(_ finding: ValidationFinding) -> String {
        var html = "<span class=\"sev \(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
        html += "<span class=\"msg\">\(escape(finding.fullMessage))</span>"
        if let column = finding.location.column, let line = finding.location.line {
            html += " <span class=\"at\">\(line):\(column)</span>"
        }
        if let entry = finding.configEntry {
            let target = entry.location.line.map { "#config-L\($0)" } ?? "#config"
            html += " <a class=\"cfg\" href=\"\(target)\">config: \(escape(entry.name))</a>"
        }
        return html
    }

    private func lines(of text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.last == "\r" ? String(line.dropLast()) : String(line)
        }
        if result.last == "" { result.removeLast() }
        return result
    }

    /// Markup characters as entities (the XML writers' escaping serves HTML and SVG too).
    private func escape(_ text: String) -> String {
        XMLEscaping.escape(text)
    }

    static let style = """
        body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:0 auto;max-width:1200px;padding:0 24px 48px;color:#1d2330}
        h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #dde;padding-bottom:4px}
        .pass{color:#fff;background:#2d7d46;border-radius:4px;padding:1px 7px}.fail{color:#fff;background:#b42318;border-radius:4px;padding:1px 7px}
        table.totals{border-collapse:collapse}table.totals td,table.totals th{border:1px solid #ccd;padding:4px 12px;text-align:right}
        table.totals td:first-child,table.totals th:first-child{text-align:left}tr.total{font-weight:bold}
        table.source{border-collapse:collapse;width:100%;font:12px/1.5 ui-monospace,Menlo,Consolas,monospace}
        table.source td{padding:0 8px;vertical-align:top;white-space:pre-wrap;word-break:break-all}
        table.source{tab-size:4}table.source td.n{color:#889;text-align:right;width:3.5em;user-select:none;white-space:nowrap;word-break:normal}
        tr.covered td{background:#e3f6e8}tr.uncovered td{background:#fde4e1}tr.partial td{background:#fdf3d8}
        .legend span{padding:2px 8px;margin-right:6px;border-radius:3px}.legend .covered{background:#e3f6e8}
        .legend .uncovered{background:#fde4e1}.legend .partial{background:#fdf3d8}
        li.covered{color:#2d7d46}li.uncovered{color:#b42318}
        tr.has-error td{background:#fde4e1}tr.has-finding td{background:#fdf3d8}tr.gap td{color:#889}
        tr.finding td{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;background:#f6f7fb;padding:3px 8px}
        .sev{font-weight:bold;text-transform:uppercase;font-size:11px;padding:0 5px;border-radius:3px;color:#fff}
        .sev.error{background:#b42318}.sev.warning{background:#b7791f}.sev.note{background:#5b6b8c}
        .at{color:#667}.cfg{font-size:12px;margin-left:6px}details.sample{margin:12px 0}summary{font-weight:bold;cursor:pointer}
        svg.entity-graph{max-width:100%;height:auto;font:12px -apple-system,Helvetica,Arial,sans-serif}
        """
}
