#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The scanner without positions to queue (`map`'s fast path), where its only job is to find
/// start tags with too many attributes. It runs on every byte libxml2 reads, so it goes from
/// `<` to `<`: a start tag holds no `<`, and each attribute takes at least five bytes
/// (` a=""`), so a start tag followed by another `<` within `crowdedSpan` bytes (four an
/// attribute allowed, to spare) cannot be crowded and is not read at all. Only a start tag
/// with a longer run after it (or at a chunk's end) has its attributes counted, in a tight
/// loop; the rare constructs (comments, CDATA, processing instructions, the DOCTYPE) take
/// the byte-by-byte state machine that keeps the reading exact. Lines and columns are brought up to date once per chunk, in bulk,
/// and computed for a start tag only when it is crowded or open at a chunk's end.
extension XMLMarkupScanner {
    /// A start tag shorter than this holds at most `attributeLimit` attributes.
    private var crowdedSpan: Int { 4 &* attributeLimit }

    func scanFast(_ chunk: UnsafeRawBufferPointer) {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else { return }
        let n = chunk.count
        var i = 0
        /// The `<` of the start tag being read, when it is in this chunk.
        var tagIndex: Int?
        // The scanner's state in locals (registers) for the loop, stored back before the rare
        // constructs' state machine runs and at the end.
        var state = self.state
        var quote = self.quote
        var attributes = self.attributes
        /// The byte-by-byte state machine, for the rare constructs, on the stored state.
        func advance(_ byte: UInt8) {
            (self.state, self.quote, self.attributes) = (state, quote, attributes)
            advanceState(byte)
            (state, quote, attributes) = (self.state, self.quote, self.attributes)
        }
        while i < n {
            switch state {
            case .content:
                // From `<` to `<`, one search a tag, without going round the switch: end tags
                // and short start tags are passed over whole.
                guard var k = Self.next(0x3C, in: base, from: i, to: n) else {
                    i = n
                    continue
                }
                while true {
                    tagIndex = k
                    i = k + 1
                    guard i < n else {
                        state = .tagOpen
                        break
                    }
                    let byte = base[i]
                    if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") {
                        i += 1
                        state = .tagOpen
                        advance(byte)
                        break
                    }
                    // A start tag holds no `<` (attribute values cannot), so one followed by a
                    // `<` nearer than `crowdedSpan` is too short to be crowded.
                    let isEndTag = byte == UInt8(ascii: "/")
                    guard let next = Self.next(0x3C, in: base, from: i, to: isEndTag ? n : min(n, k &+ crowdedSpan)) else {
                        if isEndTag {
                            i = n
                        } else {
                            // Counted: a long run after the tag, or the chunk's end within it.
                            quote = 0
                            attributes = 0
                            state = .startTag
                        }
                        break
                    }
                    k = next
                }
            case .tagOpen:
                let byte = base[i]
                i += 1
                if byte == UInt8(ascii: "/") {
                    state = .content
                } else if byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") {
                    advance(byte)
                } else {
                    quote = 0
                    attributes = 0
                    state = .startTag
                }
            case .startTag:
                while i < n {
                    if quote != 0 {
                        guard let k = Self.next(quote, in: base, from: i, to: n) else {
                            i = n
                            break
                        }
                        quote = 0
                        i = k + 1
                        continue
                    }
                    guard let k = Self.nextTagByte(in: base, from: i, to: n) else {
                        i = n
                        break
                    }
                    let byte = base[k]
                    i = k + 1
                    if byte == 0x22 || byte == 0x27 {
                        quote = byte
                    } else if byte == 0x3E {
                        state = .content
                        break
                    } else {
                        attributes += 1
                        if attributes > attributeLimit && crowdedElement == nil {
                            crowdedElement = tagIndex.map { position(after: base, count: $0) } ?? openTagPosition
                        }
                    }
                }
            case .endTag:
                // (Only where the byte-by-byte scan of the first bytes left off: this loop passes
                // over end tags from content.)
                guard let k = Self.next(0x3E, in: base, from: i, to: n) else {
                    i = n
                    continue
                }
                i = k + 1
                state = .content
            default:
                advance(base[i])
                i += 1
            }
        }
        self.state = state
        self.quote = quote
        self.attributes = attributes
        if state == .startTag || state == .tagOpen, let tagIndex { openTagPosition = position(after: base, count: tagIndex) }
        let end = position(after: base, count: n)
        afterCarriageReturn = base[n - 1] == 0x0D
        line = end.line
        column = end.column
        offset &+= n
    }

    /// The index of the first `byte` in `start..<end`. Text between tags is mostly short, so
    /// the first 32 bytes are searched by blocks (`ByteScan`) and only longer runs go to
    /// `memchr`, whose call costs more than such a run.
    @inline(__always)
    private static func next(_ byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        let near = min(end &- start, 32)
        let found = ByteScan.first(ByteValue(value: byte), in: base + start, count: near)
        if found < near { return start &+ found }
        let i = start &+ near
        guard i < end, let far = memchr(base + i, Int32(byte), end &- i) else { return nil }
        return UnsafeRawPointer(far) - UnsafeRawPointer(base)
    }

    /// The index of the first byte in `start..<end` a start tag's count turns on: `>`, `=`
    /// or a quote.
    @inline(__always)
    private static func nextTagByte(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        let found = ByteScan.first(XMLTagBytes(), in: base + start, count: end &- start)
        return found < end &- start ? start &+ found : nil
    }

    /// The line and column after the first `count` bytes at `base`, from those before them.
    /// Line feeds are found with `memchr` and characters counted eight bytes at a time; a
    /// chunk holding a carriage return (rare) is counted byte by byte, as libxml2 counts a
    /// lone CR as a line end.
    private func position(after base: UnsafePointer<UInt8>, count: Int) -> Position {
        guard count > 0 else { return Position(line: line, column: column) }
        if memchr(base, 0x0D, count) != nil || afterCarriageReturn {
            return exactPosition(after: base, count: count)
        }
        var lines = 0
        var lineStart = -1
        var cursor = 0
        while cursor < count, let found = memchr(base + cursor, 0x0A, count - cursor) {
            lines += 1
            lineStart = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            cursor = lineStart
        }
        guard lineStart >= 0 else { return Position(line: line, column: column + Self.scalars(base, count)) }
        return Position(line: line + lines, column: 1 + Self.scalars(base + lineStart, count - lineStart))
    }

    private func exactPosition(after base: UnsafePointer<UInt8>, count: Int) -> Position {
        var position = Position(line: line, column: column)
        var afterReturn = afterCarriageReturn
        for j in 0..<count {
            switch base[j] {
            case 0x0A:
                if !afterReturn {
                    position.line += 1
                    position.column = 1
                }
                afterReturn = false
            case 0x0D:
                position.line += 1
                position.column = 1
                afterReturn = true
            case let byte:
                afterReturn = false
                if byte & 0xC0 != 0x80 { position.column += 1 }
            }
        }
        return position
    }

    /// Characters in `count` bytes of UTF-8: the bytes that are not continuation bytes
    /// (`10xxxxxx`), eight at a time.
    private static func scalars(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int {
        let highs: UInt64 = 0x8080_8080_8080_8080
        var total = 0
        var j = 0
        while j + 8 <= count {
            let word = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
            total &+= 8 &- (word & ~(word << 1) & highs).nonzeroBitCount
            j += 8
        }
        while j < count {
            if base[j] & 0xC0 != 0x80 { total &+= 1 }
            j += 1
        }
        return total
    }
}
