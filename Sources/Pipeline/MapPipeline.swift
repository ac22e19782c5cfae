import RestmapEngine
import RestmapStore

/// `restmap map`: a `MapRun` whose records go to the output and, with `--store`, whose
/// objects (connections made) go to a store in one transaction before any record is written.
public struct MapPipeline {
    public var options: MapOptions
    /// A store file or a PostgreSQL URL the run's objects are also written to.
    var store: String?

    /// `busyTimeout`: how long to wait for a store another run holds (seconds).
    public init(options: MapOptions, store: String?, busyTimeout: Double = 60) {
        self.options = options
        self.store = store
        StoreWaiting.timeout = busyTimeout
        self.options.keepsGraph = options.keepsGraph || store != nil
    }

    /// What a run came to: its exit code, and whether an input failed (malformed, nothing
    /// mapped), in which case an output file is not kept.
    public struct Outcome {
        public var exitCode: Int32
        public var inputFailed: Bool
    }

    public func run(
        _ inputs: [MapInput], definitions: MappingDefinitions, log: DiagnosticLog, output: ByteSink
    ) throws -> Outcome {
        if store != nil {
            // Names the store engines would take for one are a config error before the store
            // is touched.
            let findings = StoreNames.findings(definitions, severity: .error)
            if !findings.isEmpty { throw RestmapError(.usage, diagnostics: findings) }
        }
        let run = try MapRun(definitions: definitions, options: options, log: log, output: output)
        if let store {
            run.onGraphComplete = { graph, plans in
                try ObjectStore.persist(graph, plans: plans, configFile: definitions.file, to: store)
            }
        }
        let code = try run.run(inputs)
        // The process ends soon after this: freeing millions of mapped objects one by one
        // would only add a tenth to a large run's time.
        _ = Unmanaged.passRetained(run)
        return Outcome(exitCode: code, inputFailed: run.inputFailed)
    }
}
