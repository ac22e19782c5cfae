import RestmapEngine
import RestmapReports

/// `restmap init`: a starter config sketched from sample payloads.
public struct InitPipeline {
    private let run: InitRun

    public init(maxDepth: Int) {
        run = InitRun(maxDepth: maxDepth)
    }

    /// Reads one sample (its request path names the entity and the path mapping).
    public func add(_ sample: MapInput) throws {
        try run.add(sample)
    }

    /// The request path a sample's path mapping gets: its own, or `/` and its file name.
    public static func requestPath(of sample: MapInput) -> String {
        sample.requestPath ?? InitRun.defaultPath(forFile: sample.source.name)
    }

    /// The config, as an XML plist.
    public func config() throws -> String {
        try run.config()
    }

    /// A config sketched from an OpenAPI document (`init --openapi`), as an XML plist.
    public static func config(openAPI path: String) throws -> String {
        try OpenAPIInit.config(openAPI: path)
    }
}
