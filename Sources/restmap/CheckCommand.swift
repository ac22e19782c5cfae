import ArgumentParser
import RestmapEngine
import RestmapPipeline

/// `restmap check`: lints a config without any payload (SPEC §3.3).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint the config (and, with --model or --openapi, the config against the model or the API's document).",
        discussion: CommandManual(
            summary: "Findings go to standard error as FILE:LINE:COL: severity: message lines, with a summary line; --report writes them in CI formats too.",
            exitStatus: [
                (0, "clean: nothing at the --fail-on severity"),
                (1, "findings at that severity (default: errors) no --baseline holds"),
                (2, "the config cannot be read or used; bad arguments"),
            ],
            examples: [
                ("Lint a config", "restmap check -c api.plist"),
                ("Against the API's OpenAPI document", "restmap check -c api.plist --openapi openapi.yaml"),
                ("Failing on warnings too", "restmap check -c api.plist --fail-on warning"),
                ("SARIF for code scanning, even if the config does not load", "restmap check -c api.plist --report sarif=check.sarif"),
                ("Accept today's findings; later runs fail on new ones only", "restmap check -c api.plist --write-baseline baseline.json"),
            ]).discussion)

    @OptionGroup var global: GlobalOptions

    @OptionGroup var gate: FindingGateOptions

    func validate() throws {
        try ReportRequest.check(report)
        if report.contains(where: { $0.format == .html }) {
            throw ValidationError("check --report takes every format but html (validate --report html draws coverage over samples)")
        }
    }

    @Option(name: .customLong("openapi"), help: ArgumentHelp("Also check the config against this OpenAPI 3.0 or 3.1 document (YAML or JSON): paths, key paths, types and required properties.", valueName: "document"))
    var openAPI: String?

    @Flag(name: [.short, .long], help: "Print nothing but the findings (no summary line).")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp(
        "A report of the findings: text, json, junit, github, sarif (SARIF 2.1.0 for code scanning), markdown or codeclimate, to standard output (or -o), or with =FILE to FILE. Repeatable, each format once; written even when the config cannot be read. The findings always go to standard error too; a text report without a file adds nothing to them.",
        valueName: "format[=file]"))
    var report: [ReportRequest] = []

    @OptionGroup var output: OutputOption

    func run() throws {
        let path = try global.configPath()
        let log = Console.shared.makeLog()
        let definitions: RestmapEngine.MappingDefinitions
        do {
            definitions = try global.readDefinitions(log: log)
        } catch let error as RestmapError {
            // An unreadable config is a finding too: every report shows it.
            try writeReports(failing: error, log: log, config: path)
        }
        for entity in definitions.entities where entity.primaryKeysInferred {
            log.note(
                .bindingPrimaryKeyInferred, "'\(entity.name)' is identified by \(entity.primaryKeys.map { "'\($0.value)'" }.joined(separator: ", ")), inferred from the model (it has no primary_key_mappings entry)",
                at: entity.location)
        }
        log.emit(contentsOf: CheckPipeline.storeNameWarnings(definitions))
        if let openAPI {
            do {
                log.emit(contentsOf: try CheckPipeline.openAPIFindings(definitions, openAPI: openAPI))
            } catch let error as RestmapError {
                try writeReports(failing: error, log: log, config: path)
            }
        }
        let threshold = gate.threshold
        let failingSeverity: Diagnostic.Severity? = threshold == .never ? nil : threshold == .warning ? .warning : .error
        let workingDirectory = ValidateCommand.workingDirectory()
        var found = ValidationReport.configCheck(
            config: path, diagnostics: log.diagnostics, failingSeverity: failingSeverity,
            baseline: try gate.baseline.map { try Baseline(path: $0) } ?? Baseline(), workingDirectory: workingDirectory)
        try gate.writeBaselineIfAsked(&found)
        try writeReports(found, diagnostics: log.diagnostics)
        let failed = !found.passed
        if !quiet {
            var summary = "\(path): \(log.errorCount) error\(log.errorCount == 1 ? "" : "s"), \(log.warningCount) warning\(log.warningCount == 1 ? "" : "s")"
            if found.baselinedCount > 0 { summary += " (\(found.baselinedCount) baselined)" }
            let unaccepted = found.allFindings.contains { !$0.baselined && $0.severity == .error }
            let verdict = failed ? "" : threshold == .never && unaccepted ? " (not failing the run: --fail-on never)" : " — ok"
            Console.shared.writeError(summary + verdict + "\n")
        }
        if failed { throw ExitCode(1) }
    }

    /// Writes every report for a check that cannot go on — what was found, then `error` —
    /// and rethrows `error`.
    private func writeReports(failing error: RestmapError, log: DiagnosticLog, config path: String) throws -> Never {
        let diagnostics = log.diagnostics + error.diagnostics
        try writeReports(ValidationReport.configCheck(config: path, diagnostics: diagnostics, failingSeverity: .error), diagnostics: diagnostics)
        throw error
    }

    /// Writes each requested report; a text report without a file is the findings already
    /// on standard error.
    private func writeReports(_ found: ValidationReport, diagnostics: [Diagnostic]) throws {
        for request in report where !(request.format == .text && request.file == nil) {
            let text = CheckPipeline.render(
                found, diagnostics: diagnostics, format: request.format, workingDirectory: ValidateCommand.workingDirectory(),
                diagnosticCodes: Console.shared.showsCodes)
            try request.deliver(text, output: output.output)
        }
    }
}
