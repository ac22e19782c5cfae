/// Reads XML payloads into restmap's `Value` (SPEC §2), streaming through libxml2's SAX2
/// parser: no document tree is ever built, and `streamElements(at:from:)` keeps memory flat
/// however many records the payload holds. `streamElements` parses on a thread of its own
/// while the caller's thread builds the values and runs the body (see `parsesConcurrently`).
///
/// The document becomes `{ rootName: value(root) }`. An element with neither attributes nor
/// child elements is its text, trimmed of XML white space (`null` when empty); any other
/// element is an object of its attributes (in document order), its child elements (by first
/// occurrence) and its non-blank text under `text`. All leaves are strings. Choices SPEC
/// leaves open:
/// - A key met twice becomes an array in arrival order — repeated children, and also a child
///   named like an attribute (`<a id="1"><id>2</id></a>` → `{"id": ["1", "2"]}`) or an
///   attribute or child named `text` beside text content (the text comes last), as RestKit's
///   XMLReader does.
/// - An element's text is its text nodes concatenated, then trimmed: interior white space
///   stays as written (see `XMLElementAssembler`).
/// - Names are kept as written (`ns:item`, `xml:lang`); no namespace processing. Namespace
///   declarations (`xmlns`, `xmlns:p`) are not attributes and do not appear; an undeclared
///   prefix is accepted.
/// - Comments, processing instructions and the DOCTYPE contribute nothing. CDATA is text.
/// - Character references and the five predefined entities are text. Internal entities
///   expand in place, text and markup alike, bounded by `XMLEntityBudget`. External entities
///   and DTDs are never loaded and nothing touches the network: a reference to an external
///   (or undeclared) entity contributes nothing and draws one warning per entity name.
/// - Nesting deeper than `min(maxDepth, 2048)` elements is an error (see `XMLNestingLimit`).
/// - libxml2's other limits stay on: a single text node or attribute value of more than
///   10,000,000 bytes, or a name of more than 50,000, is an error.
/// Malformed input is a `RestmapError.data` carrying libxml2's message and position.
public struct XMLPayloadReader: Sendable {
    /// The deepest element nesting accepted (the root is depth 1); capped at 2048.
    var maxDepth: Int
    /// Receives warnings (external entities not loaded). Nil drops them.
    var diagnostics: DiagnosticLog?
    /// Whether `streamElements` parses on a thread of its own, handing the elements over in
    /// order to the caller's thread, where `body` runs and diagnostics are emitted: parsing
    /// and building then overlap with what `body` does. Off, all runs on the caller's thread.
    var parsesConcurrently = true

    init(maxDepth: Int = InputLimits.defaultMaxDepth, diagnostics: DiagnosticLog? = nil) {
        self.maxDepth = maxDepth
        self.diagnostics = diagnostics
    }

    /// Reads the whole document: `{ rootName: value(root) }`.
    public func read(_ source: ByteSource) throws -> Value {
        try readDocument(source, recordingLocations: false).value
    }

    /// Reads the whole document and where each value was written, keyed by JSON pointer:
    /// `/employees_list/employee/3/name` is the line and column of that `<name>`'s `<`; an
    /// attribute or a `text` key has its element's location; `""` is the root element's.
    func readWithLocations(_ source: ByteSource) throws -> (value: Value, locations: PayloadLocations) {
        let (value, tree, rootName) = try readDocument(source, recordingLocations: true)
        var locations = PayloadLocations()
        if let tree {
            locations[""] = tree.location(in: source.name)
            tree.flatten(at: PayloadLocations.appending(rootName, to: ""), file: source.name, into: &locations)
        }
        return (value, locations)
    }

    /// Hands each element at `path` (element names from the root: `["employees_list",
    /// "employee"]`) to `body` as soon as it is complete, with its index in document order,
    /// and builds nothing else. As in `read`, several such elements are the items of an array
    /// and a single one is a single object: the result's count tells which. Elements matching
    /// under repeated ancestors come as one sequence, in document order. A segment names an
    /// element: attributes, `text` and indexes are not followed here. An empty path hands out
    /// the whole document once.
    ///
    /// With `recordingLocations`, each element carries its locations keyed by JSON pointer
    /// relative to the element (`""` is the element, `/name` its child).
    ///
    /// With `members`, an element handed out that is an object keeps only the attributes,
    /// child elements and `text` named there; the others are parsed (and checked) but not
    /// built. It stays an object even when nothing is left of it, and an element that would
    /// be a string (no attributes, no children) is one still. For a mapper that knows which
    /// keys it reads (`ReadKeys`). Ignored for an empty path.
    @discardableResult
    func streamElements(
        at path: [String], from source: ByteSource, recordingLocations: Bool = false, members: Set<String>? = nil,
        _ body: (XMLStreamedElement) throws -> Void
    ) throws -> XMLKeyPathSearch {
        if path.isEmpty {
            let (value, tree, rootName) = try readDocument(source, recordingLocations: recordingLocations)
            var locations: PayloadLocations?
            if let tree {
                locations = PayloadLocations()
                locations![""] = tree.location(in: source.name)
                tree.flatten(at: PayloadLocations.appending(rootName, to: ""), file: source.name, into: &locations!)
            }
            try body(XMLStreamedElement(index: 0, value: value, locations: locations))
            return .found(count: 1)
        }
        if parsesConcurrently,
            let search = try streamConcurrently(
                at: path, from: source, recordingLocations: recordingLocations, members: members, body)
        {
            return search
        }
        let walker = try XMLDocumentWalker(
            source: source, target: .elements(atPath: path), maxDepth: maxDepth,
            recordsLocations: recordingLocations, members: members, warns: diagnostics != nil)
        let replayer = XMLTapeReplayer(
            recordsLocations: recordingLocations, keepsOutermostText: walker.keepsOutermostText,
            inputName: source.name)
        var count = 0
        try walker.run { tape in
            defer { tape.reset() }
            try replayer.replay(tape, diagnostics: diagnostics) { item in
                try body(XMLStreamedElement(index: count, value: item.value, locations: Self.relative(item.locations, file: source.name)))
                count += 1
            }
        }
        guard count > 0 else {
            let level = walker.deepestMatch
            return .notFound(matchedSegments: level, availableKeys: walker.keysByLevel[level].keys)
        }
        return .found(count: count)
    }

