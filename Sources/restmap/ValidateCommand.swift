import ArgumentParser
import RestmapEngine
import RestmapPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `restmap validate`: maps sample payloads as `map` would and reports what drifted, with
/// config coverage, in a form CI understands (SPEC §3.4).
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate sample payloads against the config: located findings per sample, config coverage, CI reports.",
        discussion: CommandManual(
            summary: "Samples are files, '-' for standard input, or URI=FILE; --manifest adds those a manifest lists (a plist or JSON array of {file, path, status?, expect?}, files relative to the manifest). --openapi adds the JSON response examples of an OpenAPI document. With none of these, standard input is the sample. All samples expected to pass are mapped in one run, so connections resolve across them. Reports go to standard output or their files; other diagnostics to standard error.",
            exitStatus: [
                (0, "every sample passed at the --fail-on severity; coverage met --min-coverage"),
                (1, "a sample failed, or coverage is below --min-coverage"),
                (2, "usage, config or manifest errors; a sample file that cannot be opened"),
            ],
            examples: [
                ("Validate the samples a manifest lists", "restmap validate -c api.plist --manifest samples/manifest.json"),
                ("In CI: SARIF for code scanning", "restmap validate -c api.plist --manifest m.json --report sarif=v.sarif"),
                ("Suggest entries for keys the config never reads", "restmap validate -c api.plist --suggest /employees=employees.json"),
            ]).discussion)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The request path of samples that carry none (URI=FILE, a manifest 'path').", valueName: "uri"))
    var path: String?

    @Option(name: .long, help: ArgumentHelp("A plist or JSON array of {file, path, status?, expect?}; files relative to it.", valueName: "file"))
    var manifest: String?

    @Option(name: .customLong("openapi"), help: ArgumentHelp("Also validate the JSON response examples of this OpenAPI 3.0 or 3.1 document, each at its path and status; findings point into the document.", valueName: "document"))
    var openAPI: String?

    @Option(name: .customLong("allow-outside"), help: ArgumentHelp("Let the manifest name samples in this directory too (repeatable); by default only the manifest's directory and the working directory.", valueName: "dir"))
    var allowOutside: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "A report: text, json, junit (JUnit XML), github (GitHub Actions annotations), sarif (SARIF 2.1.0 for code scanning), html (a self-contained coverage page), markdown (a CI job summary) or codeclimate (GitLab code quality), to standard output (or -o), or with =FILE to FILE. Repeatable, each format once; every report is written whatever the outcome.",
        valueName: "format[=file]"))
    var report: [ReportRequest] = []

    @OptionGroup var output: OutputOption

    @Option(name: .customLong("report-samples"), help: ArgumentHelp("Which samples' text the html report shows: all (the default), failing, or none (for a page published where sample data should not be).", valueName: "which"))
    var reportSamples: ValidatePipeline.SampleBodies = .all

    @OptionGroup var gate: FindingGateOptions

    @Flag(name: .long, help: "Print, for each payload key the config never reads, the plist entries that would map it; with -o FILE, write the config with them merged in to FILE instead (the report then goes to standard output or its =FILE).")
    var suggest = false

    @Option(name: .customLong("min-coverage"), help: ArgumentHelp("Fail when config coverage is below this percentage (0-100).", valueName: "pct"))
    var minCoverage: String?

    @OptionGroup var payload: PayloadOptions

    @Flag(name: [.short, .long], help: "No summary line on standard error (printed there for json and junit reports, and with -o).")
    var quiet = false

    @Argument(help: ArgumentHelp("Sample files, '-' for standard input, or URI=FILE.", valueName: "sample"))
    var samples: [String] = []

    func validate() throws {
        try ReportRequest.check(report)
        if output.output != nil && !report.isEmpty && report.allSatisfy({ $0.file != nil }) {
            throw ValidationError("-o has no report to take: every --report names its own file")
        }
        if let minCoverage, Self.percentage(minCoverage) == nil {
            throw ValidationError("--min-coverage must be a percentage from 0 to 100, e.g. 80 or 92.5")
        }
    }

    /// The reports asked for; text to standard output when none is.
    var requests: [ReportRequest] { report.isEmpty ? [ReportRequest(format: .text)] : report }

    /// The report that goes to standard output or `-o` (the one without a file), if any.
    var mainFormat: ValidatePipeline.ReportFormat? { requests.first { $0.file == nil }?.format }

    func run() throws {
        let log = Console.shared.makeLog()
        var pipeline = ValidatePipeline(
            options: options(), suggests: suggest, workingDirectory: Self.workingDirectory(),
            sourceText: Self.readText)
        pipeline.sampleBodies = reportSamples
        pipeline.generatedAt = Self.now()
        pipeline.diagnosticCodes = Console.shared.showsCodes
        var definitions: MappingDefinitions?
        var configDiagnostics: [Diagnostic] = []
        let result: ValidatePipeline.Outcome
        do {
            let loaded = try global.loadDefinitions(log: log)
            definitions = loaded
            configDiagnostics = log.diagnostics
            if let baseline = gate.baseline { pipeline.options.baseline = try Baseline(path: baseline) }
            let list = try sampleList(log: log)
            let meter = ProgressMeter.make(sizes: list.map(\.remainingSize), quiet: quiet, unit: "documents")
            var run = pipeline
            run.options.progress = meter?.counter
            result = try run.run(list, definitions: loaded)
            meter?.finish()
        } catch let error as RestmapError {
            // A run that could not validate still writes every report asked for, holding
            // why; the diagnostics themselves go to standard error as always.
            let failed = ValidationReport.failure(config: (try? global.configPath()) ?? "restmap.plist", diagnostics: error.diagnostics)
            try writeReports(failed, pipeline: pipeline, definitions: definitions, skippingText: true)
            throw error
        }
        var found = result.result
        found.configFindings = ValidationReport.findings(configDiagnostics, config: found.config)
        try gate.writeBaselineIfAsked(&found)
        // A failing run's report is what CI needs most: it is kept whatever the verdict.
        try writeReports(found, pipeline: pipeline, definitions: definitions, skippingText: false)
        if suggest && output.writesFile, let sections = result.suggestedSections, let path = output.output {
            try writeMergedConfig(sections, to: path)
        } else if let text = result.suggestions {
            // Beside a text report on the terminal; never inside a machine-read report.
            if mainFormat == .text && !writesReportFile {
                try Console.shared.standardOutput.write(text)
            } else {
                Console.shared.writeError(text)
            }
        }
        // The text and GitHub reports end with the summary line; when neither is on
        // standard output, the job log gets it on stderr.
        let onScreen = !writesReportFile && (mainFormat == .text || mainFormat == .github)
        if !quiet && !onScreen {
            Console.shared.writeError(found.summaryLine + "\n")
        }
        if found.exitCode != 0 { throw ExitCode(found.exitCode) }
    }

    /// Writes each requested report: the one without a file to standard output (or `-o`),
    /// the others atomically to their files. After a failed start, a text report on
    /// standard output is left out: standard error already says it.
    private func writeReports(
        _ result: ValidationReport, pipeline: ValidatePipeline, definitions: MappingDefinitions?, skippingText: Bool
    ) throws {
        for request in requests {
            let onScreen = request.file == nil && request.format == .text && !writesReportFile
            if skippingText && onScreen { continue }
            // The config's warnings are on standard error already, beside a text report on screen.
            var shown = result
            if onScreen { shown.configFindings = [] }
            let text = pipeline.render(shown, as: request.format, definitions: definitions)
            try request.deliver(text, output: reportOutput)
        }
    }

    /// Where the report without a file goes: `-o`, unless `--suggest -o` gives `-o` the
    /// merged config; then standard output (nil).
    private var reportOutput: String? {
        suggest && output.writesFile ? nil : output.output
    }

    private var writesReportFile: Bool { reportOutput != nil && reportOutput != "-" }

    /// `--suggest -o FILE`: the config with the suggested entries merged in.
    private func writeMergedConfig(_ sections: ValueObject, to path: String) throws {
        let configPath = try global.configPath()
        let bytes = try FileByteSource(path: configPath).readAll(limit: InputLimits.configBytes)
        let merged = try ValidatePipeline.mergeSuggestions(sections, intoConfig: bytes, file: configPath)
        try OutputDestination(path: path).write { sink in try sink.write(merged) }
        let count = sections.entries.reduce(0) { total, section in
            if case .object(let entities) = section.value { return total + entities.entries.count }
            return total + 1
        }
        Console.shared.writeError(
            count == 0 ? "no suggestions: \(path) is the config unchanged\n" : "wrote \(path): the config with suggested entries merged in\n")
    }

    private func sampleList(log: DiagnosticLog) throws -> [ValidationSample] {
        var list = try samples.map { try InputArgument(parsing: $0).sample() }
        if let openAPI { list += try ValidatePipeline.openAPISamples(openAPI) }
        if let manifest {
            var reader = ValidationManifest()
            reader.allowedOutside = allowOutside
            list += try reader.load(path: manifest, log: log)
        } else if samples.isEmpty && openAPI == nil {
            list = [try InputArgument(location: .standardInput, requestPath: nil).sample()]
        }
        if list.isEmpty {
            throw RestmapError.usage(
                .noSamples, openAPI != nil && manifest == nil
                    ? "no samples to validate: the OpenAPI document has no JSON response examples and no SAMPLE is given"
                    : "no samples to validate: the manifest lists none and no SAMPLE is given")
        }
        return list
    }

    private func options() -> ValidationOptions {
        var options = ValidationOptions()
        options.strict = gate.strict
        options.failOn = gate.threshold
        options.workingDirectory = Self.workingDirectory()
        options.minCoverage = minCoverage.flatMap(Self.percentage)
        options.inputFormat = payload.inputFormat
        options.maxDepth = payload.maxDepth
        options.threads = payload.threads
        options.defaultPath = path
        options.defaultStatus = payload.status
        options.exchange = payload.exchange.exchange
        return options
    }

    /// `80`, `92.5` or `92.5%` as a number from 0 to 100.
    static func percentage(_ text: String) -> Double? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(digits), value.isFinite, (0...100).contains(value) else { return nil }
        return value
    }

    /// A file's text for the HTML report: UTF-8 text files up to 32 MiB; nil otherwise.
    static func readText(_ path: String) -> String? {
        guard let source = try? FileByteSource(path: path),
            let bytes = try? source.readAll(limit: InputLimits.sampleBytes),
            !bytes.contains(0)
        else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `2026-11-27 11:40 UTC`: now, or `SOURCE_DATE_EPOCH` when set (reproducible reports).
    static func now() -> String {
        var seconds = time(nil)
        if let fixed = getenv("SOURCE_DATE_EPOCH").flatMap({ Int(String(cString: $0)) }) { seconds = time_t(fixed) }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

extension ValidatePipeline.ReportFormat: ExpressibleByArgument {}
extension ValidatePipeline.SampleBodies: ExpressibleByArgument {}
