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

    /// The config, as an XML plist.
    public func config() throws -> String {
        try run.config()
    }
}
