/// `restmap validate` (SPEC §3.4): maps sample payloads exactly as `map` would — through the
/// path mappings that serve each sample's request path, or `error_mappings` for a 4xx/5xx
/// status — and reports, per sample, located findings, plus config coverage.
///
/// All samples expected to pass are mapped in one run (one identity map, connections made
/// once every one of them is mapped), so that a sample may connect to objects of another.
/// Each negative sample (`expect: error`) is mapped in a run of its own afterwards: what is
/// designed to be wrong neither resolves nor spoils the others' connections and duplicates,
/// and it does not count towards coverage.
///
/// Samples are read whole, with the location of every value, so that findings point at the
/// offending value's line and column.
public final class ValidateRun {
    let definitions: MappingDefinitions
    let options: ValidationOptions
    let plans: MappingPlans
    let converter: ValueConverter
    /// The keys the samples expected to pass carry and the config never reads, once
    /// `validate` has run (`--suggest`).
    public private(set) var unreadKeys: [UnreadKey] = []

    public init(definitions: MappingDefinitions, options: ValidationOptions = ValidationOptions()) {
        self.definitions = definitions
        self.options = options
        self.plans = MappingPlans(definitions)
        self.converter = ValueConverter(dateFormats: definitions.dateFormats.map(\.value))
    }

    /// How a sample is mapped.
    enum Route {
        /// Through these path mappings.
        case entries([PathMapping])
        /// With `error_mappings` (a 4xx/5xx status).
        case errors
        /// No path mapping serves the request path.
        case noMatch(String)
    }

    /// Validates `samples` and reports on each, in their order.
    /// - Throws: `RestmapError` (usage) when a sample's request path cannot be known: it has
    ///   none, `--path` gives none, and the config has several path mappings. Nothing is
    ///   mapped then.
    public func validate(_ samples: [ValidationSample]) throws -> ValidationReport {
        let routes = try self.routes(samples)
        var results: [SampleResult?] = Array(repeating: nil, count: samples.count)

        let coverage = CoverageTracker()
        let positive = Session(validator: self, coverage: coverage)
        for (index, sample) in samples.enumerated() where sample.expectation == .ok {
            positive.validate(sample, index: index, route: routes[index])
        }
        positive.finish()
        unreadKeys = positive.collector.unreadKeys
        for (index, sample) in samples.enumerated() where sample.expectation == .ok {
            results[index] = result(for: sample, findings: positive.findings(of: index))
        }
        for (index, sample) in samples.enumerated() where sample.expectation == .error {
            let negative = Session(validator: self, coverage: nil)
            negative.validate(sample, index: index, route: routes[index])
            negative.finish()
            results[index] = result(for: sample, findings: negative.findings(of: index))
        }
        var report = ValidationReport(
            config: definitions.file, samples: results.map { $0! }, coverage: coverage.report(plans: plans),
            strict: options.failingSeverity == .warning, minCoverage: options.minCoverage)
        report.findingsFailTheRun = options.failOn != .never
        report.baselineInUse = !options.baseline.fingerprints.isEmpty
        return report
    }

    /// The route of every sample, or one usage error listing every sample without a path.
    private func routes(_ samples: [ValidationSample]) throws -> [Route] {
        var problems: [Diagnostic] = []
        var routes: [Route] = []
        for sample in samples {
            let status = sample.status ?? options.defaultStatus
            if let status, (400...599).contains(status) {
                routes.append(.errors)
                continue
            }
            guard let path = sample.requestPath ?? options.defaultPath else {
                if definitions.pathMappings.count == 1 {
                    routes.append(.entries(definitions.pathMappings))
                    continue
                }
                let patterns = definitions.pathMappings.map { "'\($0.uri.value.text)'" }.joined(separator: ", ")
                let message = definitions.pathMappings.isEmpty
                    ? "sample '\(sample.name)' cannot be mapped: the config has no path_mappings"
                    : "sample '\(sample.name)' has no request path and the config has \(definitions.pathMappings.count) path mappings (\(patterns)); give it a 'path'\(sample.declaredAt == nil ? " (URI=FILE)" : "") or pass --path URI; restmap init --manifest-out FILE writes a manifest with the paths init gave"
                problems.append(.error(.requestPathUnspecified, message, at: sample.declaredAt ?? .file(sample.name)))
                routes.append(.noMatch(""))
                continue
            }
            let entries = RequestPathMatching.entries(for: path, in: definitions)
            routes.append(entries.isEmpty ? .noMatch(path) : .entries(entries))
        }
        if !problems.isEmpty { throw RestmapError(.usage, diagnostics: problems) }
        return routes
    }

