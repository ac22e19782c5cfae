@testable import RestmapEngine

/// Runs a whole `map` in memory: a JSON config, payloads with their request paths, options;
/// returns what the CLI would print and exit with.
struct MapOutcome {
    var output: String
    var diagnostics: [String]
    var exitCode: Int32
}

func mapInMemory(
    config: String, inputs: [(path: String?, payload: String)], options: MapOptions = {
        var options = MapOptions()
        options.compact = true
        return options
    }()
) throws -> MapOutcome {
    let log = DiagnosticLog()
    let definitions = try ConfigPipeline(log: log).definitions(configBytes: Array(config.utf8), file: "config.json")
    precondition(!log.hasErrors, "test config has errors: \(log.diagnostics)")
    let sink = MemorySink()
    let run = try MapRun(definitions: definitions, options: options, log: log, output: sink)
    let sources = inputs.enumerated().map { index, input in
        MapInput(source: MemoryByteSource(input.payload, name: "input\(index + 1).json"), requestPath: input.path)
    }
    let code = try run.run(sources)
    return MapOutcome(output: sink.text, diagnostics: log.diagnostics.map(\.description), exitCode: code)
}

/// Options for the records shape, compact JSON.
func recordsOptions() -> MapOptions {
    var options = MapOptions()
    options.compact = true
    options.shape = .records
    return options
}
