import CLibXML2

/// One libxml2 SAX2 parse of a `ByteSource`: the options restmap always uses,
/// errors captured instead of printed, and the C objects freed with the session.
///
/// libxml2's push parser (`xmlParseChunk`, fed 256 KiB at a time) runs the document through
/// the caller's SAX2 callbacks; no tree is built. (The pull parser, `xmlParseDocument` over an
/// I/O callback, costs about 5% fewer instructions, but it sees the input through a 4 KB
/// window and so reports some errors elsewhere: the end of trailing text for an unclosed
/// element, the end rather than the start of an over-long name or attribute value.) The callbacks find their owner through the
/// context's `_private`, which libxml2 copies into the contexts it makes to parse entity
/// replacement text, and they receive a context (the document's, or such an entity context)
/// as their first argument: `userData` is left as the context itself.
///
/// Security-relevant choices (verified against libxml2 2.9.14):
/// - `XML_PARSE_NONET`, and never `XML_PARSE_NOENT`, `DTDLOAD`, `DTDATTR`, `DTDVALID` or
///   `XINCLUDE`: without them libxml2 loads no external DTD, no external parameter entity and
///   no external general entity. A reference to an internal entity is expanded by libxml2,
///   which replays the entity's text through the same callbacks (after checking it for loops
///   and exponential growth); the walker counts that text against an `XMLEntityBudget`.
///   External and undeclared references come out as `reference` callbacks only.
/// - Never `XML_PARSE_HUGE`: in 2.9.14 it removes the nesting bound altogether (not 2048) and
///   switches off libxml2's entity-amplification checks, so that a billion-laughs bomb in an
///   attribute value hangs inside libxml2. Deeper nesting comes from raising
///   `xmlParserMaxDepth` instead (see `XMLNestingLimit`).
final class XMLSAXSession {
    /// An error libxml2 reported, as it reported it.
    struct ReportedError {
        var message: String
        var line: Int
        var column: Int
        var code: Int32
    }

    /// The document's parser context.
    let context: xmlParserCtxtPtr
    let feed: XMLInputFeed
    let inputName: String
    /// The first fatal error (well-formedness) libxml2 reported; the one worth showing.
    private(set) var firstFatalError: ReportedError?
    private var firstError: ReportedError?

    /// Given as the document's URL so that errors in the document proper carry a file name,
    /// while errors inside entity replacement text (parsed from a string) carry none.
    private static let documentURL = "payload.xml"

    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// Sets up a parse of `source` through `handler`; `owner` becomes the contexts' `_private`.
    /// `nestingLimit` is the depth the caller allows; above libxml2's default of 256 the
    /// library bound is raised to `XMLNestingLimit.libxml2Maximum`.
    init(
        source: ByteSource, nestingLimit: Int, scanner: XMLMarkupScanner?, handler: inout xmlSAXHandler,
        owner: UnsafeMutableRawPointer
    ) throws {
        LibXML2.prepare()
        if nestingLimit > XMLNestingLimit.libxml2Default { XMLNestingLimit.raiseLibXML2Bound() }
        let feed = XMLInputFeed(source: source)
        feed.scanner = scanner
        self.feed = feed
        self.inputName = source.name
        let created = xmlCreatePushParserCtxt(&handler, nil, nil, 0, Self.documentURL)
        guard let created else {
            if let error = feed.error { throw error }
            throw RestmapError.data("cannot start the XML parser", at: .file(source.name))
        }
        context = created
        _ = xmlCtxtUseOptions(context, Self.options)
        context.pointee._private = owner
    }

    deinit {
        if let document = context.pointee.myDoc {
            context.pointee.myDoc = nil
            xmlFreeDoc(document)
        }
        xmlFreeParserCtxt(context)
    }

    /// Runs the whole parse; the callbacks see everything, and `afterChunk` runs after each
    /// chunk (its error ends the parse). True when libxml2 found the document well formed (it
    /// may also have been stopped: the caller knows why).
    func parse(afterChunk: () throws -> Void) rethrows -> Bool {
        while let chunk = feed.nextChunk() {
            _ = xmlParseChunk(context, chunk.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(chunk.count), 0)
            try afterChunk()
            if context.pointee.instate == XML_PARSER_EOF { break }  // stopped, or a fatal error
        }
        _ = xmlParseChunk(context, nil, 0, 1)
        try afterChunk()
        return context.pointee.wellFormed != 0
    }

