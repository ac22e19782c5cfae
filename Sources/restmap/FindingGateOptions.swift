import ArgumentParser
import RestmapEngine

/// What makes findings fail a run, for `check` and `validate`: `--fail-on`, its old spelling
/// `--strict`, and the findings a team has accepted (`--baseline`, `--write-baseline`).
struct FindingGateOptions: ParsableArguments {
    @Flag(name: .long, help: "Warnings fail the run too (the same as --fail-on warning).")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("Findings accepted for now (written by --write-baseline): reported as baselined, never failing the run; new findings still do.", valueName: "file"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp("Write this run's findings as a baseline to FILE and accept them.", valueName: "file"))
    var writeBaseline: String?

    @Option(name: .customLong("fail-on"), help: ArgumentHelp("Which findings fail the run: error (the default), warning, or never (report them and exit 0; an unreadable config still exits 2, and a coverage minimum still applies).", valueName: "severity"))
    var failOn: FindingThreshold = .error

    /// `--fail-on`, with `--strict` meaning `warning`.
    var threshold: FindingThreshold { strict && failOn == .error ? .warning : failOn }

    /// With `--write-baseline FILE`: writes `found`'s findings there and accepts them.
    func writeBaselineIfAsked(_ found: inout ValidationReport) throws {
        guard let path = writeBaseline else { return }
        let text = Baseline.render(found.allFindings, workingDirectory: ValidateCommand.workingDirectory())
        try ReportRequest.createParentDirectories(of: path)
        try OutputDestination(path: path).write { sink in try sink.write(text) }
        found.acceptAll()
    }

    func validate() throws {
        if strict && failOn == .never {
            throw ValidationError("--strict (fail on warnings) and --fail-on never contradict each other")
        }
    }
}

extension FindingThreshold: ExpressibleByArgument {}
