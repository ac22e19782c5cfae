internal import CLibXML2

/// One element of a Core Data model's `contents`, with its XML attributes and the line and
/// column where its start tag begins. The model format is shallow and small, so the loader
/// reads it into this little tree first and interprets it afterwards, free of libxml2
/// pointers. Text content is dropped: the format keeps everything in XML attributes.
struct CoreDataXMLElement: Sendable {
    var name: String
    var attributes: [String: String]
    var children: [CoreDataXMLElement]
    var location: SourceLocation

    /// The value of an XML attribute, or nil when it is absent.
    subscript(attribute: String) -> String? { attributes[attribute] }

    /// Core Data writes booleans as `YES`/`NO`; a missing one means NO.
    func flag(_ attribute: String) -> Bool { attributes[attribute] == "YES" }

    /// The children with the given element name, in document order.
    func children(named name: String) -> [CoreDataXMLElement] {
        children.filter { $0.name == name }
    }
}

extension CoreDataXMLElement {
    /// Parses a whole document with libxml2's SAX2 interface, set up as every reader is
    /// (`LibXML2`: nothing fetched, entity expansion bounded), and returns its root element.
    /// Entity text never reaches the tree: only elements and attributes are read. A document
    /// that is not well-formed fails with libxml2's message at its line and column.
    static func parseDocument(_ bytes: [UInt8], file: String) throws -> CoreDataXMLElement {
        guard !bytes.isEmpty else { throw RestmapError.usage(.modelMalformed, "the model file is empty", at: .file(file)) }
        LibXML2.prepare()
        let builder = CoreDataXMLTreeBuilder(bytes: bytes, file: file)
        let parsed: Bool = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let context = xmlCreateMemoryParserCtxt(
                    UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(clamping: buffer.count))
            else { return false }
            defer { xmlFreeParserCtxt(context) }
            builder.context = context
            defer { builder.context = nil }
            context.pointee.sax.pointee = CoreDataXMLTreeBuilder.makeHandler()
            context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
            LibXML2.configure(context)
            let status = xmlParseDocument(context)
            if builder.failure == nil, status != 0 || context.pointee.wellFormed == 0 {
                builder.recordFailure(xmlCtxtGetLastError(UnsafeMutableRawPointer(context)))
            }
            return builder.failure == nil
        }
        if let failure = builder.failure { throw RestmapError.usage(.modelMalformed, failure.message, at: failure.location) }
        guard parsed, let root = builder.root else {
            throw RestmapError.usage(.xmlParserUnavailable, "cannot parse the model: libxml2 could not start", at: .file(file))
        }
        return root
    }
}

/// Receives libxml2's SAX2 callbacks and assembles `CoreDataXMLElement`s. It locates each
/// start tag by the parser's byte offset (libxml2 reports elements where their start tag
/// ends), scanning back to the `<`, which cannot occur inside an attribute value.
private final class CoreDataXMLTreeBuilder {
    let bytes: [UInt8]
    let file: String
    var context: xmlParserCtxtPtr?
    var stack: [CoreDataXMLElement] = []
    var root: CoreDataXMLElement?
    var failure: (message: String, location: SourceLocation)?
    /// Byte offsets at which lines start, for turning offsets into line and column.
    private lazy var lineStarts: [Int] = {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        return starts
    }()

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The SAX2 handler: only elements and errors matter for the model format.
    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        LibXML2.closeExternalAccess(&handler)
        handler.startElementNs = { userData, localName, prefix, _, _, _, count, _, values in
            guard let userData, let localName else { return }
            let builder = Unmanaged<CoreDataXMLTreeBuilder>.fromOpaque(userData).takeUnretainedValue()
            var name = String(cString: localName)
            if let prefix { name = String(cString: prefix) + ":" + name }
            var attributes: [String: String] = [:]
            if let values {
                for index in 0..<Int(count) {
                    guard let key = values[index * 5], let start = values[index * 5 + 3],
                        let end = values[index * 5 + 4]
                    else { continue }
                    let buffer = UnsafeBufferPointer(start: start, count: start.distance(to: end))
                    attributes[String(cString: key)] = String(decoding: buffer, as: UTF8.self)
                }
            }
            builder.startElement(name: name, attributes: attributes)
        }
        handler.endElementNs = { userData, _, _, _ in
            guard let userData else { return }
            Unmanaged<CoreDataXMLTreeBuilder>.fromOpaque(userData).takeUnretainedValue().endElement()
        }
        handler.serror = { userData, error in
            guard let userData else { return }
            Unmanaged<CoreDataXMLTreeBuilder>.fromOpaque(userData).takeUnretainedValue().recordFailure(error)
        }
        return handler
    }

    func startElement(name: String, attributes: [String: String]) {
        stack.append(CoreDataXMLElement(
            name: name, attributes: attributes, children: [], location: currentStartTagLocation()))
    }

    func endElement() {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    /// Keeps the first error (later ones are usually consequences of it); warnings are ignored.
    func recordFailure(_ error: xmlErrorPtr?) {
        guard failure == nil else { return }
        guard let error else {
            failure = ("malformed XML", .file(file))
            return
        }
        guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        while message.last?.isWhitespace == true { message.removeLast() }
        let line = Int(error.pointee.line)
        let column = Int(error.pointee.int2)
        let location = SourceLocation(
            file: file, line: line > 0 ? line : nil, column: line > 0 && column > 0 ? column : nil)
        failure = ("malformed XML: \(message)", location)
    }

    /// Where the start tag being reported begins.
    private func currentStartTagLocation() -> SourceLocation {
        guard let context else { return .file(file) }
        var offset = min(Int(xmlByteConsumed(context)), bytes.count) - 1
        while offset >= 0, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
        guard offset >= 0 else {
            // Not expected for UTF-8 input; fall back to where libxml2 is (the tag's end).
            guard let input = context.pointee.input else { return .file(file) }
            return SourceLocation(file: file, line: Int(input.pointee.line), column: Int(input.pointee.col))
        }
        return location(ofOffset: offset)
    }

    /// 1-based line and column (in characters, as libxml2 counts them) of a byte offset.
    private func location(ofOffset offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = bytes[lineStarts[low]..<offset].reduce(1) { count, byte in
            byte & 0xC0 == 0x80 ? count : count + 1
        }
        return SourceLocation(file: file, line: low + 1, column: column)
    }
}