    /// Records an error libxml2 reported (through the handler's `serror`).
    func record(_ error: xmlError) {
        guard error.level == XML_ERR_FATAL || error.level == XML_ERR_ERROR else { return }
        if error.level == XML_ERR_FATAL ? firstFatalError != nil : firstError != nil { return }
        var message = error.message.map { Self.cleanMessage(String(cString: $0)) } ?? "malformed XML"
        if error.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) {
            // libxml2's wording for both real loops and its amplification check.
            message = "Detected an entity reference loop or an exponential entity expansion "
                + "(an entity-expansion bomb such as billion laughs)"
        } else if message.hasSuffix("Huge input lookup") {
            message = "markup (a tag or attribute value) longer than libxml2's limit of 10,000,000 bytes"
        } else if error.code == Int32(XML_ERR_DOCUMENT_END.rawValue), let context = error.ctxt {
            message = endOfInputMessage(
                context.assumingMemoryBound(to: xmlParserCtxt.self).pointee, libxml2Message: message)
        }
        var line = Int(error.line)
        var column = Int(error.int2)
        if error.file == nil {
            // Raised while parsing an entity's replacement text: its line and column count
            // from the start of that text. Where the document's parser stands is the reference.
            line = Int(context.pointee.input?.pointee.line ?? 0)
            column = Int(context.pointee.input?.pointee.col ?? 0)
        }
        let reported = ReportedError(message: message, line: line, column: column, code: Int32(error.code))
        if error.level == XML_ERR_FATAL {
            firstFatalError = reported
            feed.stop()  // nothing after the first fatal error is used: stop reading
        } else {
            firstError = reported
        }
    }

    /// The line of the innermost open element's start tag, for "Premature end of data" (a
    /// SAX parse keeps no nodes that would know it).
    var openElementLine: (() -> Int?)?

    /// libxml2's push parser says "Extra content at the end of the document" both for real
    /// extra content and for input that ends too early. The parser's state tells them apart;
    /// the wording then follows libxml2's pull parser.
    private func endOfInputMessage(_ context: xmlParserCtxt, libxml2Message: String) -> String {
        guard context.instate != XML_PARSER_EPILOG else { return libxml2Message }
        if context.nameNr > 0, let name = context.name {
            var message = "Premature end of data in tag \(XMLText.string(name))"
            if let line = openElementLine?() { message += " line \(line)" }
            return message
        }
        if context.instate == XML_PARSER_START || context.instate == XML_PARSER_MISC { return "Document is empty" }
        return "Premature end of data before the root element"
    }

    /// libxml2 messages end with a newline and sometimes hold one ("...encoding !\nBytes: 0xFF");
    /// a diagnostic is one line.
    static func cleanMessage(_ message: String) -> String {
        var lines: [String] = []
        for line in message.split(whereSeparator: \.isNewline) {
            guard let first = line.firstIndex(where: { !$0.isWhitespace }),
                let last = line.lastIndex(where: { !$0.isWhitespace })
            else { continue }
            lines.append(String(line[first...last]))
        }
        return lines.joined(separator: " ")
    }

    /// The error to throw for a document libxml2 did not find well formed.
    func failure(nestingLimit: Int) -> any Error {
        if let error = feed.error { return error }
        guard let reported = firstFatalError ?? firstError else {
            return RestmapError.data("malformed XML", at: .file(inputName))
        }
        let location = SourceLocation(
            file: inputName, line: reported.line > 0 ? reported.line : nil,
            column: reported.line > 0 && reported.column > 0 ? reported.column : nil)
        if reported.message.hasPrefix("Excessive depth in document") {
            return XMLNestingLimit.error(limit: nestingLimit, at: location)
        }
        return RestmapError.data(reported.message, at: location)
    }

    /// Where the document's parser stands: its line, and its column when `withColumn`.
    func parserLocation(withColumn: Bool = true) -> SourceLocation {
        guard let input = context.pointee.input else { return .file(inputName) }
        return SourceLocation(
            file: inputName, line: Int(input.pointee.line), column: withColumn ? Int(input.pointee.col) : nil)
    }
}
