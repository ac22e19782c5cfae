internal import CLibXML2

/// Reads an XML property list through libxml2's SAX interface into a `PlistNode` tree in
/// which every value and every dictionary key knows its line and column. SAX (rather than
/// a DOM) is what gives columns: at each start tag the parser's input position is known,
/// and the tag's `<` is found from there.
///
/// Nothing is ever fetched: no DTD, no external entity, no network. Entity references other
/// than the predefined and character ones are rejected — a config has no use for them and
/// they are how XML bombs work.
struct XMLPlistReader {
    init() {}

    /// Parses `bytes` (the whole file) named `file` in diagnostics.
    /// - Throws: `RestmapError` (usage kind) with the located problem.
    func read(_ bytes: [UInt8], file: String) throws -> PlistNode {
        LibXML2.prepare()
        // Attributes past the cap would cost libxml2 quadratic time: counted before it runs.
        let scanner = XMLMarkupScanner(recordsPositions: false)
        bytes.withUnsafeBytes { scanner.scan($0) }
        if let crowded = scanner.crowdedElement {
            throw RestmapError(.usage, diagnostics: XMLInputFeed.crowdedError(crowded, scanner, file).diagnostics)
        }
        guard let context = xmlNewParserCtxt() else {
            throw RestmapError.usage(.xmlParserUnavailable, "cannot create an XML parser", at: .file(file))
        }
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(context)
        }
        let builder = XMLPlistBuilder(file: file, lines: LineTable(bytes))
        let unmanaged = Unmanaged.passRetained(builder)
        defer { unmanaged.release() }
        context.pointee._private = unmanaged.toOpaque()
        installHandlers(on: context.pointee.sax)

        let document = bytes.withUnsafeBufferPointer { buffer -> xmlDocPtr? in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(context, chars.baseAddress, Int32(clamping: chars.count), file, nil, LibXML2.options)
            }
        }
        if let document {
            xmlFreeDoc(document)
            context.pointee.myDoc = nil
        }
        if let problem = builder.problem {
            throw RestmapError(.usage, problem)
        }
        if context.pointee.wellFormed == 0 || document == nil {
            throw RestmapError(.usage, builder.firstXMLError ?? libxmlDiagnostic(context, file: file))
        }
        guard let root = builder.root else {
            throw RestmapError.usage(.plistInvalidStructure, "the property list holds no value", at: .file(file))
        }
        return root
    }

    private func libxmlDiagnostic(_ context: xmlParserCtxtPtr, file: String) -> Diagnostic {
        guard let error = xmlCtxtGetLastError(context) else {
            return .error(.plistMalformed, "malformed XML property list", at: .file(file))
        }
        return XMLPlistReader.diagnostic(from: error.pointee, file: file)
    }

    /// libxml2's error as a located diagnostic (its message without the trailing newline).
    static func diagnostic(from error: xmlError, file: String) -> Diagnostic {
        var message = error.message.map { String(cString: $0) } ?? "malformed XML"
        while message.last == "\n" || message.last == " " { message.removeLast() }
        let line = Int(error.line)
        let column = Int(error.int2)
        return .error(
            .plistMalformed, message,
            at: SourceLocation(file: file, line: line > 0 ? line : nil, column: column > 0 ? column : nil))
    }

    private func installHandlers(on sax: UnsafeMutablePointer<xmlSAXHandler>?) {
        guard let sax else { return }
        sax.pointee.startElementNs = { context, name, _, _, _, _, _, _, _ in
            guard let (builder, parser) = XMLPlistBuilder.from(context), let name else { return }
            builder.startElement(String(cString: name), at: builder.location(parser, offset: XMLPlistBuilder.tagStart(parser)))
            if builder.problem != nil { xmlStopParser(parser) }
        }
        sax.pointee.endElementNs = { context, _, _, _ in
            guard let (builder, parser) = XMLPlistBuilder.from(context) else { return }
            builder.endElement()
            if builder.problem != nil { xmlStopParser(parser) }
        }
        let characters: charactersSAXFunc = { context, text, length in
            guard let (builder, parser) = XMLPlistBuilder.from(context), let text else { return }
            builder.characters(UnsafeBufferPointer(start: text, count: Int(length)))
            if builder.problem != nil { xmlStopParser(parser) }
        }
        sax.pointee.characters = characters
        sax.pointee.cdataBlock = characters
        sax.pointee.ignorableWhitespace = characters
        sax.pointee.reference = { context, name in
            guard let (builder, parser) = XMLPlistBuilder.from(context) else { return }
            let entity = name.map { String(cString: $0) } ?? "?"
            builder.fail(
                .plistInvalidStructure, "entity reference '&\(entity);' is not allowed in a config",
                at: builder.location(parser, offset: XMLPlistBuilder.cursor(parser)))
            xmlStopParser(parser)
        }
        // libxml2 recovers after an error and reports follow-on ones; the first is the cause.
        sax.pointee.serror = { context, error in
            guard let (builder, _) = XMLPlistBuilder.from(context), let error else { return }
            guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, builder.firstXMLError == nil else { return }
            builder.firstXMLError = XMLPlistReader.diagnostic(from: error.pointee, file: builder.file)
        }
        // Entity declarations are how XML bombs and external-entity leaks start; a config
        // has no use for them.
        sax.pointee.entityDecl = { context, name, _, _, _, _ in
            guard let (builder, parser) = XMLPlistBuilder.from(context) else { return }
            let entity = name.map { String(cString: $0) } ?? "?"
            builder.fail(
                .plistInvalidStructure, "entity declarations are not allowed in a config (<!ENTITY \(entity) ...>)",
                at: builder.location(parser, offset: XMLPlistBuilder.declarationStart(parser)))
            xmlStopParser(parser)
        }
        LibXML2.closeExternalAccess(&sax.pointee)
    }
}

