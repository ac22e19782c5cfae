import ArgumentParser
import RestmapBase

/// `restmap check`: lints a config without any payload (SPEC §3.3).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint the config (and, with --model, the config against the model).",
        discussion: "Exit 0 when clean (warnings allowed), 1 with errors, 2 when the config cannot be read or has none of the sections.")

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: [.short, .long], help: "Print nothing but the findings (no summary line).")
    var quiet = false

    func run() throws {
        let path = try global.configPath()
        let log = Console.shared.makeLog()
        let definitions = try global.readDefinitions(log: log)
        for entity in definitions.entities where entity.primaryKeysInferred {
            log.note(
                .bindingPrimaryKeyInferred, "'\(entity.name)' is identified by \(entity.primaryKeys.map { "'\($0.value)'" }.joined(separator: ", ")), inferred from the model (it has no primary_key_mappings entry)",
                at: entity.location)
        }
        let failed = log.hasErrors || (strict && log.hasWarnings)
        if !quiet {
            let summary = "\(path): \(log.errorCount) error\(log.errorCount == 1 ? "" : "s"), \(log.warningCount) warning\(log.warningCount == 1 ? "" : "s")"
            Console.shared.writeError(summary + (failed ? "" : " — ok") + "\n")
        }
        if failed { throw ExitCode(1) }
    }
}
