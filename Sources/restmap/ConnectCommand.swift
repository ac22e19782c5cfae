import ArgumentParser
import RestmapEngine
import RestmapPipeline

/// `restmap connect`: resolves the connections that earlier runs (shards) left pending in a
/// store (README "Many writers"). Needs no config.
struct ConnectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Resolve connections whose target arrived in another run.",
        discussion: CommandManual(
            summary: "Every map --store run already does this after it commits; run it once more after a sharded load to be sure. Prints how many were resolved and how many still wait for their target.",
            exitStatus: [
                (0, "the connections were resolved (some may still wait for their target)"),
                (2, "the store cannot be reached or written"),
            ],
            examples: [
                ("After the shards of a load were stored", "restmap connect --store api.db"),
            ]).discussion)

    @Option(name: .long, help: "The store file, or a PostgreSQL database (postgresql://...; PG* environment variables honoured).")
    var store: String

    @OptionGroup var busyTimeout: BusyTimeoutOption

    func run() throws {
        Console.shared.writeError(try StorePipeline.connect(store, busyTimeout: busyTimeout.seconds) + "\n")
    }
}
