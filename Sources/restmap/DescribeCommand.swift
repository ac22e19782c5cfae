import ArgumentParser
import RestmapBase
import RestmapDescribe

/// `restmap describe`: the mapping definitions for a person to read, or as a DOT graph.
struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Print the mapping definitions: entities, keys, relationships, paths, matchers, requests.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, dot, mermaid
    }

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "text (default), dot (Graphviz) or mermaid (a class diagram GitHub renders).")
    var format: Format = .text

    func run() throws {
        let log = Console.shared.makeLog()
        let definitions = try global.loadDefinitions(log: log)
        switch format {
        case .text: try Console.shared.standardOutput.write(DefinitionsSummary().render(definitions))
        case .dot: try Console.shared.standardOutput.write(DotGraph().render(definitions))
        case .mermaid: try Console.shared.standardOutput.write(MermaidGraph().render(definitions))
        }
    }
}
