import ArgumentParser
import RestmapEngine
import RestmapPipeline

/// `restmap dump`: prints what a store holds (SPEC §3.7). Needs no config.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print the records a store holds, in the --shape records form.",
        discussion: CommandManual(
            summary: "Prints what the store holds as records, the same records map --shape records prints for the same payloads.",
            exitStatus: [
                (0, "the store was printed"),
                (2, "the store cannot be read or is not a restmap store"),
            ],
            examples: [
                ("Everything, one record a line", "restmap dump --store api.db --format ndjson"),
                ("One entity's records", "restmap dump --store api.db --entity Employee"),
            ]).discussion)

    @Option(name: .long, help: "The store written by map --store: a file, or a postgresql:// URL.")
    var store: String

    @Option(name: .long, help: "Only this entity's records.")
    var entity: String?

    @Option(name: .long, help: "json or ndjson (one record a line).")
    var format: StorePipeline.DumpFormat = .json

    @Flag(name: .long, help: "One-line JSON.")
    var compact = false

    @OptionGroup var busyTimeout: BusyTimeoutOption

    @Option(name: [.short, .long], help: "Write to FILE (replaced atomically when the dump succeeds).")
    var output: String?

    func run() throws {
        let destination = try OutputDestination(path: output)
        do {
            try StorePipeline.dump(
                store, entity: entity, format: format, compact: compact, busyTimeout: busyTimeout.seconds, to: destination.sink)
            try destination.commit()
        } catch {
            destination.discard()
            throw error
        }
    }
}

extension StorePipeline.DumpFormat: ExpressibleByArgument {}
