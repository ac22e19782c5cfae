/// Finds where each start tag and each general entity reference begins, as the bytes flow to
/// libxml2. libxml2's SAX callbacks cannot say where a node began: a start tag is reported
/// once it has been read to its `>`, and an entity's content before the reference itself.
/// Start tags reach the callbacks in document order, so a queue of their positions, popped
/// once per element, gives each element the line and column of its `<`; references in
/// content likewise (the one at the front of the queue is the one being expanded).
///
/// The scanner only needs to be right for well-formed documents (libxml2 rejects the others):
/// it skips comments, CDATA sections, processing instructions, the DOCTYPE with its internal
/// subset, and quoted attribute values. Columns count characters, assuming UTF-8 (exact for
/// UTF-8 and ASCII; approximate for other 8-bit encodings). UTF-16 and UTF-32 input turn it
/// off, and callers fall back to libxml2's line numbers.
///
/// It also counts the attributes of each start tag, before libxml2 parses the tag: libxml2
/// 2.9 checks every attribute (and namespace declaration) against all earlier ones of its
/// element, so 400,000 of them take minutes. The first start tag with more than
/// `attributeLimit` is `crowdedElement`, and the feed stops the parse there. Counting also
/// runs on UTF-16 input (`XMLMarkupScanner+UTF16.swift`), and without positions (the fast
/// path of `map`, `XMLMarkupScanner+Fast.swift`), where text and end tags are skipped in bulk.
final class XMLMarkupScanner {
    /// A 1-based line and column.
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    /// Positions of start tags not yet claimed by an element.
    private(set) var elementStarts = PositionQueue()
    /// Positions of references to non-predefined general entities in content, not yet claimed.
    private(set) var entityReferences = PositionQueue()
    /// True once the input was seen to be UTF-16 or UTF-32.
    var isDisabled = false
    /// Whether start tags and references are queued (false: only attributes are counted).
    let recordsPositions: Bool
    /// Attributes allowed on one start tag, namespace declarations included.
    let attributeLimit: Int
    /// Where the first start tag with more than `attributeLimit` attributes begins.
    var crowdedElement: Position?
    var attributes = 0
    /// Fast path: where the start tag open at the end of the last chunk began.
    var openTagPosition = Position(line: 1, column: 1)
    /// UTF-16 input: the byte order, once the first two bytes told it.
    var wideOrder: WideOrder?
    var wideHeader: [UInt8] = []
    var halfUnit: UInt8?
    var firstByte: UInt8 = 0

    enum WideOrder { case bigEndian, littleEndian }

    init(recordsPositions: Bool = true, attributeLimit: Int = InputLimits.xmlAttributesPerElement) {
        self.recordsPositions = recordsPositions
        self.attributeLimit = attributeLimit
    }

    enum State {
        case content, tagOpen, startTag, endTag, reference
        case processingInstruction, bang, commentOpen, comment, cdataOpen, cdata
        case doctype, subset, subsetOpen, subsetBang, subsetCommentOpen, subsetComment
        case subsetProcessingInstruction, afterSubset
    }

    var state = State.content
    var quote: UInt8 = 0
    /// Progress through a closing sequence (`-->`, `]]>`, `?>`).
    var matched = 0
    var line = 1
    var column = 1
    var afterCarriageReturn = false
    var offset = 0
    private var byteOrderMarkBytes = 0
    private var markup = Position(line: 1, column: 1)
    private var referenceName: UInt64 = 0
    private var referenceLength = 0

    /// A scanner in this one's state, to scan the same bytes again (`XMLChunkSupply`).
    func copy() -> XMLMarkupScanner {
        let copy = XMLMarkupScanner(recordsPositions: recordsPositions, attributeLimit: attributeLimit)
        copy.elementStarts = elementStarts
        copy.entityReferences = entityReferences
        copy.isDisabled = isDisabled
        copy.crowdedElement = crowdedElement
        copy.attributes = attributes
        copy.openTagPosition = openTagPosition
        copy.wideOrder = wideOrder
        copy.wideHeader = wideHeader
        copy.halfUnit = halfUnit
        copy.firstByte = firstByte
        copy.state = state
        copy.quote = quote
        copy.matched = matched
        copy.line = line
        copy.column = column
        copy.afterCarriageReturn = afterCarriageReturn
        copy.offset = offset
        copy.byteOrderMarkBytes = byteOrderMarkBytes
        copy.markup = markup
        copy.referenceName = referenceName
        copy.referenceLength = referenceLength
        return copy
    }

    func popElementStart() -> Position? { elementStarts.pop() }
    func popEntityReference() -> Position? { entityReferences.pop() }
    func peekEntityReference() -> Position? { entityReferences.peek() }

    func scan(_ bytes: UnsafeRawBufferPointer) {
        if wideOrder != nil || !wideHeader.isEmpty {
            scanWide(bytes[...])
            return
        }
        guard !isDisabled else { return }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if offset < 3 {
                if offset < 2 && (byte == 0 || byte == 0xFE || byte == 0xFF) {
                    isDisabled = true  // UTF-16 or UTF-32: byte columns would be meaningless
                    startWide(bytes[index...])
                    return
                }
                if offset == 0 { firstByte = byte }
                if offset == byteOrderMarkBytes && byte == Self.byteOrderMark[offset] {
                    byteOrderMarkBytes += 1  // libxml2 skips a UTF-8 byte-order mark; so do columns
                    offset += 1
                    index += 1
                    continue
                }
            } else if !recordsPositions {
                scanFast(UnsafeRawBufferPointer(rebasing: bytes[index...]))
                return
            }
            offset &+= 1
            advanceState(byte)
            advancePosition(byte)
            index += 1
        }
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    func advancePosition(_ byte: UInt8) {
        switch byte {
        case 0x0A:
            if !afterCarriageReturn {
                line += 1
                column = 1
            }
            afterCarriageReturn = false
        case 0x0D:
            line += 1
            column = 1
            afterCarriageReturn = true
        default:
            afterCarriageReturn = false
            if byte & 0xC0 != 0x80 { column += 1 }
        }
    }

