import ArgumentParser
import RestmapEngine
import RestmapPipeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `restmap map`: maps payloads and prints records (SPEC §3.1).
struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Map payloads and print the records.",
        discussion: CommandManual(
            summary: "Each input is a file, '-' for standard input, or URI=FILE to give it its own request path. With no input, standard input is read.",
            exitStatus: [
                (0, "something was mapped"),
                (1, "nothing was mapped, malformed input, or a 4xx/5xx --status"),
                (2, "usage or config errors; a store that cannot be used"),
            ],
            examples: [
                ("Map two payloads, each at its own path", "restmap map -c api.plist /employees=emp.json /departments=dep.json"),
                ("From standard input, one record a line", "restmap map -c api.plist --path /employees --format ndjson < employees.json"),
                ("Only store what is mapped, streamed in as it is read (restmap dump prints it)", "restmap map -q -c api.plist --store api.db /employees=employees.json"),
            ]).discussion)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "The request path of inputs that do not carry one (URI=FILE).")
    var path: String?

    @Option(name: .long, help: "Map with this entity directly, bypassing path mappings.")
    var entity: String?

    @Option(name: .customLong("key-path"), help: "With --entity: where the data sits in the payload.")
    var keyPath: String?

    @Option(name: .long, help: "tree: root objects with related ones in place; records: every object, by entity.")
    var shape: RecordWriter.Shape = .tree

    @Option(name: .long, help: "json, ndjson (one record a line) or plist.")
    var format: MapOptions.OutputFormat = .json

    @Flag(name: .long, help: "One-line JSON.")
    var compact = false

    @OptionGroup var payload: PayloadOptions

    @OptionGroup var output: OutputOption

    @Option(name: .long, help: "Also write what was mapped into this SQLite store (created when missing) or PostgreSQL database (postgresql://...).")
    var store: String?

    @OptionGroup var busyTimeout: BusyTimeoutOption

    @Option(name: .long, help: ArgumentHelp("Map only the I-th of K shares of the inputs' objects, each object's representations in one share (1 <= I <= K).", valueName: "I/K"))
    var shard: String?

    @Flag(name: [.short, .long], help: "Print no records (with --store: only store them, streamed into the store as they are mapped).")
    var quiet = false

    @Argument(help: "Payload files, '-' for standard input, or URI=FILE.")
    var inputs: [String] = []

    func validate() throws {
        if keyPath != nil && entity == nil {
            throw ValidationError("--key-path goes with --entity")
        }
    }

    func run() throws {
        let log = Console.shared.makeLog()
        let definitions = try global.loadDefinitions(log: log)
        var options = MapOptions()
        options.shape = shape
        options.format = format
        options.compact = compact
        options.inputFormat = payload.inputFormat
        options.maxDepth = payload.maxDepth
        options.threads = payload.threads
        options.defaultPath = path
        options.entity = entity
        options.keyPath = keyPath
        options.status = payload.status
        options.writesRecords = !quiet
        options.shard = try shard.map(ShardSelector.init(parsing:))
        options.exchange = payload.exchange.exchange
        var sources = try InputArgument.mapInputs(inputs)
        let meter = ProgressMeter.make(sizes: sources.map { ($0.source as? FileByteSource)?.remainingSize }, quiet: quiet)
        defer { meter?.finish() }
        if let meter {
            options.progress = meter.counter
            sources = sources.map { MapInput(source: meter.counting($0.source), requestPath: $0.requestPath) }
        }
        let destination = try output.destination()
        do {
            var pipeline = MapPipeline(options: options, store: store, busyTimeout: busyTimeout.seconds)
            pipeline.storeBatchSize = getenv("RESTMAP_STORE_BATCH").flatMap { Int(String(cString: $0)) }
            if store != nil { pipeline.reopenInputs = try InputArgument.reopening(inputs) }
            let outcome = try pipeline.run(sources, definitions: definitions, log: log, output: destination.sink)
            // A 4xx/5xx payload's error records are the intended output; any other
            // failure leaves no file behind.
            if outcome.inputFailed { destination.discard() } else { try destination.commit() }
            if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
        } catch {
            destination.discard()
            throw error
        }
    }
}

extension RecordWriter.Shape: ExpressibleByArgument {}
extension MapOptions.OutputFormat: ExpressibleByArgument {}
