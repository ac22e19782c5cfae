/// One `restmap map` run: reads every input, maps it through the path mappings that serve
/// its request path with one shared identity map, makes the connections, and writes the
/// records (SPEC §3.1).
///
/// Inputs are read as streams: when one path mapping serves an input and its key path is
/// plain keys, the elements of the array there are mapped one at a time as the parser
/// reaches them, so the payload is never held whole. With NDJSON output in the tree shape
/// and no connections in the config, each root record is written as soon as it is mapped
/// and then forgotten — memory stays flat whatever the input size; the identity map then
/// spans one payload element, which is the price of streaming (README: "Streaming").
public final class MapRun {
    let definitions: MappingDefinitions
    let options: MapOptions
    let log: DiagnosticLog
    let plans: MappingPlans
    let mapper: Mapper
    let payloadMapper: PayloadMapper
    private let payloadReader: PayloadReader
    let sink: ByteSink
    let writer: RecordWriter
    let statistics = RecordWriter.Statistics()
    /// Roots in output order (tree shape), kept until the run ends unless streaming.
    private(set) var roots: [MappedObject] = []
    /// What becomes of each root as it is mapped; decided when the run starts.
    private var rootHandling = RootHandling.keep
    /// The record writer's stack of objects being written, reused from one streamed record
    /// to the next instead of made for each.
    private var streamAncestors: [ObjectIdentifier] = []
    /// Whether some input failed: malformed, served by no path mapping, or nothing mapped.
    var failed = false
    public var inputFailed: Bool { failed }
    /// Called with the run's objects, connections made, once every input mapped without
    /// failure and before any record is written (`--store` persists them here; a throw
    /// ends the run with nothing printed).
    public var onGraphComplete: ((ObjectGraph, MappingPlans) throws -> Void)?
    /// When set, the run keeps no graph: its objects are handed over in batches of about
    /// `objectBatchSize` as they are mapped (connections made within the batch), the last
    /// batch once every input mapped without failure (`--store` printing no records: the
    /// store merges batches by primary key, as the identity map would have). Needs
    /// `writesRecords` off: printed records need the whole graph. A run of an error status
    /// (4xx/5xx) hands over nothing: its error objects are never stored.
    public var onObjectBatch: ((ObjectGraph, MappingPlans) throws -> Void)?
    /// Objects per batch for `onObjectBatch`.
    public var objectBatchSize = 16_384
    /// With `--threads` above 1, batches go to `onObjectBatch` on a thread of its own.
    private var batchHandOff: ObjectBatchHandOff?
    var totalMapped = 0
    /// Inputs whose collections were there but empty, for the "nothing was mapped" error.
    var emptyInputs: [String] = []
    /// Root representations `--shard` gave to other processes before the current input.
    /// A shard cannot judge "nothing mapped" for an input some of whose objects another
    /// shard maps; the shards together are judged as one run would be.
    private var dealtBeforeInput = 0
    var inputDealtElsewhere: Int { payloadMapper.dealtElsewhere - dealtBeforeInput }

    /// True when records are written as they are mapped.
    let streams: Bool
    /// True when some relationship is made by connecting attributes, once objects are mapped.
    private let hasConnections: Bool
    /// True when key paths read `@parent`, `@root` or `@metadata` (`MappingScope`).
    private let tracksScopes: Bool

    public init(definitions: MappingDefinitions, options: MapOptions, log: DiagnosticLog, output: ByteSink) throws {
        self.definitions = definitions
        self.options = options
        self.log = log
        self.sink = output
        self.plans = MappingPlans(definitions)
        let converter = ValueConverter(dateFormats: definitions.dateFormats.map(\.value))
        self.mapper = Mapper(plans: plans, log: log, converter: converter)
        self.payloadMapper = PayloadMapper(mapper: mapper)
        self.payloadReader = PayloadReader(format: options.inputFormat, maxDepth: options.maxDepth, threads: options.threads)
        self.writer = RecordWriter(shape: options.shape)
        payloadMapper.shard = options.shard
        hasConnections = definitions.entities.contains { $0.relationships.contains(where: \.isConnection) }
        self.streams = options.format == .ndjson && options.shape == .tree && !hasConnections && !options.keepsGraph && options.writesRecords
        self.tracksScopes = definitions.readsPseudoKeys
        if let entity = options.entity, plans.entity(named: entity) == nil {
            throw RestmapError.usage(
                .unknownEntityOption, "--entity names '\(entity)', which the config does not define\(Suggestions.hint(for: entity, among: definitions.entities.map(\.name)))")
        }
    }

