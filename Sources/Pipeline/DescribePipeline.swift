import RestmapEngine
import RestmapReports

/// `restmap describe`: the mapping definitions as text, a Graphviz graph or a Mermaid diagram.
public enum DescribePipeline {
    public enum Format: String, CaseIterable, Sendable {
        case text, dot, mermaid
    }

    public static func render(_ definitions: MappingDefinitions, as format: Format) -> String {
        switch format {
        case .text: return DefinitionsSummary().render(definitions)
        case .dot: return DotGraph().render(definitions)
        case .mermaid: return MermaidGraph().render(definitions)
        }
    }
}