    /// What a parser thread leaves for the caller once joined.
    private final class ParserOutcome: @unchecked Sendable {
        var error: (any Error)?
        var deepestMatch = 0
        var keysByLevel: [XMLKeyList] = []
    }

    private struct Cancelled: Error {}

    /// Tapes (one per 256 KiB chunk of input) waiting for the caller's thread at most.
    static let tapesInFlight = 3

    /// `streamElements` with the parse on a thread of its own, which hands event tapes over;
    /// values are built and `body` runs on the caller's thread. Nil when no thread could be
    /// made.
    private func streamConcurrently(
        at path: [String], from source: ByteSource, recordingLocations: Bool, members: Set<String>?,
        _ body: (XMLStreamedElement) throws -> Void
    ) throws -> XMLKeyPathSearch? {
        LibXML2.prepare()  // libxml2's global set-up, on the caller's thread
        let pipe = BoundedQueue<XMLEventTape>(depth: Self.tapesInFlight)
        let outcome = ParserOutcome()
        let maxDepth = self.maxDepth
        let warns = diagnostics != nil
        // Without locations, this thread reads and pre-scans the input ahead while it would
        // wait for the parser's events, which leaves the parse thread to libxml2. (Located
        // starts are popped by the parser's callbacks as libxml2 reads: those scan there.
        // A pipe is read only as the parser asks: reading ahead could hold output back.)
        let readsAhead = !recordingLocations && source.readsWithoutWaiting
        let supply = readsAhead ? XMLChunkSupply(source: source, scanner: XMLMarkupScanner(recordsPositions: false)) : nil
        guard
            let worker = WorkerThread({
                defer { pipe.close() }
                do {
                    let walker = try XMLDocumentWalker(
                        source: source, target: .elements(atPath: path), maxDepth: maxDepth,
                        recordsLocations: recordingLocations, members: members, warns: warns, supply: supply)
                    defer {
                        outcome.deepestMatch = walker.deepestMatch
                        outcome.keysByLevel = walker.keysByLevel
                    }
                    try walker.run { tape in
                        // The full tape goes to the caller; the walker goes on with another.
                        guard pipe.send(exchange(&tape, with: pipe.reuse() ?? XMLEventTape())) else { throw Cancelled() }
                    }
                } catch {
                    outcome.error = error
                }
            })
        else { return nil }
        let replayer = XMLTapeReplayer(
            recordsLocations: recordingLocations, keepsOutermostText: members?.contains("text") ?? true,
            inputName: source.name)
        var count = 0
        var failure: (any Error)?
        while true {
            // Only while the parser's next tape is not there: this thread reads when it would
            // wait, and when it is the one behind, the parser reads for itself.
            supply?.readAhead(while: { !pipe.canReceiveAtOnce })
            guard var tape = pipe.receive() else { break }
            do {
                try replayer.replay(tape, diagnostics: diagnostics) { item in
                    try body(XMLStreamedElement(index: count, value: item.value, locations: Self.relative(item.locations, file: source.name)))
                    count += 1
                }
            } catch {
                failure = error
                pipe.cancel()
                break
            }
            tape.reset()
            pipe.recycle(tape)
        }
        supply?.stop()
        worker.join()
        if let failure { throw failure }
        if let error = outcome.error { throw error }
        guard count > 0 else {
            let level = outcome.deepestMatch
            return .notFound(matchedSegments: level, availableKeys: outcome.keysByLevel[level].keys)
        }
        return .found(count: count)
    }

    /// An element's locations keyed by pointers relative to it.
    private static func relative(_ tree: XMLLocationTree?, file: String) -> PayloadLocations? {
        guard let tree else { return nil }
        var locations = PayloadLocations()
        tree.flatten(at: "", file: file, into: &locations)
        return locations
    }

    private func readDocument(_ source: ByteSource, recordingLocations: Bool) throws -> (
        value: Value, locations: XMLLocationTree?, rootName: String
    ) {
        let walker = try XMLDocumentWalker(
            source: source, target: .document, maxDepth: maxDepth, recordsLocations: recordingLocations,
            warns: diagnostics != nil)
        let replayer = XMLTapeReplayer(recordsLocations: recordingLocations, keepsOutermostText: true, inputName: source.name)
        var root: XMLDocumentWalker.Item?
        try walker.run { tape in
            defer { tape.reset() }
            try replayer.replay(tape, diagnostics: diagnostics) { root = $0 }
        }
        guard let rootName = walker.rootName, let root else {
            throw RestmapError.data(.xmlNoRootElement, "the XML document has no root element", at: .file(source.name))
        }
        return (.object(ValueObject([(rootName, root.value)])), root.locations, rootName)
    }
}
