import CLibXML2

/// Walks one XML document through libxml2's reader, node by node, and feeds the elements that
/// are wanted to an `XMLElementAssembler`: the whole document, or only the elements at a key
/// path (each handed out as soon as it is complete, the rest parsed but never built).
///
/// Entity references reach it as nodes (the session never asks libxml2 to substitute): an
/// internal entity's parsed content is replayed as if written in place, under an
/// `XMLEntityBudget`; an external one contributes nothing and is reported once as a warning.
final class XMLDocumentWalker {
    /// What to build.
    enum Target {
        /// The whole document, `{ rootName: value(root) }`.
        case document
        /// The elements at this key path of element names (root first), one at a time.
        case elements(atPath: [String])
    }

    /// An element at the key path, complete.
    struct Item {
        var value: Value
        var locations: XMLLocationTree?
    }

    private let session: XMLTextReaderSession
    private let target: Target
    private let nestingLimit: Int
    private let diagnostics: DiagnosticLog?
    private let scanner: XMLMarkupScanner?
    private var assembler: XMLElementAssembler
    private var names = XMLNameTable()
    private var budget: XMLEntityBudget
    private var attributeText: [UInt8] = []
    private var warnedEntities: Set<String> = []

    /// Elements open, the root being depth 1.
    private var depth = 0
    /// Elements completed so far that were taken: the root in document mode; items otherwise.
    private(set) var completed: [Item] = []
    private(set) var rootName: String?
    /// Path mode: how many open elements, from the root, match the path's first segments.
    private var matchedDepth = 0
    /// Path mode: the deepest `matchedDepth` reached, and the keys seen at each matched level.
    private(set) var deepestMatch = 0
    private(set) var keysByLevel: [XMLKeyList]
    /// Where the entity reference being replayed was written; its content is located there.
    private var referenceLocation: SourceLocation?

    init(source: ByteSource, target: Target, maxDepth: Int, recordsLocations: Bool, diagnostics: DiagnosticLog?)
        throws
    {
        nestingLimit = XMLNestingLimit.effective(maxDepth)
        scanner = recordsLocations ? XMLMarkupScanner() : nil
        session = try XMLTextReaderSession(source: source, nestingLimit: nestingLimit, scanner: scanner)
        self.target = target
        self.diagnostics = diagnostics
        assembler = XMLElementAssembler(recordsLocations: recordsLocations)
        budget = XMLEntityBudget()
        if case .elements(let path) = target {
            keysByLevel = Array(repeating: XMLKeyList(), count: path.count)
        } else {
            keysByLevel = []
        }
    }

    /// Reads the next node; elements completed at the top of what is built (the root, or an
    /// item at the path) accumulate in `completed` until `drainCompleted`. Returns false at the
    /// end of the document.
    func step() throws -> Bool {
        let reader = session.reader
        let status = xmlTextReaderRead(reader)
        guard status == 1 else {
            if status == 0 { return try finish() }
            throw session.failure(nestingLimit: nestingLimit)
        }
        switch xmlTextReaderNodeType(reader) {
        case Self.elementType:
            guard let node = xmlTextReaderCurrentNode(reader) else { break }
            let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
            try startElement(node, location: scannedElementLocation())
            if isEmpty { try endElement() }
        case Self.endElementType:
            try endElement()
        case Self.textType, Self.cdataType:
            if assembler.depth > 0, let content = xmlTextReaderCurrentNode(reader)?.pointee.content {
                assembler.appendText(XMLText.bytes(content))
            }
        case Self.whitespaceType, Self.significantWhitespaceType:
            if assembler.depth > 0, let content = xmlTextReaderCurrentNode(reader)?.pointee.content {
                assembler.appendWhitespace(XMLText.bytes(content))
            }
        case Self.entityReferenceType:
            guard let node = xmlTextReaderCurrentNode(reader) else { break }
            referenceLocation = scannedReferenceLocation() ?? nodeLocation(node)
            defer { referenceLocation = nil }
            try replayReference(node, level: 1)
        default:
            break
        }
        return true
    }

    var hasCompleted: Bool { !completed.isEmpty }

