#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The scanner without positions to queue (`map`'s fast path), where its only job is to count
/// each start tag's attributes. It runs on every byte libxml2 reads, so text and end tags are
/// skipped with `memchr`, start tags go through a tight loop, and only the rare constructs
/// (comments, CDATA, processing instructions, the DOCTYPE) take the byte-by-byte state machine
/// that keeps the count exact. Lines and columns are brought up to date once per chunk, in
/// bulk, and computed for a start tag only when it is crowded or open at a chunk's end.
extension XMLMarkupScanner {
    func scanFast(_ chunk: UnsafeRawBufferPointer) {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else { return }
        let n = chunk.count
        var i = 0
        /// The `<` of the start tag being read, when it is in this chunk.
        var tagIndex: Int?
        while i < n {
            switch state {
            case .content:
                guard let found = memchr(base + i, 0x3C, n - i) else {
                    i = n
                    continue
                }
                let k = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                tagIndex = k
                i = k + 1
                state = .tagOpen
            case .startTag:
                while i < n {
                    let byte = base[i]
                    i += 1
                    if quote != 0 {
                        if byte == quote { quote = 0 }
                    } else if byte == 0x22 || byte == 0x27 {
                        quote = byte
                    } else if byte == 0x3E {
                        state = .content
                        break
                    } else if byte == 0x3D {
                        attributes += 1
                        if attributes > attributeLimit && crowdedElement == nil {
                            crowdedElement = tagIndex.map { position(after: base, count: $0) } ?? openTagPosition
                        }
                    }
                }
            case .endTag:
                guard let found = memchr(base + i, 0x3E, n - i) else {
                    i = n
                    continue
                }
                i = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                state = .content
            default:
                advanceState(base[i])
                i += 1
            }
        }
        if state == .startTag || state == .tagOpen, let tagIndex { openTagPosition = position(after: base, count: tagIndex) }
        let end = position(after: base, count: n)
        afterCarriageReturn = base[n - 1] == 0x0D
        line = end.line
        column = end.column
        offset &+= n
    }

    /// The line and column after the first `count` bytes at `base`, from those before them.
    private func position(after base: UnsafePointer<UInt8>, count: Int) -> Position {
        guard count > 0 else { return Position(line: line, column: column) }
        var last = count - 1
        while last >= 0 && base[last] != 0x0A && base[last] != 0x0D { last -= 1 }
        guard last >= 0 else { return Position(line: line, column: column + Self.scalars(base, count)) }
        // A line ends at LF, at CR LF (once), and at a lone CR.
        var feeds = 0
        var returns = 0
        var pairs = 0
        for j in 0...last {
            feeds &+= base[j] == 0x0A ? 1 : 0
            returns &+= base[j] == 0x0D ? 1 : 0
        }
        for j in 0..<last {
            pairs &+= base[j] == 0x0D && base[j + 1] == 0x0A ? 1 : 0
        }
        var lines = feeds + returns - pairs
        if afterCarriageReturn && base[0] == 0x0A { lines -= 1 }
        return Position(line: line + lines, column: 1 + Self.scalars(base + last + 1, count - last - 1))
    }

    /// Characters in `count` bytes of UTF-8: the bytes that are not continuation bytes.
    private static func scalars(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var total = 0
        for j in 0..<count { total &+= base[j] & 0xC0 != 0x80 ? 1 : 0 }
        return total
    }
}
