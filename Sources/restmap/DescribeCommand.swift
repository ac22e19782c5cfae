import ArgumentParser
import RestmapEngine
import RestmapPipeline

/// `restmap describe`: the mapping definitions for a person to read, or as a DOT graph.
struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Print the mapping definitions: entities, keys, relationships, paths, matchers, requests.")


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
