import RestmapBase
import RestmapFormats
import RestmapTypes
import RestmapConfig
import RestmapMapping
import RestmapOutput
import RestmapRequest
import RestmapValidation
import RestmapDescribe

/// How `restmap map` reads its inputs and writes its records (SPEC §3.1).
package struct MapOptions: Sendable {
    package enum OutputFormat: String, Sendable, CaseIterable {
        case json, ndjson, plist
    }

    package var shape: RecordWriter.Shape = .tree
    package var format: OutputFormat = .json
    /// One-line JSON instead of pretty-printed.
    package var compact = false
    package var inputFormat: PayloadFormat = .auto
    /// Nesting deeper than this is an error (JSON; XML is capped by libxml2 at 2,048).
    package var maxDepth = InputLimits.defaultMaxDepth
    /// The request path of inputs that do not carry their own (`--path`).
    package var defaultPath: String?
    /// Maps with this entity directly, bypassing path mappings (`--entity`).
    package var entity: String?
    /// With `entity`: where the data sits (`--key-path`).
    package var keyPath: String?
    /// The HTTP status of the payloads; 4xx/5xx map with `error_mappings` (`--status`).
    package var status: Int?

    package init() {}

    /// True when the status selects the error mapping.
    package var isErrorStatus: Bool {
        guard let status else { return false }
        return (400...599).contains(status)
    }
}

/// One payload to map: where its bytes come from and, when it carries one, its request path
/// (`URI=FILE` on the command line).
package struct MapInput {
    package var source: ByteSource
    package var requestPath: String?

    package init(source: ByteSource, requestPath: String?) {
        self.source = source
        self.requestPath = requestPath
    }
}
