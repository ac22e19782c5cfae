internal import CLibXML2

/// Runs one XML document through libxml2's SAX2 parser and writes the events of the elements
/// that are wanted to an `XMLEventTape`: the whole document, or only the elements at a key
/// path (the rest is parsed but not recorded). After each chunk of input the tape goes to
/// the caller, which builds the values (`XMLTapeReplayer`) here or on another thread: the
/// walker itself makes no Swift objects per node.
///
/// Entity references: libxml2 expands internal entities itself, replaying their content
/// through the same callbacks from a context of its own (so `ctx` tells document from entity
/// text); every byte and element of it is charged to an `XMLEntityBudget`. An external or
/// undeclared entity contributes nothing and is reported once as a warning.
///
/// Errors cannot cross libxml2's frames: a callback that fails (nesting too deep, the budget
/// spent) records the error, stops the parser and makes every later callback and entity
/// lookup a no-op; `run` then throws it, after handing over what was recorded before it.
final class XMLDocumentWalker {
    /// What to build.
    enum Target {
        /// The whole document, `{ rootName: value(root) }`.
        case document
        /// The elements at this key path of element names (root first), one at a time.
        case elements(atPath: [String])
    }

    /// An element at the key path (or the root), complete.
    struct Item {
        var value: Value
        var locations: XMLLocationTree?
    }

    let session: XMLSAXSession
    /// The document's parser context, as callbacks receive it.
    var documentContext: UnsafeMutableRawPointer?
    let path: [String]
    let buildsDocument: Bool
    let nestingLimit: Int
    /// Whether warnings are recorded (on the tape, for the replayer's log).
    let warns: Bool
    let scanner: XMLMarkupScanner?
    let recordsLocations: Bool
    /// Whether the members of streamed elements are filtered.
    let filters: Bool
    /// Whether a streamed element keeps its `text` when it is an object (see `members`).
    let keepsOutermostText: Bool
    var tape = XMLEventTape()
    let names: XMLNameTable
    var budget = XMLEntityBudget()
    var attributeText: [UInt8] = []
    var warnedEntities: Set<String> = []

    /// Elements open, the root being depth 1.
    var depth = 0
    /// Elements open on the tape (the element being built and its open descendants).
    var builtDepth = 0
    /// Open elements inside a left-out member (filtered), counting it.
    var skipDepth = 0
    /// Bytes of the text run under way (libxml2 bounds one text node).
    var textRun = 0
    var overflowed = false
    var overflowLocation = SourceLocation(file: "")
    private(set) var rootName: String?
    /// Path mode: how many open elements, from the root, match the path's first segments.
    var matchedDepth = 0
    /// Path mode: the deepest `matchedDepth` reached, and the keys seen at each matched level.
    private(set) var deepestMatch = 0
    private(set) var keysByLevel: [XMLKeyList]
    /// The first error of a callback; set once, and then the parse is over.
    var failure: (any Error)?
    var stopped = false
    /// Path mode: an element was handed out (the keys seen are then of no more use).
    var delivered = false
    /// Path mode: libxml2's name pointer of each segment, once met (0 before).
    var pathIDs: [UInt]
    /// When recording locations: where the element being opened starts.
    var elementLocation = SourceLocation(file: "")

    /// `members`: in path mode, the keys (attribute and child names, `text`) that the elements
    /// handed out keep; the others are parsed but not recorded. Nil keeps everything.
    /// `warns`: record warnings (external or undeclared entities) on the tape. `supply`: the
    /// input read and scanned ahead (without locations only), instead of from `source` as
    /// libxml2 asks.
    init(
        source: ByteSource, target: Target, maxDepth: Int, recordsLocations: Bool, members: Set<String>? = nil,
        warns: Bool, supply: XMLChunkSupply? = nil
    ) throws {
        nestingLimit = XMLNestingLimit.effective(maxDepth)
        scanner = XMLMarkupScanner(recordsPositions: recordsLocations)
        self.recordsLocations = recordsLocations
        self.warns = warns
        switch target {
        case .document:
            path = []
            buildsDocument = true
            keysByLevel = []
        case .elements(let path):
            self.path = path
            buildsDocument = false
            keysByLevel = Array(repeating: XMLKeyList(), count: path.count)
        }
        pathIDs = Array(repeating: 0, count: path.count)
        let filtered = buildsDocument ? nil : members
        filters = filtered != nil
        names = XMLNameTable(members: filtered)
        keepsOutermostText = filtered?.contains("text") ?? true
        var handler = Self.handler()
        session = try XMLSAXSession(
            source: source, nestingLimit: nestingLimit, scanner: supply == nil ? scanner : nil, supply: supply,
            handler: &handler)
        documentContext = UnsafeMutableRawPointer(session.context)
        names.dictionary = session.context.pointee.dict
        session.context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
    }