    /// Maps every input and writes the output. Returns the exit code: 0 when something was
    /// mapped and no input failed, 1 otherwise.
    /// - Throws: `RestmapError` (usage) for a path that must be given and is not, or an
    ///   output that cannot be written.
    public func run(_ inputs: [MapInput]) throws -> Int32 {
        precondition(onObjectBatch == nil || !options.writesRecords, "a run that prints records keeps its whole graph")
        rootHandling = decideRootHandling()
        if case .batch(let consumer) = rootHandling, options.threads > 1 {
            batchHandOff = ObjectBatchHandOff(plans: plans, consumer: consumer)
        }
        // However the run ends, the batch consumer's thread has ended with it.
        defer { batchHandOff?.stop() }
        for input in inputs {
            try map(input)
        }
        if mapper.exceededNesting { failed = true }
        if totalMapped == 0 && payloadMapper.dealtElsewhere == 0 && !failed && !options.isErrorStatus {
            // Located at each input whose collection was empty (SPEC §3.6: every diagnostic
            // names its file); an empty collection is an error only when the run maps nothing.
            for input in emptyInputs.isEmpty ? [nil] : emptyInputs.map(Optional.some) {
                log.error(.nothingMapped, "nothing was mapped: the collections at the key paths searched were empty",
                          at: input.map { .file($0) })
            }
            failed = true
        }
        switch rootHandling {
        case .stream(let emitter):
            try emitter.flush()
        case .batch(let consumer):
            if !failed {
                try handOverBatch(to: consumer)
                try batchHandOff?.finish()
            }
        case .check, .keep:
            // A failed run prints nothing: half the records would read as all of them.
            guard !failed || options.isErrorStatus else { break }
            if hasConnections { ConnectionResolver().resolve(mapper.graph) }
            if !failed && !options.isErrorStatus, let onGraphComplete { try onGraphComplete(mapper.graph, plans) }
            if options.writesRecords { try writeOutput() }
        }
        if statistics.references > 0 {
            log.note(
                .relationshipCycle, "\(statistics.references) related object\(statistics.references == 1 ? " was" : "s were") met again inside \(statistics.references == 1 ? "its" : "their") own subtree (a cycle) and printed as {\"_entity\", \"_ref\"}")
        }
        return failed || options.isErrorStatus ? 1 : 0
    }

    // MARK: - Inputs

    /// Which path mappings serve the input, or nil (after reporting) when none does.
    private func entries(for input: MapInput) throws -> [PathMapping]? {
        if options.entity != nil || options.isErrorStatus { return [] }
        guard let path = input.requestPath ?? options.defaultPath else {
            if definitions.pathMappings.count == 1 { return definitions.pathMappings }
            let patterns = definitions.pathMappings.map { "'\($0.uri.value.text)'" }.joined(separator: ", ")
            throw RestmapError.usage(
                .requestPathUnspecified, definitions.pathMappings.isEmpty
                    ? "the config has no path_mappings; use --entity NAME to map with an entity directly"
                    : "the config has \(definitions.pathMappings.count) path mappings (\(patterns)); pass --path URI or write the input as URI=FILE")
        }
        let entries = RequestPathMatching.entries(for: path, in: definitions)
        if entries.isEmpty {
            log.error(.noPathMapping, RequestPathMatching.noMatchMessage(for: path, in: definitions), at: .file(input.source.name))
            failed = true
            return nil
        }
        return entries
    }

    private func map(_ input: MapInput) throws {
        guard let entries = try entries(for: input) else { return }
        dealtBeforeInput = payloadMapper.dealtElsewhere
        let source = PeekableByteSource(input.source)
        let format = try payloadReader.format(of: source)
        var origin = Mapper.Origin(input: source.name, pointer: nil)
        if tracksScopes {
            var exchange = options.exchange
            exchange.url = input.requestPath ?? options.defaultPath
            origin.scope = MappingScope.payload(.null, context: PayloadContext(exchange: exchange, entries: entries))
        }
        do {
            switch format {
            case .xml:
                try mapXML(source, entries: entries, origin: origin)
            case .json, .ndjson, .auto:
                try mapJSON(source, entries: entries, format: format, origin: origin)
            }
        } catch let error as RestmapError where error.kind == .data {
            log.emit(contentsOf: error.diagnostics)
            failed = true
        }
    }

