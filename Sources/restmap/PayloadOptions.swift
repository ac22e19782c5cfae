import ArgumentParser
import RestmapEngine

/// `--max-depth`, for every command that reads a payload.
struct DepthOption: ParsableArguments {
    @Option(name: .customLong("max-depth"), help: "Payload nesting deeper than this is an error (XML is capped at 2048 in any case).")
    var maxDepth: Int = InputLimits.defaultMaxDepth

    func validate() throws {
        if maxDepth < 1 { throw ValidationError("--max-depth must be at least 1") }
    }
}

/// The payload options of the commands that map API responses (`map`, `validate`).
struct PayloadOptions: ParsableArguments {
    @Option(name: .customLong("input-format"), help: "auto: XML when an input starts with <, NDJSON when it holds several JSON values, else JSON.")
    var inputFormat: PayloadFormat = .auto

    @Option(name: .long, help: ArgumentHelp("The HTTP status of payloads that carry none; 4xx/5xx map with error_mappings.", valueName: "code"))
    var status: Int?

    @OptionGroup var depth: DepthOption

    @OptionGroup var exchange: ExchangeOptions

    @OptionGroup var threadsOption: ThreadsOption

    var maxDepth: Int { depth.maxDepth }
    var threads: Int { threadsOption.threads }

    func validate() throws {
        if let status, !(100...599).contains(status) {
            throw ValidationError("--status must be an HTTP status code (100-599)")
        }
    }
}

/// `-o FILE`, for every command that writes a result.
struct OutputOption: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("Write to FILE instead of standard output (replaced atomically).", valueName: "file"))
    var output: String?

    /// The destination to write to.
    func destination() throws -> OutputDestination {
        try OutputDestination(path: output)
    }

    /// True when a file (not standard output) receives the result.
    var writesFile: Bool { output != nil && output != "-" }
}

extension PayloadFormat: ExpressibleByArgument {}
