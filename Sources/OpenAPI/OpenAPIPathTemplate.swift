import RestmapEngine

/// A document path's braces, read by the engine's rule (`PathTemplate`): the request paths the
/// document's examples are mapped at.
enum OpenAPIPathTemplate {
    /// The path with each parameter replaced by `value(name)`.
    static func filled(_ path: String, value: (String) -> String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            PathTemplate.parts(segment).map { part in
                switch part {
                case .text(let text): return text
                case .parameter(let name): return value(name)
                }
            }.joined()
        }.joined(separator: "/")
    }
}
