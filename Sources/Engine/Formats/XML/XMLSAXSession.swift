internal import CLibXML2

/// One libxml2 SAX2 parse of a `ByteSource`: the options restmap always uses,
/// errors captured instead of printed, and the C objects freed with the session.
///
/// libxml2's pull parser (`xmlParseDocument` over an I/O callback) runs the document through
/// the caller's SAX2 callbacks; no tree is built. The callbacks find their owner through the
/// context's `_private`, which libxml2 copies into the contexts it makes to parse entity
/// replacement text, and they receive a context (the document's, or such an entity context)
/// as their first argument: `userData` is left as the context itself.
///
/// Error positions are those of libxml2's push parser, which restmap used before (through
/// `xmlTextReader`) and which costs some 12% more to run: the pull parser sees the input
/// through a window of about 4 KB and reports three errors elsewhere, which are moved back
/// (see `record`): the end of an unclosed element followed by a single byte, an over-long
/// name, an over-long attribute value.
///
/// Options, entity and network rules are `LibXML2`'s, as for every reader: the walker counts
/// internal entities' text against an `XMLEntityBudget`; external and undeclared references
/// come out as `reference` callbacks only.
final class XMLSAXSession {
    /// An error libxml2 reported, as it reported it.
    struct ReportedError {
        var message: String
        var line: Int
        var column: Int
        var code: Int32
        /// What restmap reports it as: `xmlTooDeep` for libxml2's own nesting bound,
        /// `xmlEntityBomb`, `xmlTooLong`, otherwise `xmlMalformed`.
        var diagnosticCode: DiagnosticCode
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

    /// Sets up a parse of `source` through `handler`; the caller sets the context's `_private`
    /// (which libxml2 passes on to entity contexts) before parsing. `nestingLimit` is the
    /// depth the caller allows; above libxml2's default of 256 the library bound is raised to
    /// `XMLNestingLimit.libxml2Maximum`.
    init(
        source: ByteSource, nestingLimit: Int, scanner: XMLMarkupScanner?, supply: XMLChunkSupply? = nil,
        handler: inout xmlSAXHandler
    ) throws {
        LibXML2.prepare()
        if nestingLimit > XMLNestingLimit.libxml2Default { XMLNestingLimit.raiseLibXML2Bound() }
        let feed = XMLInputFeed(source: source)
        feed.scanner = scanner
        feed.supply = supply
        self.feed = feed
        self.inputName = source.name
        let created = xmlCreateIOParserCtxt(
            &handler, nil,
            { context, buffer, length in
                guard let context, let buffer, length > 0 else { return length == 0 ? 0 : -1 }
                return Unmanaged<XMLInputFeed>.fromOpaque(context)._withUnsafeGuaranteedRef {
                    $0.fill(buffer, capacity: Int(length))
                }
            },
            nil, Unmanaged.passUnretained(feed).toOpaque(), XML_CHAR_ENCODING_NONE)
        guard let created else {
            if let error = feed.error { throw error }
            throw RestmapError.data(.xmlParserUnavailable, "cannot start the XML parser", at: .file(source.name))
        }
        context = created
        LibXML2.configure(context)
        // The document's errors then carry a file name; those in entity text have none.
        if let input = context.pointee.input, input.pointee.filename == nil, let name = xmlStrdup(Self.documentURL) {
            input.pointee.filename = UnsafePointer(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        }
    }

    deinit {
        if let document = context.pointee.myDoc {
            context.pointee.myDoc = nil
            xmlFreeDoc(document)
        }
        xmlFreeParserCtxt(context)
    }

    /// Runs the whole parse; the callbacks see everything, and `afterChunk` runs after libxml2
    /// has taken each chunk of input (before the next is read) and at the end; its error ends
    /// the parse and is rethrown. True when libxml2 found the document well formed (it may
    /// also have been stopped: the caller knows why).
    func parse(afterChunk: () throws -> Void) throws -> Bool {
        var pending: (any Error)?
        try withoutActuallyEscaping(afterChunk) { afterChunk in
            feed.beforeChunk = {
                do {
                    try afterChunk()
                    return true
                } catch {
                    pending = error
                    return false
                }
            }
            defer { feed.beforeChunk = nil }
            _ = xmlParseDocument(context)
            if pending == nil { try afterChunk() }
        }
        if let pending { throw pending }
        return context.pointee.wellFormed != 0
    }

    /// Where the last markup of the document proper ended (kept by the walker): for
    /// "Premature end of data" after a single trailing byte, which the push parser leaves
    /// unread.
    var markupEndLine: Int32 = 1
    var markupEndColumn: Int32 = 1
    var markupEndOffset = 0

    /// How many bytes (after decoding to UTF-8) the parser has read of its input.
    @inline(__always)
    static func offset(of input: xmlParserInputPtr) -> Int {
        guard let cursor = input.pointee.cur, let base = input.pointee.base else { return 0 }
        return Int(input.pointee.consumed) &+ (cursor - base)
    }

    /// Records an error libxml2 reported (through the handler's `serror`).
    func record(_ error: xmlError) {
        guard error.level == XML_ERR_FATAL || error.level == XML_ERR_ERROR else { return }
        if error.level == XML_ERR_FATAL ? firstFatalError != nil : firstError != nil { return }
        var message = error.message.map { Self.cleanMessage(String(cString: $0)) } ?? "malformed XML"
        var diagnosticCode = DiagnosticCode.xmlMalformed
        let raisingContext = error.ctxt?.assumingMemoryBound(to: xmlParserCtxt.self)
        if let raisingContext,
            XMLNestingLimit.isLibXML2Bound(errorCode: Int32(error.code), openElements: raisingContext.pointee.nameNr)
        {
            diagnosticCode = .xmlTooDeep
        } else if error.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) {
            diagnosticCode = .xmlEntityBomb
            // libxml2's wording for both real loops and its amplification check.
            message = "Detected an entity reference loop or an exponential entity expansion "
                + "(an entity-expansion bomb such as billion laughs)"
        } else if error.code == Int32(XML_ERR_DOCUMENT_EMPTY.rawValue) {
            message = "Document is empty"  // the pull parser's other wording of it: "Start tag expected"
        }
        var line = Int(error.line)
        var column = Int(error.int2)
        let input = raisingContext?.pointee.input
        // libxml2 2.9.14 has no code of its own for its lookahead bound: it is an internal
        // error whose argument (not its formatted message) names it.
        if error.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue),
            error.str1.map({ String(cString: $0) }) == "Huge input lookup"
        {
            diagnosticCode = .xmlTooLong
            message = "markup (a tag or attribute value) longer than libxml2's limit of 10,000,000 bytes"
            if let input, let quote = Self.openAttributeValue(input, column: column) {
                message = "AttValue length too long"
                column = quote
            }
        } else if error.code == Int32(XML_ERR_NAME_TOO_LONG.rawValue), let input {
            column = Self.nameStart(input, column: column)
        } else if error.code == Int32(XML_ERR_TAG_NOT_FINISHED.rawValue), let input,
            Self.offset(of: input) - markupEndOffset == 1
        {
            line = Int(markupEndLine)
            column = Int(markupEndColumn)
        }
        if error.file == nil {
            // Raised while parsing an entity's replacement text: its line and column count
            // from the start of that text. Where the document's parser stands is the reference.
            line = Int(context.pointee.input?.pointee.line ?? 0)
            column = Int(context.pointee.input?.pointee.col ?? 0)
        }
        let reported = ReportedError(
            message: message, line: line, column: column, code: Int32(error.code), diagnosticCode: diagnosticCode)
        if error.level == XML_ERR_FATAL {
            firstFatalError = reported
            feed.stop()  // nothing after the first fatal error is used: stop reading
        } else {
            firstError = reported
        }
    }

