import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
                ("Everything, one record a line", "restmap dump api.db --format ndjson"),
                ("One entity's records as CSV", "restmap dump api.db --entity Employee --format csv"),
            ]).discussion)

    @Argument(help: ArgumentHelp("The store written by map --store: a file, or a postgresql:// URL.", valueName: "store"))
    var storeArgument: String?

    @Option(name: .long, help: "The store, named as an option rather than as the argument.")
    var store: String?

    @Option(name: .long, help: "Only this entity's records.")
    var entity: String?

    @Option(name: .long, help: "json, ndjson (one record a line), csv (one entity, one row a record) or table. Default: table on a terminal, json otherwise (and with --compact).")
    var format: StorePipeline.DumpFormat?

    @Flag(name: .long, help: "One-line JSON (not with --format csv or table).")
    var compact = false

    @OptionGroup var busyTimeout: BusyTimeoutOption

    @Option(name: [.short, .long], help: "Write to FILE (replaced atomically when the dump succeeds).")
    var output: String?

    func validate() throws {
        if compact, let format, format == .csv || format == .table {
            throw ValidationError("--compact shapes JSON; --format \(format.rawValue) prints no JSON")
        }
        switch (storeArgument, store) {
        case (nil, nil): throw ValidationError("name the store: restmap dump STORE (or --store STORE)")
        case (.some, .some): throw ValidationError("the store is named twice: give it as the argument or as --store, not both")
        default: break
        }
    }

    /// `--format`, else a table for a person at a terminal and JSON for a pipe, a file or
    /// `--compact`.
    var chosenFormat: StorePipeline.DumpFormat {
        if let format { return format }
        if compact { return .json }
        return (output == nil || output == "-") && isatty(1) == 1 ? .table : .json
    }

    func run() throws {
        let destination = try OutputDestination(path: output)
        do {
            try StorePipeline.dump(
                storeArgument ?? store ?? "", entity: entity, format: chosenFormat, compact: compact, busyTimeout: busyTimeout.seconds,
                to: destination.sink)
            try destination.commit()
        } catch {
            destination.discard()
            throw error
        }
    }
}

extension StorePipeline.DumpFormat: ExpressibleByArgument {}