    /// Decides whether a sample passed; a negative sample that failed as expected has its
    /// findings reported as notes, one that did not gets an error saying so.
    private func result(for sample: ValidationSample, findings: [ValidationFinding]) -> SampleResult {
        let failing = options.failingSeverity
        var findings = findings
        options.baseline.mark(&findings, workingDirectory: options.workingDirectory)
        let hasFailures = findings.contains { $0.severity >= failing && !$0.baselined }
        let passed: Bool
        switch sample.expectation {
        case .ok:
            passed = !hasFailures
        case .error:
            passed = hasFailures
            if passed {
                for index in findings.indices where findings[index].severity > .note {
                    findings[index].expectedSeverity = findings[index].severity
                    findings[index].severity = .note
                }
            } else {
                let location = sample.declaredAt ?? .file(sample.name)
                let message = "expected to fail validation (expect: error), but it has no \(failing == .error ? "errors" : "errors or warnings")"
                findings.insert(ValidationFinding(.expectationNotMet, .error, message, at: location), at: 0)
            }
        }
        return SampleResult(
            name: sample.name, requestPath: sample.requestPath ?? options.defaultPath,
            status: sample.status ?? options.defaultStatus, expectation: sample.expectation,
            declaredAt: sample.declaredAt, findings: findings, passed: passed)
    }
}

extension ValidateRun {
    /// One mapping run: one mapper, one identity map, one collector.
    final class Session {
        let validator: ValidateRun
        let mapper: Mapper
        let payloadMapper: PayloadMapper
        let collector: ValidationCollector
        let payloadReader: PayloadReader
        var options: ValidationOptions { validator.options }
        var definitions: MappingDefinitions { validator.definitions }

        init(validator: ValidateRun, coverage: CoverageTracker?) {
            self.validator = validator
            let collector = ValidationCollector(plans: validator.plans, coverage: coverage)
            self.collector = collector
            // What the mapper logs while mapping (not observer events) belongs to the sample.
            let log = DiagnosticLog { diagnostic in collector.mapperReported(diagnostic) }
            log.retentionLimit = 0
            mapper = Mapper(plans: validator.plans, log: log, converter: validator.converter)
            mapper.observer = collector
            payloadMapper = PayloadMapper(mapper: mapper)
            payloadReader = PayloadReader(format: validator.options.inputFormat, maxDepth: validator.options.maxDepth, threads: validator.options.threads)
        }

        func findings(of index: Int) -> [ValidationFinding] {
            collector.findings[index]?.sorted ?? []
        }

        /// Connections, once everything of the run is mapped.
        func finish() {
            ConnectionResolver().resolve(mapper.graph, observer: collector)
            collector.reportNullConnections(in: mapper.graph)
        }

        /// Reads and maps one sample.
        func validate(_ sample: ValidationSample, index: Int, route: Route) {
            collector.beginSample(index, name: sample.name)
            let entries: [PathMapping]
            switch route {
            case .noMatch(let path):
                collector.add(
                    ValidationFinding(
                        .noPathMapping, .error, RequestPathMatching.noMatchMessage(for: path, in: definitions),
                        at: .file(sample.name)))
                return
            case .entries(let list):
                entries = list
            case .errors:
                entries = []
            }
            var state = SampleState(name: sample.name, entries: entries, errorStatus: route.isErrors)
            if definitions.readsPseudoKeys {
                var exchange = sample.exchange(defaults: options.exchange)
                exchange.url = sample.requestPath ?? options.defaultPath
                state.context = PayloadContext(exchange: exchange, entries: entries)
            }
            do {
                let source: ByteSource
                switch sample.input {
                case .file(let path): source = try FileByteSource(path: path)
                case .source(let given): source = given
                }
                let counted = options.progress.map { CountingByteSource(source, counter: $0) } ?? source
                let peekable = PeekableByteSource(LimitedByteSource(counted, limit: options.maxSampleSize))
                let format = try payloadReader.format(of: peekable)
                switch format {
                case .xml:
                    // Warnings of the reader (external entities not loaded) belong to the sample.
                    let (value, locations) = try payloadReader.xmlReader(diagnostics: mapper.log).readWithLocations(peekable)
                    map(value, locations: locations, state: &state)
                case .json, .ndjson, .auto:
                    try readJSON(peekable, format: format, state: &state)
                }
                judgeNothingMapped(&state)
            } catch let error as RestmapError {
                state.reportParse(error, to: collector)
            } catch let error as LimitedByteSource.LimitExceeded {
                collector.add(
                    ValidationFinding(
                        .sampleTooLarge, .error,
                        "the sample is larger than \(error.limit >> 20) MiB: validate reads a sample whole to locate its findings; trim it (map streams inputs of any size)",
                        at: .file(sample.name)))
            } catch {
                collector.add(ValidationFinding(.unexpectedFailure, .error, "\(error)", at: .file(sample.name)))
            }
        }

