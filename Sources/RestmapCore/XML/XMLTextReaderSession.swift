import CLibXML2

/// One libxml2 `xmlTextReader` pulling from a `ByteSource`: the options restmap always uses,
/// errors captured instead of printed, and the C objects freed with the session.
///
/// Security-relevant choices (verified against libxml2 2.9.14):
/// - `XML_PARSE_NONET`, and never `XML_PARSE_NOENT`, `DTDLOAD`, `DTDATTR`, `DTDVALID` or
///   `XINCLUDE`: without them libxml2 loads no external DTD, no external parameter entity and
///   no external general entity; references come out as entity-reference nodes, which the
///   walker expands itself (internal ones, bounded) or reports (external ones).
/// - Never `XML_PARSE_HUGE`: in 2.9.14 it removes the nesting bound altogether (not 2048) and
///   switches off libxml2's entity-amplification checks, so that a billion-laughs bomb in an
///   attribute value hangs inside libxml2. Deeper nesting comes from raising
///   `xmlParserMaxDepth` instead (see `XMLNestingLimit`).
final class XMLTextReaderSession {
    /// An error libxml2 reported, as it reported it.
    struct ReportedError {
        var message: String
        var line: Int
        var column: Int
        var code: Int32
    }

    let reader: xmlTextReaderPtr
    let feed: XMLInputFeed
    let inputName: String
    /// The first fatal error (well-formedness) libxml2 reported; the one worth showing.
    private(set) var firstFatalError: ReportedError?
    private var firstError: ReportedError?

    /// Given as the document's URL so that errors in the document proper carry a file name,
    /// while errors inside entity replacement text (parsed from a string) carry none.
    private static let documentURL = "payload.xml"

    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// Opens a reader on `source`. `nestingLimit` is the depth the caller allows; above
    /// libxml2's default of 256 the library bound is raised to `XMLNestingLimit.libxml2Maximum`.
    init(source: ByteSource, nestingLimit: Int, scanner: XMLMarkupScanner?) throws {
        LibXML2.prepare()
        if nestingLimit > XMLNestingLimit.libxml2Default { XMLNestingLimit.raiseLibXML2Bound() }
        let feed = XMLInputFeed(source: source)
        feed.scanner = scanner
        self.feed = feed
        self.inputName = source.name
        let context = Unmanaged.passUnretained(feed).toOpaque()
        let created = xmlReaderForIO(
            { context, buffer, length in
                guard let context, let buffer, length > 0 else { return length == 0 ? 0 : -1 }
                let feed = Unmanaged<XMLInputFeed>.fromOpaque(context).takeUnretainedValue()
                return feed.fill(buffer, capacity: Int(length))
            },
            nil, context, Self.documentURL, nil, Self.options)
        guard let created else {
            if let error = feed.error { throw error }
            throw RestmapError.data("cannot start the XML parser", at: .file(source.name))
        }
        reader = created
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error else { return }
                let session = Unmanaged<XMLTextReaderSession>.fromOpaque(context).takeUnretainedValue()
                session.record(error.pointee)
            },
            Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    private func record(_ error: xmlError) {
        guard error.level == XML_ERR_FATAL || error.level == XML_ERR_ERROR else { return }
        if error.level == XML_ERR_FATAL ? firstFatalError != nil : firstError != nil { return }
        var message = error.message.map { Self.cleanMessage(String(cString: $0)) } ?? "malformed XML"
        if error.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) {
            // libxml2's wording for both real loops and its amplification check.
            message = "Detected an entity reference loop or an exponential entity expansion "
                + "(an entity-expansion bomb such as billion laughs)"
        } else if message.hasSuffix("huge text node") {
            message = "text longer than libxml2's limit of 10,000,000 bytes (\(message))"
        } else if message.hasSuffix("Huge input lookup") {
            message = "markup (a tag or attribute value) longer than libxml2's limit of 10,000,000 bytes"
        } else if error.code == Int32(XML_ERR_DOCUMENT_END.rawValue), let context = error.ctxt {
            message = Self.endOfInputMessage(
                context.assumingMemoryBound(to: xmlParserCtxt.self).pointee, libxml2Message: message)
        }
        var line = Int(error.line)
        var column = Int(error.int2)
        if error.file == nil {
            // Raised while parsing an entity's replacement text: its line and column count
            // from the start of that text. Where the document's parser stands is the reference.
            line = Int(xmlTextReaderGetParserLineNumber(reader))
            column = Int(xmlTextReaderGetParserColumnNumber(reader))
        }
        let reported = ReportedError(message: message, line: line, column: column, code: Int32(error.code))
        if error.level == XML_ERR_FATAL { firstFatalError = reported } else { firstError = reported }
    }

    /// libxml2's push parser (which the reader uses) says "Extra content at the end of the
    /// document" both for real extra content and for input that ends too early. The parser's
    /// state tells them apart; the wording then follows libxml2's pull parser.
    private static func endOfInputMessage(_ context: xmlParserCtxt, libxml2Message: String) -> String {
        guard context.instate != XML_PARSER_EPILOG else { return libxml2Message }
        if context.nameNr > 0, let name = context.name {
            var message = "Premature end of data in tag \(XMLText.string(name))"
            if let node = context.node, node.pointee.type == XML_ELEMENT_NODE, node.pointee.line > 0,
                node.pointee.line < 65535
            {
                message += " line \(node.pointee.line)"
            }
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

    /// The error to throw after `xmlTextReaderRead` returned -1.
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

    /// Where the parser is: the best location available for problems found between nodes.
    var parserLocation: SourceLocation {
        SourceLocation(
            file: inputName, line: Int(xmlTextReaderGetParserLineNumber(reader)),
            column: Int(xmlTextReaderGetParserColumnNumber(reader)))
    }
}