/// The state of one XML plist parse: a stack of open elements and the finished root.
private final class XMLPlistBuilder {
    /// An element being read, with what it has collected so far.
    struct Frame {
        var name: String
        var location: SourceLocation
        var text: [UInt8] = []
        var children: [PlistNode] = []
        /// Keys of a `<dict>` and the values read after each.
        var entries: [PlistNode.Entry] = []
        var pendingKey: (String, SourceLocation)?
    }

    let file: String
    let lines: LineTable
    var stack: [Frame] = []
    var root: PlistNode?
    var problem: Diagnostic?
    var firstXMLError: Diagnostic?
    static let maxDepth = 512

    init(file: String, lines: LineTable) {
        self.file = file
        self.lines = lines
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> (XMLPlistBuilder, xmlParserCtxtPtr)? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let raw = parser.pointee._private else { return nil }
        return (Unmanaged<XMLPlistBuilder>.fromOpaque(raw).takeUnretainedValue(), parser)
    }

    /// The byte offset of the parser's current position in the document. libxml2 drops
    /// consumed input from its buffer as it goes; `consumed` counts what it dropped.
    static func cursor(_ parser: xmlParserCtxtPtr) -> Int {
        guard let input = parser.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else {
            return 0
        }
        return Int(input.pointee.consumed) + (cur - base)
    }

    /// The byte offset of the `<` that opened the element just reported: the parser has
    /// consumed the start tag, so look back for it (`<` cannot occur inside a tag).
    static func tagStart(_ parser: xmlParserCtxtPtr) -> Int {
        guard let input = parser.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else {
            return 0
        }
        let consumed = Int(input.pointee.consumed)
        var pointer = cur
        while pointer > base {
            pointer -= 1
            if pointer.pointee == UInt8(ascii: "<") { return consumed + (pointer - base) }
        }
        return consumed + (cur - base)
    }

    /// The byte offset of the `<!` that opened the declaration just reported.
    static func declarationStart(_ parser: xmlParserCtxtPtr) -> Int {
        guard let input = parser.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else {
            return 0
        }
        var pointer = cur
        while pointer > base {
            pointer -= 1
            if pointer.pointee == UInt8(ascii: "<"), pointer + 1 < cur, (pointer + 1).pointee == UInt8(ascii: "!") {
                return Int(input.pointee.consumed) + (pointer - base)
            }
        }
        return Int(input.pointee.consumed) + (cur - base)
    }

