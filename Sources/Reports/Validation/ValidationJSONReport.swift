import RestmapEngine

/// The JSON report, for scripts. Schema (version 1; keys always present, `null` when unknown):
///
/// ```
/// { "version": 1, "config": FILE, "passed": BOOL, "strict": BOOL, "min_coverage": NUMBER|null,
///   "summary": { "samples", "passed", "failed", "errors", "warnings", "notes", "baselined": INT },
///   "config_findings": [ FINDING, as in a sample ],
///   "samples": [ { "file", "path": STRING|null, "status": INT|null, "expect": "ok"|"error",
///                  "passed": BOOL, "errors", "warnings", "notes": INT,
///                  "findings": [ { "kind", "code", "severity", "message", "file", "line", "column",
///                                  "pointer", "count", "expected_severity", "baselined": BOOL,
///                                  "config": { "entry", "file", "line" }|null,
///                                  "related": [ { "message", "file", "line", "column" } ] } ] } ],
///   "coverage": { "percent": NUMBER, "exercised": INT, "total": INT, "below_minimum": BOOL,
///                 "by_kind": { "attribute_mapping"|"relationship"|"matcher"|"path_mapping":
///                              { "exercised", "total" } },
///                 "entries": [ { "kind", "entry", "detail", "file", "line", "exercised" } ] } }
/// ```
/// `code` is the finding's stable diagnostic code (`RM5008`; docs/diagnostics.md), of
/// which `kind` is a coarser view. `message` is the bare message (`count` and `expected_severity` are separate); `pointer` is
/// the offending value's JSON Pointer in its document; `percent` is rounded down to one decimal.
struct ValidationJSONReport {
    func render(_ report: ValidationReport) -> String {
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .pretty)
        do {
            try writer.write(document(report))
            try writer.newline()
            try writer.flush()
        } catch {
            // A memory sink does not fail.
        }
        return sink.text
    }

    func document(_ report: ValidationReport) -> Value {
        let coverage = report.coverage
        var byKind = ValueObject()
        for kind in CoverageEntry.Kind.allCases {
            let counts = coverage.counts(kind)
            byKind[kind.rawValue] = .object(ValueObject([("exercised", int(counts.exercised)), ("total", int(counts.total))]))
        }
        let entries: [Value] = coverage.entries.map { entry in
            .object(
                ValueObject([
                    ("kind", .string(entry.kind.rawValue)), ("entry", .string(entry.name)), ("detail", .string(entry.detail)),
                    ("file", .string(FilePath.display(entry.location.file))), ("line", entry.location.line.map(int) ?? .null),
                    ("exercised", .bool(entry.exercised)),
                ]))
        }
        return .object(
            ValueObject([
                ("version", 1),
                ("config", .string(report.config)),
                ("passed", .bool(report.passed)),
                ("strict", .bool(report.strict)),
                ("min_coverage", report.minCoverage.map { .number(ValidationReport.percentText($0)) } ?? .null),
                (
                    "summary",
                    .object(
                        ValueObject([
                            ("samples", int(report.samples.count)), ("passed", int(report.passedCount)),
                            ("failed", int(report.failedCount)), ("errors", int(report.count(.error))),
                            ("warnings", int(report.count(.warning))), ("notes", int(report.count(.note))),
                            ("baselined", int(report.baselinedCount)),
                        ]))
                ),
                ("config_findings", .array(report.configFindings.map(finding))),
                ("samples", .array(report.samples.map(sample))),
                (
                    "coverage",
                    .object(
                        ValueObject([
                            ("percent", .number(coverage.percentText)), ("exercised", int(coverage.exercised)),
                            ("total", int(coverage.total)), ("below_minimum", .bool(report.coverageBelowMinimum)),
                            ("by_kind", .object(byKind)), ("entries", .array(entries)),
                        ]))
                ),
            ]))
    }

    private func sample(_ sample: SampleResult) -> Value {
        .object(
            ValueObject([
                ("file", .string(FilePath.display(sample.name))),
                ("path", sample.requestPath.map(Value.string) ?? .null),
                ("status", sample.status.map(int) ?? .null),
                ("expect", .string(sample.expectation.rawValue)),
                ("passed", .bool(sample.passed)),
                ("errors", int(sample.count(.error))),
                ("warnings", int(sample.count(.warning))),
                ("notes", int(sample.count(.note))),
                ("findings", .array(sample.findings.map(finding))),
            ]))
    }

    private func finding(_ finding: ValidationFinding) -> Value {
        var object = ValueObject([
            ("kind", .string(finding.kind.rawValue)),
            ("code", .string(finding.code.rawValue)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
        ])
        for (key, value) in location(finding.location) { object[key] = value }
        object["pointer"] = finding.pointer.map(Value.string) ?? .null
        object["count"] = int(finding.count)
        object["expected_severity"] = finding.expectedSeverity.map { .string($0.rawValue) } ?? .null
        object["baselined"] = .bool(finding.baselined)
        object["config"] =
            finding.configEntry.map { entry in
                .object(
                    ValueObject([
                        ("entry", .string(entry.name)), ("file", .string(FilePath.display(entry.location.file))),
                        ("line", entry.location.line.map(int) ?? .null),
                    ]))
            } ?? .null
        object["related"] = .array(
            finding.related.map { related in
                var item = ValueObject([("message", .string(related.message))])
                for (key, value) in location(related.location) { item[key] = value }
                return .object(item)
            })
        return .object(object)
    }

    private func location(_ location: SourceLocation) -> [(String, Value)] {
        [
            ("file", .string(FilePath.display(location.file))), ("line", location.line.map(int) ?? .null),
            ("column", location.column.map(int) ?? .null),
        ]
    }

    private func int(_ value: Int) -> Value { .number(String(value)) }
}