    /// The members of streamed elements that mapping can read (nil: all of them). An observer
    /// (validate) sees whole elements: it reports the keys nobody reads.
    private func readKeys(_ entries: [PathMapping]) -> Set<String>? {
        guard mapper.observer == nil, !tracksScopes else { return nil }
        if let entity = options.entity {
            return plans.entity(named: entity).flatMap(ReadKeys.forPlan)
        }
        return entries.count == 1 ? ReadKeys.forEntry(entries[0], plans: plans) : nil
    }

    /// The plain key path of the container when one mapping serves the input, so that its
    /// elements can be streamed.
    private func streamableKeyPath(_ entries: [PathMapping]) -> [String]? {
        if options.isErrorStatus { return nil }
        if let entity = options.entity {
            // A dictionary keyed by id is split whole (force_collection_mapping), not streamed.
            if plans.entity(named: entity)?.forcesCollection == true { return nil }
            return KeyPath(options.keyPath ?? "").plainKeys
        }
        guard entries.count == 1, !payloadMapper.forcesCollection(entries[0]) else { return nil }
        return (entries[0].keyPath?.value ?? KeyPath("")).plainKeys
    }

    private func mapJSON(
        _ source: ByteSource, entries: [PathMapping], format: PayloadFormat, origin: Mapper.Origin
    ) throws {
        let reader = payloadReader.jsonReader(source)
        let keys = streamableKeyPath(entries)
        let members = keys == nil ? nil : readKeys(entries)
        // Spelled once per input, not once per NDJSON line.
        let searched = keys.map { [$0.joined(separator: ".")] } ?? []
        // NDJSON lines are payloads of one input: "nothing mapped" is judged over all of them
        // (a line whose object no matcher takes is not an error by itself).
        var inputOutcome = PayloadMapper.Outcome()
        var firstRootKeys: [String]?
        try payloadReader.forEachJSONDocument(reader, format: format, badDocument: { error in
            // One bad line of NDJSON: report it, go on with the next.
            log.emit(contentsOf: error.diagnostics)
            failed = true
        }) { _ in
            if let keys {
                let (outcome, rootKeys) = try streamJSONElements(
                    reader, at: keys, searched: searched, members: members, entries: entries, origin: origin)
                inputOutcome.merge(outcome)
                if firstRootKeys == nil { firstRootKeys = rootKeys }
            } else {
                guard let document = try reader.nextValue() else { return false }
                inputOutcome.merge(try mapWhole(document.value, entries: entries, origin: origin))
                if firstRootKeys == nil { firstRootKeys = document.value.objectKeys }
            }
            return true
        }
        finish(inputOutcome, input: source.name, rootKeys: firstRootKeys ?? [])
    }

    /// Maps the elements of the array at `keys` of the next document as the parser reaches
    /// them (`searched`: the key path as "nothing mapped" names it). Returns the outcome and,
    /// when the key path is not there, the root's keys.
    private func streamJSONElements(
        _ reader: JSONStreamReader, at keys: [String], searched: [String], members: Set<String>?,
        entries: [PathMapping], origin: Mapper.Origin
    ) throws -> (PayloadMapper.Outcome, [String]) {
        var outcome = PayloadMapper.Outcome()
        outcome.searchedKeyPaths = searched
        var rootKeys: [String] = []
        // Elements of an array met halfway along the key path, and whether any held the rest.
        var fanOutElements = 0
        var fanOutFound = false
        var fanOutIndex = 0
        do {
            let result = try reader.streamElements(at: keys, members: members) { element in
                if !element.remainingKeyPath.isEmpty {
                    fanOutElements += 1
                    let rest = KeyPath(element.remainingKeyPath.joined(separator: "."))
                    guard let reached = ContainerFlattening.representations(reachedBy: rest, in: element.value) else { return }
                    fanOutFound = true
                    for representation in reached {
                        outcome.representationCount += 1
                        let index = fanOutIndex
                        fanOutIndex += 1
                        if let object = self.mapStreamed(representation, index: index, entries: entries, origin: origin) {
                            outcome.mappedCount += 1
                            try self.emitRoot(object)
                        }
                    }
                    return
                }
                guard element.value != .null else { return }
                outcome.representationCount += 1
                if let object = self.mapStreamed(element.value, index: element.index, entries: entries, origin: origin) {
                    outcome.mappedCount += 1
                    try self.emitRoot(object)
                }
            }
            switch result {
            case .array: outcome.containerFound = fanOutElements == 0 || fanOutFound
            case .single: outcome.containerFound = outcome.representationCount > 0
            case .notFound(let keys): rootKeys = keys
            }
        } catch let repeated as JSONPathKeyRepeated {
            throw RestmapError.data(
                .jsonRepeatedStreamedKey, "the key path '\(repeated.keyPath.joined(separator: "."))' occurs twice in the document; restmap streams the first and cannot honour JSON's last-wins rule here",
                at: repeated.location)
        }
        if let entry = entries.first { mapper.observer?.pathMappingApplied(entry, containerFound: outcome.containerFound, origin: origin) }
        return (outcome, rootKeys)
    }