    /// Hands out the completed items and forgets them, keeping the storage for the next ones.
    func drainCompleted(_ body: (Item) throws -> Void) throws {
        defer { completed.removeAll(keepingCapacity: true) }
        for item in completed { try body(item) }
    }

    private func finish() throws -> Bool {
        guard rootName != nil else {
            throw RestmapError.data("the XML document has no root element", at: .file(session.inputName))
        }
        return false
    }

    // MARK: Elements

    private func startElement(_ node: xmlNodePtr, location: SourceLocation?) throws {
        depth += 1
        if depth > nestingLimit {
            throw XMLNestingLimit.error(limit: nestingLimit, at: location ?? self.location(of: node))
        }
        if assembler.depth > 0 {
            try openForAssembly(node, location: location)
            return
        }
        let name = names.elementName(node)
        if depth == 1 { rootName = name.string }
        switch target {
        case .document:
            try openForAssembly(node, location: location, name: name)
        case .elements(let path):
            guard depth == matchedDepth + 1 else { return }  // inside a subtree off the path
            keysByLevel[matchedDepth].insert(name.string)
            guard name.string == path[matchedDepth] else { return }
            if depth == path.count {
                try openForAssembly(node, location: location, name: name)
            } else {
                matchedDepth += 1
                deepestMatch = max(deepestMatch, matchedDepth)
                var attribute = node.pointee.properties
                while let current = attribute {
                    keysByLevel[matchedDepth].insert(names.attributeName(current).string)
                    attribute = current.pointee.next
                }
            }
        }
    }

    private func openForAssembly(_ node: xmlNodePtr, location: SourceLocation?, name: XMLName? = nil) throws {
        let location = assembler.recordsLocations ? (location ?? referenceLocation ?? nodeLocation(node)) : nil
        assembler.open(name: name ?? names.elementName(node), location: location)
        var attribute = node.pointee.properties
        while let current = attribute {
            assembler.addAttribute(name: names.attributeName(current), value: try attributeValue(current))
            attribute = current.pointee.next
        }
    }

    private func endElement() throws {
        defer { depth -= 1 }
        if assembler.depth > 0 {
            let element = assembler.close()
            if assembler.depth > 0 {
                assembler.attach(element)
            } else {
                completed.append(Item(value: element.value, locations: element.locations))
            }
        } else if depth == matchedDepth {
            matchedDepth -= 1
        }
    }

    // MARK: Attributes

    /// An attribute's value; libxml2 leaves entity references in attribute values as nodes
    /// too, so values holding them are assembled here, under the same budget.
    private func attributeValue(_ attribute: xmlAttrPtr) throws -> String {
        guard let first = attribute.pointee.children else { return "" }
        if first.pointee.type == XML_TEXT_NODE && first.pointee.next == nil {
            guard let content = first.pointee.content else { return "" }
            return XMLText.string(content)
        }
        attributeText.removeAll(keepingCapacity: true)
        try appendAttributeText(first, level: 0, owner: attribute.pointee.parent ?? first)
        return String(decoding: attributeText, as: UTF8.self)
    }