    /// Parses the whole document. After each chunk of input, `flush` receives the tape of the
    /// events recorded (when there are some) and leaves in its place the tape to go on with:
    /// the same one emptied, or another.
    /// Throws the first error: `flush`'s, a callback's, the source's, or libxml2's — always
    /// after flushing what came before it.
    func run(flush: (inout XMLEventTape) throws -> Void) throws {
        let wellFormed = try session.parse {
            if !tape.isEmpty { try flush(&tape) }
        }
        if let failure { throw failure }
        if let error = session.feed.error { throw error }
        if !wellFormed { throw session.failure(nestingLimit: nestingLimit) }
        if overflowed { throw Self.overflowError(at: overflowLocation) }
        guard rootName != nil else {
            throw RestmapError.data(.xmlNoRootElement, "the XML document has no root element", at: .file(session.inputName))
        }
    }

    var inputName: String { session.inputName }

    // MARK: Callbacks

    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        xmlSAXVersion(&handler, 2)
        // Everything that would build a tree is replaced: were any node built under an entity's
        // parse, libxml2 would keep it as the entity's content and stop replaying the text.
        handler.startElementNs = { ctx, localname, prefix, _, _, _, count, defaulted, attributes in
            // Attributes defaulted from the DTD come last; a tree without DTDATTR has none.
            withWalker(ctx) { $0.startElement(ctx, localname, prefix, Int(count - defaulted), attributes) }
        }
        handler.endElementNs = { ctx, _, _, _ in withWalker(ctx) { $0.endElement(ctx) } }
        handler.characters = { ctx, text, length in withWalker(ctx) { $0.characters(ctx, text, Int(length)) } }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        handler.reference = { ctx, name in withWalker(ctx) { $0.reference(ctx, name) } }
        handler.getEntity = { ctx, name in withWalker(ctx) { $0.entity(ctx, name) } }
        handler.comment = { ctx, _ in withWalker(ctx) { $0.otherNode(ctx) } }
        handler.processingInstruction = { ctx, _, _ in withWalker(ctx) { $0.otherNode(ctx) } }
        handler.startElement = nil
        handler.endElement = nil
        LibXML2.closeExternalAccess(&handler)
        handler.serror = { ctx, error in
            guard let error, let ctx,
                let owner = ctx.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private
            else { return }
            Unmanaged<XMLDocumentWalker>.fromOpaque(owner).takeUnretainedValue().session.record(error.pointee)
        }
        return handler
    }

    func startElement(
        _ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
        _ attributeCount: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        if stopped { return halt(ctx) }
        if textRun != 0 { guard endTextRun(ctx) else { return } }
        depth += 1
        if recordsLocations { elementLocation = locateElement(fromEntity: ctx != documentContext) }
        if depth > nestingLimit {
            let location = recordsLocations ? elementLocation : session.parserLocation(withColumn: false)
            return fail(XMLNestingLimit.error(limit: nestingLimit, at: location), ctx)
        }
        if ctx != documentContext {
            guard charge(XMLEntityBudget.elementCost, ctx) else { return }
        } else {
            markupEnded(columnOffset: 1)  // called at the `>` (or `/>`) of the start tag
        }
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        guard let localname else { return }
        let name = names.lookup(local: localname, prefix: prefix)
        if builtDepth > 0 {
            if filters && builtDepth == 1 && !name.pointee.isMember {
                tape.writeFiltered()
                skipDepth = 1
                return
            }
            open(name, attributeCount, attributes, ctx)
            return
        }
        if buildsDocument {
            rootName = name.pointee.string
            open(name, attributeCount, attributes, ctx)
            return
        }
        guard depth == matchedDepth + 1 else { return }  // inside a subtree off the path
        if depth == 1 { rootName = name.pointee.string }
        if !delivered { keysByLevel[matchedDepth].insert(name.pointee.string) }
        guard isSegment(name, matchedDepth) else { return }
        if depth == path.count {
            open(name, attributeCount, attributes, ctx)
        } else {
            matchedDepth += 1
            deepestMatch = max(deepestMatch, matchedDepth)
            for i in 0..<attributeCount where !delivered {
                guard let attribute = attributes?.advanced(by: 5 * i), let local = attribute[0] else { continue }
                keysByLevel[matchedDepth].insert(names.lookup(local: local, prefix: attribute[1]).pointee.string)
            }
        }
    }

    /// Whether `name` is the path's segment at `level`; by identity once one was seen.
    @inline(__always)
    func isSegment(_ name: XMLNameTable.Ref, _ level: Int) -> Bool {
        let id = pathIDs[level]
        if id != 0 { return name.pointee.id == id }
        guard name.pointee.string == path[level] else { return false }
        pathIDs[level] = name.pointee.id
        return true
    }

    @inline(__always)
    func open(
        _ name: XMLNameTable.Ref, _ attributeCount: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        _ ctx: UnsafeMutableRawPointer?
    ) {
        let index = names.index(of: name, on: &tape)
        if recordsLocations {
            tape.writeOpen(index, line: elementLocation.line ?? 0, column: elementLocation.column ?? 0)
        } else {
            tape.writeOpen(index)
        }
        builtDepth += 1
        guard attributeCount > 0, let attributes else { return }
        for i in 0..<attributeCount {
            // localname, prefix, URI, value, end of value
            let attribute = attributes + 5 * i
            guard let local = attribute[0], let start = attribute[3], let end = attribute[4] else { continue }
            let attributeName = names.lookup(local: local, prefix: attribute[1])
            if filters && builtDepth == 1 && !attributeName.pointee.isMember {
                tape.writeFiltered()
                continue
            }
            let nameIndex = names.index(of: attributeName, on: &tape)
            let value = UnsafeBufferPointer(start: start, count: end - start)
            if value.contains(UInt8(ascii: "&")) {
                guard expandAttribute(value, ctx) else { return }  // failed: the parse is being stopped
                attributeText.withUnsafeBufferPointer { tape.writeAttribute(nameIndex, $0.baseAddress!, $0.count) }
            } else {
                tape.writeAttribute(nameIndex, start, end - start)
            }
        }
    }

    func endElement(_ ctx: UnsafeMutableRawPointer?) {
        guard !stopped else { return halt(ctx) }
        if textRun != 0 { guard endTextRun(ctx) else { return } }
        if ctx == documentContext { markupEnded(columnOffset: 0) }
        defer { depth -= 1 }
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        if builtDepth > 0 {
            tape.writeClose()
            builtDepth -= 1
            if builtDepth == 0 { delivered = true }
        } else if depth == matchedDepth {
            matchedDepth -= 1
        }
    }

    func characters(_ ctx: UnsafeMutableRawPointer?, _ text: UnsafePointer<xmlChar>?, _ length: Int) {
        guard !stopped else { return halt(ctx) }
        textRun += length
        if textRun > XMLText.maximumLength {
            // As libxml2's tree builder: one text node may not exceed the bound. Reported where
            // the text ends, once it has.
            overflowed = true
            overflowLocation = session.parserLocation()
        }
        if ctx != documentContext { guard charge(length, ctx) else { return } }
        if skipDepth == 0 && builtDepth > 0, let text {
            tape.writeText(text, length)
        }
    }

    /// A comment or processing instruction: nothing to build, but it ends a text node.
    func otherNode(_ ctx: UnsafeMutableRawPointer?) {
        guard !stopped else { return halt(ctx) }
        if textRun != 0 { _ = endTextRun(ctx) }
        if ctx == documentContext { markupEnded(columnOffset: 0) }
    }

    /// Notes where the document's parser stands after a piece of markup (see
    /// `XMLSAXSession.markupEndLine`).
    @inline(__always)
    func markupEnded(columnOffset: Int32) {
        let input = documentContext.unsafelyUnwrapped.assumingMemoryBound(to: xmlParserCtxt.self).pointee.input!
        session.markupEndLine = input.pointee.line
        session.markupEndColumn = input.pointee.col &+ columnOffset
        session.markupEndOffset = XMLSAXSession.offset(of: input) &+ Int(columnOffset)
    }

    /// Ends the text run under way; false (and the parse stopped) when it was too long.
    func endTextRun(_ ctx: UnsafeMutableRawPointer?) -> Bool {
        textRun = 0
        guard overflowed else { return true }
        overflowed = false
        fail(Self.overflowError(at: overflowLocation), ctx)
        return false
    }

    static func overflowError(at location: SourceLocation) -> RestmapError {
        RestmapError.data(
            .xmlTooLong, "text longer than libxml2's limit of 10,000,000 bytes (xmlSAX2Characters: huge text node)", at: location)
    }

    // MARK: Stopping

    /// Records the first error and stops the parse: the parser of `ctx` at once, enclosing
    /// entity parses through `entity` and the callbacks' guards, the document's by its input.
    func fail(_ error: any Error, _ ctx: UnsafeMutableRawPointer?) {
        if failure == nil { failure = error }
        stopped = true
        session.feed.stop()
        halt(ctx)
    }

    func halt(_ ctx: UnsafeMutableRawPointer?) {
        guard let ctx else { return }
        xmlStopParser(ctx.assumingMemoryBound(to: xmlParserCtxt.self))
    }

    // MARK: Locations

    /// Where an element starts: its `<` in the document, or the reference that brought it.
    func locateElement(fromEntity: Bool) -> SourceLocation {
        if fromEntity { return referenceLocation() }
        if let position = scanner?.popElementStart() {
            return SourceLocation(file: session.inputName, line: position.line, column: position.column)
        }
        return session.parserLocation(withColumn: false)
    }

    /// Where the entity reference being expanded was written (its line at least).
    func referenceLocation() -> SourceLocation {
        if let position = scanner?.peekEntityReference() {
            return SourceLocation(file: session.inputName, line: position.line, column: position.column)
        }
        return session.parserLocation(withColumn: false)
    }
}

/// Calls `body` with the walker behind a callback's context (the document's, or one parsing
/// entity text). The walker outlives the parse, so no reference is counted for the call.
@inline(__always)
private func withWalker<R>(_ ctx: UnsafeMutableRawPointer?, _ body: (XMLDocumentWalker) -> R) -> R {
    let context = ctx.unsafelyUnwrapped.assumingMemoryBound(to: xmlParserCtxt.self)
    return Unmanaged<XMLDocumentWalker>.fromOpaque(context.pointee._private.unsafelyUnwrapped)
        ._withUnsafeGuaranteedRef(body)
}