    /// The column where the name ending at the parser's position starts (libxml2 has read
    /// the whole of an over-long name before refusing it).
    private static func nameStart(_ input: xmlParserInputPtr, column: Int) -> Int {
        guard let base = input.pointee.base, var cursor = input.pointee.cur else { return column }
        var characters = 0
        while cursor > base {
            let byte = (cursor - 1).pointee
            if byte < 0x80 && !isNameByte(byte) { break }
            cursor -= 1
            if byte & 0xC0 != 0x80 { characters += 1 }
        }
        return column - characters > 0 ? column - characters : column
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// When the parser stands in an attribute value of the start tag it is reading, the
    /// column of the value's opening quote (where the push parser reports an over-long
    /// value); nil otherwise, or when a line break lies in between.
    private static func openAttributeValue(_ input: xmlParserInputPtr, column: Int) -> Int? {
        guard let base = input.pointee.base, let cursor = input.pointee.cur, cursor > base else { return nil }
        // The tag's `<`: attribute values cannot hold one.
        var tag = cursor
        while tag > base && tag.pointee != UInt8(ascii: "<") { tag -= 1 }
        guard tag.pointee == UInt8(ascii: "<") else { return nil }
        // Read the tag forward: name, then `name = "value"` pairs, to the value left open.
        var p = tag + 1
        var quote: UnsafePointer<UInt8>?
        while p < cursor {
            let byte = p.pointee
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                var close = p + 1
                while close < cursor && close.pointee != byte { close += 1 }
                if close >= cursor {
                    quote = p
                    break
                }
                p = close + 1
            } else if byte == UInt8(ascii: ">") {
                return nil
            } else {
                p += 1
            }
        }
        guard let quote else { return nil }
        var characters = 0
        var q = quote
        while q < cursor {
            if q.pointee == 0x0A || q.pointee == 0x0D { return nil }
            if q.pointee & 0xC0 != 0x80 { characters += 1 }
            q += 1
        }
        return column - characters > 0 ? column - characters : nil
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
            return RestmapError.data(.xmlMalformed, "malformed XML", at: .file(inputName))
        }
        let location = SourceLocation(
            file: inputName, line: reported.line > 0 ? reported.line : nil,
            column: reported.line > 0 && reported.column > 0 ? reported.column : nil)
        if reported.diagnosticCode == .xmlTooDeep {
            return XMLNestingLimit.error(limit: nestingLimit, at: location)
        }
        return RestmapError.data(reported.diagnosticCode, reported.message, at: location)
    }

    /// Where the document's parser stands: its line, and its column when `withColumn`.
    func parserLocation(withColumn: Bool = true) -> SourceLocation {
        guard let input = context.pointee.input else { return .file(inputName) }
        return SourceLocation(
            file: inputName, line: Int(input.pointee.line), column: withColumn ? Int(input.pointee.col) : nil)
    }
}
