import RestmapEngine

/// SARIF 2.1.0 (OASIS), the format GitHub code scanning, GitLab and Azure DevOps ingest:
/// `validate --report sarif` and `check --report sarif`. One run whose tool lists a rule per
/// diagnostic code (the catalogue, with its summary as help), and one result per finding,
/// located at its file, line and column, with the config entry it concerns as a related
/// location. `validate` adds its coverage as the run's properties.
public struct SARIFLog {
    /// Absolute paths under it are written relative to it, as code-scanning tools expect
    /// paths relative to the repository checkout.
    var workingDirectory: String?

    public init(workingDirectory: String? = nil) {
        self.workingDirectory = workingDirectory
    }

    /// One result to report.
    struct Result {
        var code: DiagnosticCode
        var severity: Diagnostic.Severity
        var message: String
        var location: SourceLocation?
        var related: [Diagnostic.RelatedLocation]
        var properties: ValueObject
        /// With a baseline in use: whether the baseline holds the finding (SARIF's
        /// `baselineState`, `unchanged` or `new`); nil without one.
        var baselined: Bool? = nil
    }

    /// The results of `check`: every diagnostic of the config pipeline; with a baseline in
    /// use, `baselined` says which of them it holds (in the same order).
    public func render(diagnostics: [Diagnostic], baselined: [Bool]? = nil) -> String {
        render(results: diagnostics.enumerated().map { index, diagnostic in
            Result(code: diagnostic.code, severity: diagnostic.severity, message: diagnostic.message, location: diagnostic.location,
                   related: diagnostic.related, properties: ValueObject(), baselined: baselined.flatMap { index < $0.count ? $0[index] : nil })
        }, properties: nil)
    }

    /// The results of `validate`: every finding of every sample, coverage as properties.
    func render(_ report: ValidationReport) -> String {
        var results: [Result] = report.configFindings.map { finding in
            Result(
                code: finding.code, severity: finding.severity, message: finding.fullMessage, location: finding.location,
                related: finding.related, properties: ValueObject([("kind", "config")]))
        }
        for sample in report.samples {
            for finding in sample.findings {
                var related = finding.related
                if let entry = finding.configEntry { related.append(.init("config: \(entry.name)", at: entry.location)) }
                var properties = ValueObject([("sample", .string(FilePath.display(sample.name))), ("kind", .string(finding.kind.rawValue))])
                if finding.count > 1 { properties["occurrences"] = .number(String(finding.count)) }
                if let pointer = finding.pointer { properties["pointer"] = .string(pointer) }
                results.append(Result(
                    code: finding.code, severity: finding.severity, message: finding.fullMessage,
                    location: finding.location, related: related, properties: properties,
                    baselined: report.baselineInUse ? finding.baselined : nil))
            }
        }
        return render(results: results, properties: coverage(report))
    }

    private func coverage(_ report: ValidationReport) -> ValueObject {
        var kinds = ValueObject()
        for kind in CoverageEntry.Kind.allCases {
            let counts = report.coverage.counts(kind)
            kinds[kind.rawValue] = .object(ValueObject([
                ("exercised", .number(String(counts.exercised))), ("total", .number(String(counts.total))),
            ]))
        }
        let never: [Value] = report.coverage.neverExercised.map { entry in
            .object(ValueObject([
                ("entry", .string(entry.name)), ("detail", .string(entry.detail)),
                ("file", .string(FilePath.display(relative(entry.location.file)))),
                ("line", entry.location.line.map { .number(String($0)) } ?? .null),
            ]))
        }
        return ValueObject([
            ("coverage", .object(ValueObject([
                ("percent", .number(report.coverage.percentText)),
                ("exercised", .number(String(report.coverage.exercised))),
                ("total", .number(String(report.coverage.total))),
                ("byKind", .object(kinds)), ("neverExercised", .array(never)),
            ]))),
            ("samples", .number(String(report.samples.count))),
            ("samplesPassed", .number(String(report.passedCount))),
        ])
    }

    private func render(results: [Result], properties: ValueObject?) -> String {
        let catalogue = DiagnosticCode.catalogue
        let ruleIndex = Dictionary(uniqueKeysWithValues: catalogue.enumerated().map { ($1.rawValue, $0) })
        let rules: [Value] = catalogue.map { code in
            .object(ValueObject([
                ("id", .string(code.rawValue)),
                ("shortDescription", .object(ValueObject([("text", .string(code.summary))]))),
                ("help", .object(ValueObject([
                    ("text", .string("\(code.summary) See docs/diagnostics.md for \(code.rawValue).")),
                ]))),
                ("defaultConfiguration", .object(ValueObject([("level", .string(level(code.severity)))]))),
            ]))
        }
        var run = ValueObject([
            ("tool", .object(ValueObject([("driver", .object(ValueObject([
                ("name", .string("restmap")), ("version", .string(RestmapVersion.current)),
                ("rules", .array(rules)),
            ])))]))),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results.map { result(for: $0, ruleIndex: ruleIndex[$0.code.rawValue]) })),
        ])
        if let properties { run["properties"] = .object(properties) }
        let log = Value.object(ValueObject([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ]))
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .pretty)
        try? writer.write(log)
        try? writer.newline()
        try? writer.flush()
        return sink.text
    }

    private func result(for result: Result, ruleIndex: Int?) -> Value {
        var object = ValueObject([
            ("ruleId", .string(result.code.rawValue)),
            ("level", .string(level(result.severity))),
            ("message", .object(ValueObject([("text", .string(result.message))]))),
        ])
        if let ruleIndex { object["ruleIndex"] = .number(String(ruleIndex)) }
        if let location = result.location { object["locations"] = .array([.object(physical(location))]) }
        if !result.related.isEmpty {
            object["relatedLocations"] = .array(result.related.enumerated().map { index, related in
                var entry = physical(related.location)
                entry["id"] = .number(String(index + 1))
                entry["message"] = .object(ValueObject([("text", .string(related.message))]))
                return .object(entry)
            })
        }
        if !result.properties.isEmpty { object["properties"] = .object(result.properties) }
        if let baselined = result.baselined { object["baselineState"] = .string(baselined ? "unchanged" : "new") }
        return .object(object)
    }

    private func physical(_ location: SourceLocation) -> ValueObject {
        var physical = ValueObject([("artifactLocation", .object(ValueObject([("uri", .string(uri(location.file)))])))])
        if let line = location.line {
            var region = ValueObject([("startLine", .number(String(line)))])
            if let column = location.column { region["startColumn"] = .number(String(column)) }
            physical["region"] = .object(region)
        }
        return ValueObject([("physicalLocation", .object(physical))])
    }

    private func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    private func relative(_ path: String) -> String {
        guard let directory = workingDirectory, !directory.isEmpty, path.hasPrefix(directory + "/") else { return path }
        return String(path.dropFirst(directory.count + 1))
    }

    /// A relative URI reference for a path: every byte but unreserved ones and `/` escaped.
    private func uri(_ path: String) -> String {
        var out = ""
        for byte in FilePath.bytes(of: relative(path)) {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }
}
