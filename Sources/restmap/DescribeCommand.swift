import ArgumentParser
import RestmapEngine
import RestmapPipeline

/// `restmap describe`: the mapping definitions for a person to read, or as a DOT graph.
struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Print the mapping definitions: entities, keys, relationships, paths, matchers, requests.",
        discussion: CommandManual(
            summary: "The config as it was understood: for a person to read, or as a graph to draw.",
            exitStatus: [
                (0, "the definitions were printed"),
                (2, "the config cannot be read or used"),
            ],
            examples: [
                ("Read a config", "restmap describe -c api.plist"),
                ("Its entities as a Mermaid diagram, for a README", "restmap describe -c api.plist --format mermaid > api.mmd"),
            ]).discussion)


    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "text (default), dot (Graphviz) or mermaid (a class diagram GitHub renders).")
    var format: DescribePipeline.Format = .text

    func run() throws {
        let log = Console.shared.makeLog()
        let definitions = try global.loadDefinitions(log: log)
        try Console.shared.standardOutput.write(DescribePipeline.render(definitions, as: format))
    }
}

extension DescribePipeline.Format: ExpressibleByArgument {}