    func advanceState(_ byte: UInt8) {
        switch state {
        case .content:
            if byte == UInt8(ascii: "<") {
                markup = Position(line: line, column: column)
                state = .tagOpen
            } else if byte == UInt8(ascii: "&") {
                markup = Position(line: line, column: column)
                referenceName = 0
                referenceLength = 0
                state = .reference
            }
        case .reference:
            if byte == UInt8(ascii: ";") {
                if !isPredefinedEntity && recordsPositions && wideOrder == nil { entityReferences.push(markup) }
                state = .content
            } else if byte == UInt8(ascii: "#") && referenceLength == 0 {
                state = .content
            } else if byte == UInt8(ascii: "<") {
                state = .content
                advanceState(byte)
            } else {
                if referenceLength < 8 { referenceName = referenceName << 8 | UInt64(byte) }
                referenceLength += 1
            }
        case .tagOpen:
            switch byte {
            case UInt8(ascii: "/"): state = .endTag
            case UInt8(ascii: "!"): state = .bang
            case UInt8(ascii: "?"):
                matched = 0
                state = .processingInstruction
            default:
                if recordsPositions && wideOrder == nil { elementStarts.push(markup) }
                quote = 0
                attributes = 0
                state = .startTag
            }
        case .startTag:
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                state = .content
            } else if byte == UInt8(ascii: "=") {
                // Outside quotes, `=` in a start tag only ever joins an attribute to its value.
                attributes += 1
                if attributes > attributeLimit && crowdedElement == nil { crowdedElement = markup }
            }
        case .endTag:
            if byte == UInt8(ascii: ">") { state = .content }
        case .processingInstruction:
            if closes(byte, repeating: UInt8(ascii: "?"), count: 1) { state = .content }
        case .bang:
            switch byte {
            case UInt8(ascii: "-"): state = .commentOpen
            case UInt8(ascii: "["): state = .cdataOpen
            default:
                quote = 0
                state = .doctype
            }
        case .commentOpen:
            matched = 0
            state = byte == UInt8(ascii: "-") ? .comment : .content
        case .comment:
            if closes(byte, repeating: UInt8(ascii: "-"), count: 2) { state = .content }
        case .cdataOpen:
            if byte == UInt8(ascii: "[") {
                matched = 0
                state = .cdata
            }
        case .cdata:
            if closes(byte, repeating: UInt8(ascii: "]"), count: 2) { state = .content }
        case .doctype:
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                state = .subset
            } else if byte == UInt8(ascii: ">") {
                state = .content
            }
        case .subset:
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "<") {
                state = .subsetOpen
            } else if byte == UInt8(ascii: "]") {
                state = .afterSubset
            }
        case .subsetOpen:
            if byte == UInt8(ascii: "!") {
                state = .subsetBang
            } else if byte == UInt8(ascii: "?") {
                matched = 0
                state = .subsetProcessingInstruction
            } else {
                state = .subset
            }
        case .subsetBang:
            state = byte == UInt8(ascii: "-") ? .subsetCommentOpen : .subset
        case .subsetCommentOpen:
            matched = 0
            state = byte == UInt8(ascii: "-") ? .subsetComment : .subset
        case .subsetComment:
            if closes(byte, repeating: UInt8(ascii: "-"), count: 2) { state = .subset }
        case .subsetProcessingInstruction:
            if closes(byte, repeating: UInt8(ascii: "?"), count: 1) { state = .subset }
        case .afterSubset:
            if byte == UInt8(ascii: ">") { state = .content }
        }
    }

    /// Tracks a closing sequence: `count` times `mark`, then `>`.
    private func closes(_ byte: UInt8, repeating mark: UInt8, count: Int) -> Bool {
        if byte == mark {
            matched = min(matched + 1, count)
        } else if byte == UInt8(ascii: ">") && matched == count {
            return true
        } else {
            matched = 0
        }
        return false
    }

    /// `amp`, `lt`, `gt`, `quot` and `apos` never produce reference nodes.
    private var isPredefinedEntity: Bool {
        switch referenceLength {
        case 2: return referenceName == Self.lt || referenceName == Self.gt
        case 3: return referenceName == Self.amp
        case 4: return referenceName == Self.quot || referenceName == Self.apos
        default: return false
        }
    }

    private static func packed(_ name: StaticString) -> UInt64 {
        var value: UInt64 = 0
        name.withUTF8Buffer { for byte in $0 { value = value << 8 | UInt64(byte) } }
        return value
    }

    private static let lt = packed("lt")
    private static let gt = packed("gt")
    private static let amp = packed("amp")
    private static let quot = packed("quot")
    private static let apos = packed("apos")
}

/// A first-in, first-out queue of positions that reuses its storage: the scanner runs at most a
/// few kilobytes ahead of the reader, so it stays short.
struct PositionQueue {
    private var items: [XMLMarkupScanner.Position] = []
    private var head = 0

    var count: Int { items.count - head }

    mutating func push(_ position: XMLMarkupScanner.Position) {
        items.append(position)
    }

    func peek() -> XMLMarkupScanner.Position? {
        head < items.count ? items[head] : nil
    }

    mutating func pop() -> XMLMarkupScanner.Position? {
        guard head < items.count else { return nil }
        let position = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return position
    }
}
