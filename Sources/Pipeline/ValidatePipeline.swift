import RestmapEngine
import RestmapOpenAPI
import RestmapReports

/// `restmap validate`: a `ValidateRun` over the samples, its reports rendered in the formats
/// asked for, and with `--suggest` the config entries that would read the keys nobody reads.
public struct ValidatePipeline {
    /// `--report`.
    public typealias ReportFormat = ValidationReportFormat

    public var options: ValidationOptions
    var suggests: Bool
    /// Where annotations' and SARIF's file names are made relative to.
    public var workingDirectory: String?
    /// A sample's text for the HTML report (nil: not shown).
    var sourceText: (String) -> String?
    /// Which samples' text the HTML report shows (`--report-samples`).
    public var sampleBodies: SampleBodies = .all
    /// When the run was made, for the HTML report (the caller reads the clock).
    public var generatedAt: String?
    /// Whether the text report's findings name their codes (`RESTMAP_DIAGNOSTIC_CODES=1`).
    public var diagnosticCodes = false

    /// `--report-samples`: the HTML page can leave sample bodies out, for teams that publish
    /// it and whose samples hold data they would rather not.
    public enum SampleBodies: String, Sendable, CaseIterable {
        case none, failing, all
    }

    public init(
        options: ValidationOptions, suggests: Bool, workingDirectory: String?,
        sourceText: @escaping (String) -> String?
    ) {
        self.options = options
        self.suggests = suggests
        self.workingDirectory = workingDirectory
        self.sourceText = sourceText
    }

    /// What a validation came to.
    public struct Outcome {
        /// What was found, for the reports (`render`).
        public var result: ValidationReport
        /// The suggested config entries (`--suggest`), nil when not asked for.
        public var suggestions: String?
        /// The same entries as config sections, to merge into the config (`--suggest -o`).
        public var suggestedSections: ValueObject?
        public var summaryLine: String
        public var exitCode: Int32
    }

    public func run(_ samples: [ValidationSample], definitions: MappingDefinitions) throws -> Outcome {
        let run = ValidateRun(definitions: definitions, options: options)
        let result = try run.validate(samples)
        let known = Set(definitions.entities.map(\.name))
        let suggestions = suggests ? try DriftSuggestions().render(run.unreadKeys, knownEntities: known) : nil
        let sections = suggests ? DriftSuggestions().sections(run.unreadKeys, knownEntities: known) : nil
        return Outcome(
            result: result, suggestions: suggestions, suggestedSections: sections, summaryLine: result.summaryLine,
            exitCode: result.exitCode)
    }

    /// The response examples of an OpenAPI document as samples (`validate --openapi`): each
    /// named by its operation, read at its request path (parameters filled in) and status,
    /// its findings located in the document itself.
    /// - Throws: `RestmapError` (usage) when the document does not load.
    public static func openAPISamples(_ path: String) throws -> [ValidationSample] {
        try OpenAPIDocument(path: path).examples().map { example in
            ValidationSample(
                input: .source(MemoryByteSource(example.json, name: example.file)), name: "\(example.file): \(example.label)",
                requestPath: example.requestPath, status: example.status >= 300 ? example.status : nil)
        }
    }

    /// The config (its bytes, as read from `file`) with the suggested sections merged in,
    /// refused unless it loads and lints without errors.
    /// - Throws: `RestmapError` (usage) when the merged config would not pass `check`.
    public static func mergeSuggestions(_ sections: ValueObject, intoConfig bytes: [UInt8], file: String) throws -> [UInt8] {
        let merged = try SuggestionMerge.merge(sections, intoConfig: bytes, file: file)
        let log = DiagnosticLog()
        _ = try ConfigPipeline(log: log).definitions(configBytes: merged, file: file)
        let errors = log.diagnostics.filter { $0.severity == .error }
        if let first = errors.first {
            throw RestmapError.usage(
                .malformedArgument, "the config with the suggestions merged in would not pass check (\(first.message)); it is not written",
                at: .file(file))
        }
        return merged
    }

    /// `report` in `format`; the HTML page draws the config's graph when there is a config.
    public func render(_ report: ValidationReport, as format: ReportFormat, definitions: MappingDefinitions?) -> String {
        let failing = Set(report.samples.filter { !$0.passed }.map(\.name))
        let shown: (String) -> Bool
        switch sampleBodies {
        case .all: shown = { _ in true }
        case .failing: shown = { $0 == report.config || failing.contains($0) }
        case .none: shown = { $0 == report.config }
        }
        let source = sourceText
        return format.render(
            report, workingDirectory: workingDirectory, source: { shown($0) ? source($0) : nil },
            graphSVG: format == .html ? definitions.map { SVGGraph().render($0) } ?? "" : "", generatedAt: generatedAt,
            diagnosticCodes: diagnosticCodes)
    }
}
