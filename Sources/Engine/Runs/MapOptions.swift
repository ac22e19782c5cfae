/// How `restmap map` reads its inputs and writes its records (SPEC §3.1).
public struct MapOptions: Sendable {
    public enum OutputFormat: String, Sendable, CaseIterable {
        case json, ndjson, plist
    }

    public var shape: RecordWriter.Shape = .tree
    public var format: OutputFormat = .json
    /// One-line JSON instead of pretty-printed.
    public var compact = false
    public var inputFormat: PayloadFormat = .auto
    /// Nesting deeper than this is an error (JSON; XML is capped by libxml2 at 2,048).
    public var maxDepth = InputLimits.defaultMaxDepth
    /// Threads the run may use (`--threads`); 1 runs everything on the caller's thread.
    public var threads = 1
    /// The request path of inputs that do not carry their own (`--path`).
    public var defaultPath: String?
    /// Maps with this entity directly, bypassing path mappings (`--entity`).
    public var entity: String?
    /// With `entity`: where the data sits (`--key-path`).
    public var keyPath: String?
    /// The HTTP status of the payloads; 4xx/5xx map with `error_mappings` (`--status`).
    public var status: Int?
    /// The HTTP method and headers `@metadata` key paths read (`--method`, `--header`,
    /// `--response-header`); each input's request path is its URL.
    public var exchange = HTTPExchange()
    /// Counts root records as they are mapped, for a progress display.
    public var progress: ProgressCounter?
    /// Keep every object until the run ends even when records could stream (`--store`
    /// needs the whole graph).
    public var keepsGraph = false
    /// Print the records (`--quiet` turns this off; the run still maps and stores).
    public var writesRecords = true
    /// Map only this shard's share of the representations (`--shard I/K`).
    public var shard: ShardSelector?

    public init() {}

    /// True when the status selects the error mapping.
    var isErrorStatus: Bool {
        guard let status else { return false }
        return (400...599).contains(status)
    }
}

/// One payload to map: where its bytes come from and, when it carries one, its request path
/// (`URI=FILE` on the command line).
public struct MapInput {
    public var source: ByteSource
    public var requestPath: String?

    public init(source: ByteSource, requestPath: String?) {
        self.source = source
        self.requestPath = requestPath
    }
}
