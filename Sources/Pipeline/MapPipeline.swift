import RestmapEngine
import RestmapStore

/// `restmap map`: a `MapRun` whose records go to the output and, with `--store`, whose
/// objects go to a store in one transaction: streamed into it batch by batch as they are
/// mapped when no records are printed (`-q`), otherwise as the whole graph (connections
/// made) before any record is written.
public struct MapPipeline {
    public var options: MapOptions
    /// A store file or a PostgreSQL URL the run's objects are also written to.
    var store: String?

    /// `busyTimeout`: how long to wait for a store another run holds (seconds).
    public init(options: MapOptions, store: String?, busyTimeout: Double = 60) {
        self.options = options
        self.store = store
        StoreWaiting.timeout = busyTimeout
    }

    /// What a run came to: its exit code, and whether an input failed (malformed, nothing
    /// mapped), in which case an output file is not kept.
    public struct Outcome {
        public var exitCode: Int32
        public var inputFailed: Bool
    }

    /// The run's inputs opened again from the start, for a streamed load into a shared
    /// database that lost a conflict with another writer; nil when they cannot be (standard
    /// input), and such a run keeps its graph instead.
    public var reopenInputs: (() throws -> [MapInput])?

    /// Objects a streamed store load takes at a time, when not the run's default (the CLI's
    /// `RESTMAP_STORE_BATCH`: tests hold a load in batches of one object to one at once).
    public var storeBatchSize: Int?

    public func run(
        _ inputs: [MapInput], definitions: MappingDefinitions, log: DiagnosticLog, output: ByteSink
    ) throws -> Outcome {
        guard let store else { return try run(inputs, definitions: definitions, options: options, log: log, output: output) }
        // Names the store engines would take for one are a config error before the store
        // is touched.
        let findings = StoreNames.findings(definitions, severity: .error)
        if !findings.isEmpty { throw RestmapError(.usage, diagnostics: findings) }
        var options = self.options
        // Printed records need the whole graph; a run that only stores streams its objects
        // into the store as they are mapped — into a database shared with other writers
        // only when the inputs can be read again, should the load lose a conflict.
        if !options.writesRecords && (!ObjectStore.loadsMayConflict(at: store) || reopenInputs != nil) {
            guard let reopenInputs else {
                // Inputs that cannot be read again are never run twice: a conflict stands.
                do {
                    return try streamedRun(inputs, into: store, definitions: definitions, log: log, output: output)
                } catch let conflict as StoreConflict {
                    throw conflict.failure
                }
            }
            let reportedBefore = log.count
            return try StoreConflict.retrying { attempt in
                if attempt == 1 {
                    return try streamedRun(inputs, into: store, definitions: definitions, log: log, output: output)
                }
                // Mapping is deterministic: what the first attempts reported comes again first.
                let attemptLog = DiagnosticLog.replaying(into: log, skipping: log.count - reportedBefore)
                return try streamedRun(try reopenInputs(), into: store, definitions: definitions, log: attemptLog, output: output)
            }
        }
        options.keepsGraph = true
        return try run(inputs, definitions: definitions, options: options, log: log, output: output) { run in
            run.onGraphComplete = { graph, plans in
                try ObjectStore.persist(graph, plans: plans, configFile: definitions.file, to: store)
            }
        }
    }

    /// One attempt at a streamed load: the store is opened with the first batch (a run that
    /// fails before it leaves no store behind), committed when the run succeeds.
    private func streamedRun(
        _ inputs: [MapInput], into store: String, definitions: MappingDefinitions, log: DiagnosticLog, output: ByteSink
    ) throws -> Outcome {
        var load: StoreLoad?
        do {
            let outcome = try run(inputs, definitions: definitions, options: options, log: log, output: output) { run in
                if let size = storeBatchSize, size > 0 { run.objectBatchSize = size }
                run.onObjectBatch = { batch, plans in
                    if load == nil { load = try ObjectStore.beginLoad(into: store, plans: plans, configFile: definitions.file) }
                    try load?.write(batch)
                }
            }
            // The run outlives this call (MapRun is kept to the end of the process): the load,
            // and with it the store's connection, must not.
            defer { load = nil }
            if outcome.exitCode == 0 { try load?.commit() } else { load?.abandon() }
            return outcome
        } catch {
            load?.abandon()
            load = nil
            throw error
        }
    }

    private func run(
        _ inputs: [MapInput], definitions: MappingDefinitions, options: MapOptions, log: DiagnosticLog, output: ByteSink,
        configure: (MapRun) -> Void = { _ in }
    ) throws -> Outcome {
        let run = try MapRun(definitions: definitions, options: options, log: log, output: output)
        configure(run)
        let code = try run.run(inputs)
        // The process ends soon after this: freeing millions of mapped objects one by one
        // would only add a tenth to a large run's time.
        _ = Unmanaged.passRetained(run)
        return Outcome(exitCode: code, inputFailed: run.inputFailed)
    }
}
