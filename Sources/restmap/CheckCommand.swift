import ArgumentParser
import RestmapEngine
import RestmapPipeline

/// `restmap check`: lints a config without any payload (SPEC §3.3).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint the config (and, with --model, the config against the model).",
        discussion: "Exit 0 when clean (warnings allowed), 1 with errors, 2 when the config cannot be read or has none of the sections.")

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Treat warnings as errors (the same as --fail-on warning).")
    var strict = false

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Which findings fail the run: error (the default), warning, or never (report them, exit 0; an unreadable config still exits 2).", valueName: "severity"))
    var failOn: FindingThreshold = .error

    func validate() throws {
        if strict && failOn == .never {
            throw ValidationError("--strict (fail on warnings) and --fail-on never contradict each other")
        }
    }

    @Flag(name: [.short, .long], help: "Print nothing but the findings (no summary line).")
    var quiet = false

    enum Report: String, ExpressibleByArgument, CaseIterable {
        case text, sarif
    }

    @Option(name: .long, help: "text (findings on standard error) or sarif (SARIF 2.1.0 on standard output or -o, for code scanning; findings still on standard error).")
    var report: Report = .text

    @OptionGroup var output: OutputOption

    func run() throws {
        let path = try global.configPath()
        let log = Console.shared.makeLog()
        let definitions: RestmapEngine.MappingDefinitions
        do {
            definitions = try global.readDefinitions(log: log)
        } catch let error as RestmapError where report == .sarif {
            // An unreadable config is a finding too: the code-scanning tab shows it.
            try writeSARIF(log.diagnostics + error.diagnostics)
            throw error
        }
        for entity in definitions.entities where entity.primaryKeysInferred {
            log.note(
                .bindingPrimaryKeyInferred, "'\(entity.name)' is identified by \(entity.primaryKeys.map { "'\($0.value)'" }.joined(separator: ", ")), inferred from the model (it has no primary_key_mappings entry)",
                at: entity.location)
        }
        log.emit(contentsOf: CheckPipeline.storeNameWarnings(definitions))
        if report == .sarif { try writeSARIF(log.diagnostics) }
        let threshold = strict ? FindingThreshold.warning : failOn
        let failed = threshold != .never && (log.hasErrors || (threshold == .warning && log.hasWarnings))
        if !quiet {
            let summary = "\(path): \(log.errorCount) error\(log.errorCount == 1 ? "" : "s"), \(log.warningCount) warning\(log.warningCount == 1 ? "" : "s")"
            let verdict = failed ? "" : threshold == .never && log.hasErrors ? " (not failing the run: --fail-on never)" : " — ok"
            Console.shared.writeError(summary + verdict + "\n")
        }
        if failed { throw ExitCode(1) }
    }

    private func writeSARIF(_ diagnostics: [Diagnostic]) throws {
        let text = CheckPipeline.sarif(diagnostics, workingDirectory: ValidateCommand.workingDirectory())
        try output.destination().write { sink in try sink.write(text) }
    }
}