    func location(_ offset: Int) -> SourceLocation {
        let (line, column) = lines.position(ofByte: offset)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// Where the parser is. Offsets index the document's bytes only when libxml2 reads it as
    /// UTF-8; a document it transcodes (UTF-16, Latin-1) gets libxml2's own line and column.
    func location(_ parser: xmlParserCtxtPtr, offset: Int) -> SourceLocation {
        if let input = parser.pointee.input, let buffer = input.pointee.buf, buffer.pointee.encoder != nil {
            return SourceLocation(file: file, line: Int(input.pointee.line), column: Int(input.pointee.col))
        }
        return location(offset)
    }

    func fail(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        if problem == nil { problem = .error(code, message, at: location) }
    }

    static let knownElements: Set<String> = [
        "plist", "dict", "array", "key", "string", "integer", "real", "true", "false", "date", "data",
    ]

    func startElement(_ name: String, at here: SourceLocation) {
        guard Self.knownElements.contains(name) else {
            fail(.plistInvalidStructure, "unknown property-list element <\(name)>", at: here)
            return
        }
        if stack.isEmpty {
            if name == "key" {
                fail(.plistInvalidStructure, "<key> can only appear inside <dict>", at: here)
                return
            }
            if name != "plist" && root != nil {
                fail(.plistInvalidStructure, "a property list holds one root value", at: here)
                return
            }
        } else {
            let parent = stack[stack.count - 1]
            switch parent.name {
            case "plist", "array":
                if parent.name == "plist" && !parent.children.isEmpty {
                    fail(.plistInvalidStructure, "<plist> holds exactly one value; found a second one, <\(name)>", at: here)
                    return
                }
            case "dict":
                if name == "key" {
                    if let (key, keyLocation) = parent.pendingKey {
                        fail(.plistInvalidStructure, "key '\(key)' has no value", at: keyLocation)
                        return
                    }
                } else if parent.pendingKey == nil {
                    fail(.plistInvalidStructure, "a value in <dict> must follow a <key>; found <\(name)>", at: here)
                    return
                }
            default:
                fail(.plistInvalidStructure, "<\(parent.name)> cannot contain <\(name)>", at: here)
                return
            }
            if name == "plist" {
                fail(.plistInvalidStructure, "<plist> can only be the root element", at: here)
                return
            }
            if name == "key" && parent.name != "dict" {
                fail(.plistInvalidStructure, "<key> can only appear inside <dict>", at: here)
                return
            }
        }
        if stack.count >= Self.maxDepth {
            fail(.plistTooDeep, "the property list nests deeper than \(Self.maxDepth) levels", at: here)
            return
        }
        stack.append(Frame(name: name, location: here))
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>) {
        guard !stack.isEmpty else { return }
        switch stack[stack.count - 1].name {
        case "key", "string", "integer", "real", "date", "data":
            stack[stack.count - 1].text.append(contentsOf: text)
        default:
            if text.contains(where: { !Self.isBlank($0) }) {
                let frame = stack[stack.count - 1]
                fail(.plistInvalidStructure, "unexpected text inside <\(frame.name)>", at: frame.location)
            }
        }
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    func endElement() {
        guard let frame = stack.popLast() else { return }
        let node: PlistNode
        let text = String(decoding: frame.text, as: UTF8.self)
        switch frame.name {
        case "key":
            stack[stack.count - 1].pendingKey = (text, frame.location)
            return
        case "plist":
            guard let value = frame.children.first else {
                fail(.plistInvalidStructure, "<plist> holds no value", at: frame.location)
                return
            }
            root = value
            return
        case "dict":
            if let (key, keyLocation) = frame.pendingKey {
                fail(.plistInvalidStructure, "key '\(key)' has no value", at: keyLocation)
                return
            }
            node = PlistNode(.dictionary(frame.entries), at: frame.location)
        case "array":
            node = PlistNode(.array(frame.children), at: frame.location)
        case "string":
            node = PlistNode(.string(text), at: frame.location)
        case "integer":
            let trimmed = Self.trim(text)
            guard Self.isInteger(trimmed) else {
                fail(.plistInvalidValue, "<integer> holds '\(trimmed)', which is not an integer", at: frame.location)
                return
            }
            node = PlistNode(.integer(trimmed), at: frame.location)
        case "real":
            let trimmed = Self.trim(text)
            guard Self.isReal(trimmed) else {
                fail(.plistInvalidValue, "<real> holds '\(trimmed)', which is not a number", at: frame.location)
                return
            }
            node = PlistNode(.real(trimmed), at: frame.location)
        case "true":
            node = PlistNode(.boolean(true), at: frame.location)
        case "false":
            node = PlistNode(.boolean(false), at: frame.location)
        case "date":
            node = PlistNode(.date(Self.trim(text)), at: frame.location)
        case "data":
            guard let bytes = Base64.decode(text) else {
                fail(.plistInvalidValue, "<data> does not hold valid base64", at: frame.location)
                return
            }
            node = PlistNode(.data(bytes), at: frame.location)
        default:
            return
        }
        attach(node)
    }

    private func attach(_ node: PlistNode) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        if stack[stack.count - 1].name == "dict" {
            guard let (key, keyLocation) = stack[stack.count - 1].pendingKey else { return }
            stack[stack.count - 1].entries.append(PlistNode.Entry(key: key, keyLocation: keyLocation, value: node))
            stack[stack.count - 1].pendingKey = nil
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    static func trim(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    static func isInteger(_ text: String) -> Bool {
        var body = Substring(text)
        if body.hasPrefix("-") || body.hasPrefix("+") { body = body.dropFirst() }
        if body.hasPrefix("0x") || body.hasPrefix("0X") {
            return body.count > 2 && body.dropFirst(2).allSatisfy(\.isHexDigit)
        }
        return !body.isEmpty && body.allSatisfy { $0.isASCII && $0.isNumber }
    }

    static func isReal(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if ["nan", "inf", "+inf", "-inf", "infinity", "-infinity"].contains(lowered) { return true }
        return Double(text) != nil
    }
}