        /// JSON or NDJSON, one document after another, as `map` reads them: several
        /// top-level values make NDJSON; a malformed NDJSON line is reported and skipped.
        private func readJSON(_ source: ByteSource, format: PayloadFormat, state: inout SampleState) throws {
            let reader = payloadReader.jsonReader(source)
            var sampleState = state
            defer { state = sampleState }
            let documents = try payloadReader.forEachJSONDocument(reader, format: format, badDocument: { error in
                sampleState.reportParse(error, to: collector)
            }) { _ in
                guard let document = try reader.nextValue(withLocations: true) else { return false }
                map(document.value, locations: document.locations, state: &sampleState)
                return true
            }
            if documents == 0 {
                throw RestmapError.data(
                    .jsonUnexpectedEnd, "unexpected end of input, expected a JSON value", at: SourceLocation(file: source.name, line: 1, column: 1))
            }
        }

        /// Maps one document (a JSON or XML file, an NDJSON line) of the sample.
        func map(_ value: Value, locations: PayloadLocations, state: inout SampleState) {
            options.progress?.addRecord()
            collector.beginDocument(value, locations: locations)
            var origin = Mapper.Origin(input: state.name, pointer: "", locations: locations)
            if let context = state.context { origin.scope = MappingScope.payload(value, context: context) }
            let outcome: PayloadMapper.Outcome
            if state.errorStatus {
                outcome = payloadMapper.mapErrors(value, origin: origin) { _ in }
            } else {
                outcome = payloadMapper.map(value, entries: state.entries, origin: origin) { _ in }
            }
            state.outcome.merge(outcome)
            if state.documents == 0 { state.firstRootKeys = value.objectKeys }
            state.documents += 1
            collector.endDocument(entries: state.entries)
        }

        /// SPEC §1.4's "nothing mapped", judged over the whole sample (all NDJSON lines) and
        /// worded as `map` words it; a sample whose collections were all empty mapped nothing
        /// either.
        private func judgeNothingMapped(_ state: inout SampleState) {
            let outcome = state.outcome
            guard state.documents > 0, outcome.mappedCount == 0 else { return }
            let severity: Diagnostic.Severity = state.errorStatus ? .warning : .error
            let config = state.configEntry(definitions)
            if outcome.containerFound && outcome.representationCount == 0 {
                collector.add(
                    ValidationFinding(
                        .nothingMapped, severity, "nothing was mapped: the collections at the key paths searched were empty",
                        at: .file(state.name), config: config))
                return
            }
            var searched: [String] = []
            for keyPath in outcome.searchedKeyPaths where !searched.contains(keyPath) { searched.append(keyPath) }
            var message = "no mappable object representations were found at the key paths searched (\(searched.map { $0.isEmpty ? "(root)" : $0 }.joined(separator: ", ")))"
            if outcome.containerFound {
                message += "; \(outcome.representationCount) representation\(outcome.representationCount == 1 ? " was" : "s were") found but none was taken by a matcher or carried a mapped value"
            } else if !state.firstRootKeys.isEmpty {
                let sorted = state.firstRootKeys.sorted { $0.lowercased() < $1.lowercased() }
                message += "; the payload has \(sorted.joined(separator: ", "))"
            }
            collector.add(ValidationFinding(.nothingMapped, severity, message, at: .file(state.name), config: config))
        }
    }

    /// What one sample came to so far.
    struct SampleState {
        var name: String
        var entries: [PathMapping]
        var errorStatus: Bool
        /// What the sample's documents came to, together.
        var outcome = PayloadMapper.Outcome()
        var firstRootKeys: [String] = []
        var documents = 0
        /// What `@metadata` key paths read; nil when the config reads none.
        var context: PayloadContext?

        func reportParse(_ error: RestmapError, to collector: ValidationCollector) {
            for diagnostic in error.diagnostics {
                collector.add(
                    ValidationFinding(
                        diagnostic.code, .error, diagnostic.message, at: diagnostic.location ?? .file(name),
                        related: diagnostic.related))
            }
        }

        /// The config entry that serves the sample: its first path mapping, or `error_mappings`.
        func configEntry(_ definitions: MappingDefinitions) -> ValidationFinding.ConfigEntry? {
            if errorStatus {
                return definitions.errorMapping.map { .init(ConfigSection.errorMappings.rawValue, at: $0.location) }
            }
            return entries.first.map { .init("path_mappings.\($0.index)", at: $0.location) }
        }
    }
}

extension ValidateRun.Route {
    var isErrors: Bool {
        if case .errors = self { return true }
        return false
    }
}

/// Refuses to read more than `limit` bytes: `validate` holds a sample whole, with the
/// location of every value, and a sample of gigabytes must end in a clear finding, not in
/// exhausted memory.
final class LimitedByteSource: ByteSource {
    struct LimitExceeded: Error {
        var limit: Int
    }

    private let base: ByteSource
    let limit: Int
    private var total = 0

    init(_ base: ByteSource, limit: Int) {
        self.base = base
        self.limit = limit
    }

    var name: String { base.name }
    var readsWithoutWaiting: Bool { base.readsWithoutWaiting }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard total <= limit else { throw LimitExceeded(limit: limit) }
        let count = try base.read(into: buffer)
        total += count
        if total > limit { throw LimitExceeded(limit: limit) }
        return count
    }
}