    private func mapXML(_ source: ByteSource, entries: [PathMapping], origin: Mapper.Origin) throws {
        let reader = payloadReader.xmlReader(diagnostics: log)
        // XML key paths name elements; the root element is the first segment.
        guard let keys = streamableKeyPath(entries), !keys.isEmpty else {
            let document = try reader.read(source)
            let outcome = try mapWhole(document, entries: entries, origin: origin)
            finish(outcome, input: source.name, rootKeys: document.objectKeys)
            return
        }
        var outcome = PayloadMapper.Outcome()
        outcome.searchedKeyPaths = [keys.joined(separator: ".")]
        let search = try reader.streamElements(at: keys, from: source, members: readKeys(entries)) { element in
            outcome.representationCount += 1
            if let object = self.mapStreamed(element.value, index: element.index, entries: entries, origin: origin) {
                outcome.mappedCount += 1
                try self.emitRoot(object)
            }
        }
        var rootKeys: [String] = []
        switch search {
        case .found: outcome.containerFound = true
        case .notFound(_, let available): rootKeys = available
        }
        if let entry = entries.first {
            mapper.observer?.pathMappingApplied(entry, containerFound: outcome.containerFound, origin: origin)
        }
        finish(outcome, input: source.name, rootKeys: rootKeys)
    }

    /// Maps a payload held whole.
    private func mapWhole(_ payload: Value, entries: [PathMapping], origin: Mapper.Origin) throws -> PayloadMapper.Outcome {
        if options.isErrorStatus {
            return try payloadMapper.mapErrors(payload, origin: origin, root: emitRoot)
        }
        if let entity = options.entity, let plan = plans.entity(named: entity) {
            return try payloadMapper.map(
                payload, entity: plan, keyPath: options.keyPath.map(KeyPath.init), origin: origin, root: emitRoot)
        }
        return try payloadMapper.map(payload, entries: entries, origin: origin, root: emitRoot)
    }

    /// Maps one streamed element with the single entry (or the `--entity` plan).
    private func mapStreamed(_ element: Value, index: Int?, entries: [PathMapping], origin: Mapper.Origin) -> MappedObject? {
        if let scope = origin.scope {
            var scoped = origin  // copied only here: a copy retains each of its fields
            let keyPath = options.entity != nil ? KeyPath(options.keyPath ?? "") : (entries[0].keyPath?.value ?? KeyPath(""))
            scoped.scope = scope.element(element, index: index, keyPath: keyPath)
            return mapStreamed(element, entries: entries, scopedOrigin: scoped)
        }
        return mapStreamed(element, entries: entries, scopedOrigin: origin)
    }

    private func mapStreamed(_ element: Value, entries: [PathMapping], scopedOrigin origin: Mapper.Origin) -> MappedObject? {
        if let entity = options.entity, let plan = plans.entity(named: entity) {
            return payloadMapper.mapElement(element, entity: plan, origin: origin)
        }
        return payloadMapper.mapElement(element, pathIndex: entries[0].index, origin: origin)
    }

    // MARK: - Output

    private func emitRoot(_ object: MappedObject) throws {
        options.progress?.addRecord()
        switch rootHandling {
        case .stream(let emitter):
            try writer.write(object, to: emitter, ancestors: &streamAncestors, statistics: statistics, recurring: nil)
            try emitter.newline()
            mapper.resetGraph()
        case .batch(let consumer):
            // A run that failed stores nothing: its later objects are not written only to be
            // rolled back.
            if failed {
                mapper.resetGraph()
            } else if mapper.graph.objects.count >= objectBatchSize {
                try handOverBatch(to: consumer)
            }
        case .check:
            mapper.resetGraph()
        case .keep:
            roots.append(object)
        }
    }

    /// Hands the objects mapped since the last batch to `consumer` (on its own thread when
    /// the run has one) and forgets them.
    private func handOverBatch(to consumer: (ObjectGraph, MappingPlans) throws -> Void) throws {
        if hasConnections { ConnectionResolver().resolve(mapper.graph) }
        if let batchHandOff {
            try batchHandOff.send(mapper.detachGraph())
        } else {
            try consumer(mapper.graph, plans)
            mapper.resetGraph()
        }
    }
}
