import RestmapEngine

/// The JUnit XML report, for CI systems that render test results (GitLab, Jenkins, ...):
/// one `<testsuite>` named after the config, one `<testcase>` per sample (classname: the
/// config's file name without directory and extension; name: the sample's title). A failing
/// sample carries a `<failure>` whose message counts what failed it, whose `type` is the
/// diagnostic code of the finding the message names, and whose body lists all
/// its findings as diagnostics; a passing sample with findings lists them in `<system-out>`.
/// With `--min-coverage`, a `coverage` testcase fails when coverage is below it. The suite's
/// `<properties>` hold the coverage percentage and its `<system-out>` the coverage listing.
struct ValidationJUnitReport {
    func render(_ report: ValidationReport) -> String {
        let className = Self.className(report.config)
        let renderer = DiagnosticRenderer(colors: false)
        var cases: [String] = []
        var failures = 0
        for sample in report.samples {
            let body = sample.findings.map { renderer.render($0.diagnostic) }.joined(separator: "\n")
            var testcase = "    <testcase classname=\"\(Self.escape(className))\" name=\"\(Self.escape(FilePath.display(sample.title)))\" file=\"\(Self.escape(FilePath.display(sample.name)))\""
            if sample.passed {
                if body.isEmpty {
                    testcase += "/>"
                } else {
                    testcase += ">\n      <system-out>\(Self.escapeText(body))</system-out>\n    </testcase>"
                }
            } else {
                failures += 1
                testcase += ">\n      <failure message=\"\(Self.escape(failureMessage(sample, report)))\" type=\"\(failureType(sample, report))\">\(Self.escapeText(body))</failure>\n    </testcase>"
            }
            cases.append(testcase)
        }
        if !report.configFindings.isEmpty {
            // The config's own warnings: a passing test case that shows them.
            let body = report.configFindings.map { renderer.render($0.diagnostic) }.joined(separator: "\n")
            cases.insert(
                "    <testcase classname=\"\(Self.escape(className))\" name=\"config \(Self.escape(FilePath.display(report.config)))\" file=\"\(Self.escape(FilePath.display(report.config)))\">\n      <system-out>\(Self.escapeText(body))</system-out>\n    </testcase>",
                at: 0)
        }
        if let minimum = report.minCoverage {
            var testcase = "    <testcase classname=\"\(Self.escape(className))\" name=\"coverage\""
            if report.coverageBelowMinimum {
                failures += 1
                testcase += ">\n      <failure message=\"\(Self.escape(report.coverageFailureMessage))\" type=\"coverage\">\(Self.escapeText(coverageText(report)))</failure>\n    </testcase>"
            } else {
                testcase += ">\n      <system-out>\(Self.escapeText("coverage \(report.coverage.percentText)% (minimum \(ValidationReport.percentText(minimum))%)"))</system-out>\n    </testcase>"
            }
            cases.append(testcase)
        }
        let tests = cases.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"restmap \(report.command)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        xml += "  <testsuite name=\"\(Self.escape(report.config))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        xml += "    <properties>\n"
        xml += "      <property name=\"config\" value=\"\(Self.escape(report.config))\"/>\n"
        if report.coverageNote == nil {
            xml += "      <property name=\"coverage\" value=\"\(report.coverage.percentText)\"/>\n"
        }
        xml += "    </properties>\n"
        for testcase in cases { xml += testcase + "\n" }
        xml += "    <system-out>\(Self.escapeText(coverageText(report)))</system-out>\n"
        xml += "  </testsuite>\n"
        xml += "</testsuites>\n"
        return xml
    }

    /// The diagnostic code of the finding the failure message names (`RM4002`), or
    /// `validation` when it names none.
    private func failureType(_ sample: SampleResult, _ report: ValidationReport) -> String {
        if sample.expectation == .error {
            return sample.findings.first { $0.kind == .expectationNotMet }?.code.rawValue ?? "validation"
        }
        let failing = report.strict ? Diagnostic.Severity.warning : .error
        return sample.findings.first { $0.severity >= failing }?.code.rawValue ?? "validation"
    }

    /// `2 errors: <first error>` (`--strict`: errors and warnings).
    private func failureMessage(_ sample: SampleResult, _ report: ValidationReport) -> String {
        if sample.expectation == .error {
            return sample.findings.first { $0.kind == .expectationNotMet }?.message ?? "expected errors, found none"
        }
        let failing = report.strict ? Diagnostic.Severity.warning : .error
        let failures = sample.findings.filter { $0.severity >= failing }
        let counted = report.strict
            ? "\(ValidationReport.plural(sample.count(.error), "error")), \(ValidationReport.plural(sample.count(.warning), "warning")) (--strict)"
            : ValidationReport.plural(sample.count(.error), "error")
        guard let first = failures.first else { return counted }
        return "\(counted): \(first.fullMessage)"
    }

    private func coverageText(_ report: ValidationReport) -> String {
        var lines = [report.coverageLine]
        let never = report.neverExercisedListed
        if !never.isEmpty {
            lines.append("never exercised:")
            lines += never.map { "  " + $0.listingLine }
        }
        return lines.joined(separator: "\n")
    }

    /// `Configs/employees.plist` → `employees`.
    static func className(_ config: String) -> String {
        var name = config
        if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name.isEmpty ? "restmap" : name
    }

    /// Escapes element content: line breaks stay as they are.
    static func escapeText(_ text: String) -> String {
        escape(text, attribute: false)
    }

    /// Escapes text for XML 1.0 attributes (and, with `attribute` false, content); characters
    /// XML cannot hold (most control characters) become `?`; line breaks in attributes are
    /// written `&#10;` so that parsers keep them.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\r": out += attribute ? "&#13;" : "\r"
            case "\t": out += attribute ? "&#9;" : "\t"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
