/// Turns byte offsets into 1-based line and column numbers. Columns count Unicode scalars,
/// not bytes, so that a caret under `Département` lands where an editor puts it.
///
/// A column is the number of scalars between the line's start and the offset. Counting them
/// byte by byte from the line's start made a config written on one long line cost time
/// quadratic in its length, so the table also keeps, every `blockSize` bytes, how
/// many UTF-8 continuation bytes come before that point: a column then costs at most one
/// block's scan, and building the table is one pass over the text.
struct LineTable {
    private let bytes: [UInt8]
    private var lineStarts: [Int] = [0]
    /// `continuationsBefore[k]`: continuation bytes in `bytes[0 ..< k * blockSize]`.
    private var continuationsBefore: [Int] = [0]
    static let blockSize = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        continuationsBefore.reserveCapacity(bytes.count / Self.blockSize + 1)
        var continuations = 0
        // XML 1.0 §2.11: CR LF and a lone CR both end a line, as libxml2 counts them.
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                lineStarts.append(offset + 1)
            } else if byte == UInt8(ascii: "\r"), offset + 1 >= bytes.count || bytes[offset + 1] != UInt8(ascii: "\n") {
                lineStarts.append(offset + 1)
            }
            if byte & 0xC0 == 0x80 { continuations += 1 }
            if (offset + 1) % Self.blockSize == 0 { continuationsBefore.append(continuations) }
        }
    }

    /// The line and column of the byte at `offset` (clamped to the text).
    func position(ofByte offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let lineStart = lineStarts[low]
        // Continuation bytes do not start a new scalar.
        let scalars = (offset - lineStart) - (continuations(before: offset) - continuations(before: lineStart))
        return (low + 1, scalars + 1)
    }

    /// How many continuation bytes come before `offset`: the nearest checkpoint, plus a scan
    /// of at most one block.
    private func continuations(before offset: Int) -> Int {
        let block = offset / Self.blockSize
        var count = continuationsBefore[block]
        var index = block * Self.blockSize
        while index < offset {
            if bytes[index] & 0xC0 == 0x80 { count += 1 }
            index += 1
        }
        return count
    }
}