    private func appendAttributeText(_ first: xmlNodePtr, level: Int, owner: xmlNodePtr) throws {
        var node: xmlNodePtr? = first
        while let current = node {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                let bytes = XMLText.bytes(content)
                if level > 0 { try charge(bytes.count, for: owner) }
                attributeText.append(contentsOf: bytes)
            } else if current.pointee.type == XML_ENTITY_REF_NODE, let entity = Self.entity(of: current),
                entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY, let children = entity.pointee.children
            {
                guard level < XMLEntityBudget.maximumNesting else { throw budget.nestingError(at: location(of: owner)) }
                try appendAttributeText(children, level: level + 1, owner: owner)
            }
            node = current.pointee.next
        }
    }

    // MARK: Entities

    /// Replays an entity reference met in content.
    private func replayReference(_ node: xmlNodePtr, level: Int) throws {
        let name = node.pointee.name.map { XMLText.string($0) } ?? ""
        guard let entity = Self.entity(of: node) else {
            warnOnce(name, "entity '\(name)' is not declared; the reference was left out", at: node)
            return
        }
        switch entity.pointee.etype {
        case XML_INTERNAL_GENERAL_ENTITY:
            guard level <= XMLEntityBudget.maximumNesting else { throw budget.nestingError(at: location(of: node)) }
            if let children = entity.pointee.children { try replay(children, level: level) }
        case XML_INTERNAL_PREDEFINED_ENTITY:
            if assembler.depth > 0, let content = entity.pointee.content {
                assembler.appendText(XMLText.bytes(content))
            }
        default:
            warnOnce(name, "external entity '\(name)' was not loaded", at: node)
        }
    }

    /// Feeds an entity's parsed content (a node list) as if it were written at the reference.
    private func replay(_ first: xmlNodePtr, level: Int) throws {
        var node: xmlNodePtr? = first
        while let current = node {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    let bytes = XMLText.bytes(content)
                    try charge(bytes.count, for: current)
                    if assembler.depth > 0 { assembler.appendText(bytes) }
                }
            case XML_ELEMENT_NODE:
                try charge(XMLEntityBudget.elementCost, for: current)
                try startElement(current, location: nil)
                if let children = current.pointee.children { try replay(children, level: level) }
                try endElement()
            case XML_ENTITY_REF_NODE:
                try replayReference(current, level: level + 1)
            default:
                break
            }
            node = current.pointee.next
        }
    }

    private func charge(_ bytes: Int, for node: xmlNodePtr) throws {
        try budget.charge(bytes, inputBytes: session.feed.bytesDelivered) { location(of: node) }
    }

    /// The entity a reference node points at (libxml2 keeps it in the node's `children`).
    private static func entity(of reference: xmlNodePtr) -> UnsafeMutablePointer<xmlEntity>? {
        guard let declaration = reference.pointee.children, declaration.pointee.type == XML_ENTITY_DECL else {
            return nil
        }
        return UnsafeMutableRawPointer(declaration).assumingMemoryBound(to: xmlEntity.self)
    }

    private func warnOnce(_ entityName: String, _ message: String, at node: xmlNodePtr) {
        guard let diagnostics, warnedEntities.insert(entityName).inserted else { return }
        diagnostics.warning(message, at: location(of: node))
    }

    // MARK: Locations

    private func scannedElementLocation() -> SourceLocation? {
        guard let position = scanner?.popElementStart() else { return nil }
        return SourceLocation(file: session.inputName, line: position.line, column: position.column)
    }

    private func scannedReferenceLocation() -> SourceLocation? {
        guard let position = scanner?.popEntityReference() else { return nil }
        return SourceLocation(file: session.inputName, line: position.line, column: position.column)
    }

    /// The best location for a node met outside the scanner's knowledge: the reference being
    /// replayed, else libxml2's line of the node or of its nearest element.
    private func location(of node: xmlNodePtr) -> SourceLocation {
        if let referenceLocation { return referenceLocation }
        return nodeLocation(node)
    }

    private func nodeLocation(_ node: xmlNodePtr) -> SourceLocation {
        var current: xmlNodePtr? = node
        while let candidate = current {
            switch candidate.pointee.type {
            case XML_ELEMENT_NODE, XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_ENTITY_REF_NODE:
                // Only these are xmlNode proper; attributes and entity declarations share the
                // header (type, parent) but have no `line`.
                let line = Int(candidate.pointee.line)
                if line == 65535 { return session.parserLocation }  // libxml2 2.9 saturates there
                if line > 0 { return SourceLocation(file: session.inputName, line: line) }
            case XML_ATTRIBUTE_NODE:
                break
            default:
                return session.parserLocation
            }
            current = candidate.pointee.parent
        }
        return session.parserLocation
    }

    private static let elementType = Int32(XML_READER_TYPE_ELEMENT.rawValue)
    private static let endElementType = Int32(XML_READER_TYPE_END_ELEMENT.rawValue)
    private static let textType = Int32(XML_READER_TYPE_TEXT.rawValue)
    private static let cdataType = Int32(XML_READER_TYPE_CDATA.rawValue)
    private static let whitespaceType = Int32(XML_READER_TYPE_WHITESPACE.rawValue)
    private static let significantWhitespaceType = Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue)
    private static let entityReferenceType = Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue)
}
