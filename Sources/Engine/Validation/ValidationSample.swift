/// One sample payload for `restmap validate` (SPEC §3.4): where its bytes are, the request
/// path and HTTP status it is mapped with, and whether it is expected to validate cleanly.
public struct ValidationSample {
    /// Where the sample's bytes come from.
    public enum Input {
        /// A file, opened when the sample is validated (a manifest may list thousands).
        case file(String)
        /// An already open source: standard input, or bytes in memory (tests).
        case source(ByteSource)
    }

    /// What the sample is expected to do (`expect` in a manifest).
    public enum Expectation: String, Sendable, CaseIterable {
        /// The sample passes when it has no errors (the default).
        case ok
        /// A negative sample: it passes when it has at least one error.
        case error
    }

    public var input: Input
    /// How reports name the sample: its path as given, or relative to the current directory
    /// for manifest entries (`Samples/employees/employees.json`).
    var name: String
    /// The request path that selects the path mappings; nil: `--path`, or the config's only
    /// path mapping.
    var requestPath: String?
    /// The HTTP status; 4xx/5xx map with `error_mappings`, as `map --status` does.
    var status: Int?
    var expectation: Expectation
    /// The manifest entry that lists the sample, for findings about the entry itself.
    var declaredAt: SourceLocation?
    /// The request method a manifest entry gives (`method`), for `@metadata` key paths;
    /// nil: the command's `--method`.
    var method: String?
    /// The request headers a manifest entry gives (`headers`); nil: the command's `--header`s.
    var requestHeaders: [(name: String, value: String)]?
    /// The response headers a manifest entry gives (`response_headers`); nil: the
    /// command's `--response-header`s.
    var responseHeaders: [(name: String, value: String)]?

    /// The exchange of this sample: what its entry gives, else `defaults`.
    func exchange(defaults: HTTPExchange) -> HTTPExchange {
        var exchange = defaults
        exchange.url = requestPath
        if let method { exchange.method = method }
        if let requestHeaders { exchange.requestHeaders = requestHeaders }
        if let responseHeaders { exchange.responseHeaders = responseHeaders }
        return exchange
    }

    public init(
        input: Input, name: String, requestPath: String? = nil, status: Int? = nil,
        expectation: Expectation = .ok, declaredAt: SourceLocation? = nil
    ) {
        self.input = input
        self.name = name
        self.requestPath = requestPath
        self.status = status
        self.expectation = expectation
        self.declaredAt = declaredAt
    }

    /// A file sample.
    static func file(_ path: String, requestPath: String? = nil, status: Int? = nil) -> ValidationSample {
        ValidationSample(input: .file(path), name: path, requestPath: requestPath, status: status)
    }
}

/// How `restmap validate` runs.
public struct ValidationOptions: Sendable {
    /// Warnings fail samples too (`--strict`, the same as `failOn = .warning`).
    public var strict = false
    /// The lowest severity that fails the run (`--fail-on`); `.never` reports without failing.
    public var failOn: FindingThreshold = .error
    /// Findings accepted for now (`--baseline`): reported as baselined, never failing.
    public var baseline = Baseline()
    /// Where fingerprints make file names relative to (the working directory).
    public var workingDirectory: String?
    /// The run fails when coverage is below this percentage (`--min-coverage`).
    public var minCoverage: Double?
    public var inputFormat: PayloadFormat = .auto
    /// Nesting deeper than this is a parse error, as for `map`.
    public var maxDepth = InputLimits.defaultMaxDepth
    /// Threads the run may use (`--threads`), as for `map`.
    public var threads = 1
    /// The request path of samples that carry none (`--path`).
    public var defaultPath: String?
    /// The status of samples that carry none (`--status`).
    public var defaultStatus: Int?
    /// A sample larger than this is refused with a finding: validation holds each sample
    /// whole, with the location of every value (measured: about 45 bytes of memory per
    /// payload byte, so 32 MiB stays under 1.5 GB).
    var maxSampleSize = InputLimits.sampleBytes
    /// Counts the bytes of samples read and the documents mapped, for a progress display.
    public var progress: ProgressCounter?
    /// The method and headers of samples whose manifest entry gives none (`--method`,
    /// `--header`, `--response-header`).
    public var exchange = HTTPExchange()

    public init() {}

    /// The lowest severity that fails a sample: errors, or warnings with `--strict` or
    /// `--fail-on warning`.
    var failingSeverity: Diagnostic.Severity { strict || failOn == .warning ? .warning : .error }
}

/// `--fail-on`: which findings fail a run. A run with `never` still reports every finding
/// (and marks failing samples) but exits 0 for them; `--min-coverage` still fails it.
public enum FindingThreshold: String, Sendable, CaseIterable {
    case error, warning, never
}
