/// Turns byte offsets into 1-based line and column numbers. Columns count Unicode scalars,
/// not bytes, so that a caret under `Département` lands where an editor puts it.
public struct LineTable {
    private let bytes: [UInt8]
    private var lineStarts: [Int] = [0]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // XML 1.0 §2.11: CR LF and a lone CR both end a line, as libxml2 counts them.
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                lineStarts.append(offset + 1)
            } else if byte == UInt8(ascii: "\r"), offset + 1 >= bytes.count || bytes[offset + 1] != UInt8(ascii: "\n") {
                lineStarts.append(offset + 1)
            }
        }
    }

    /// The line and column of the byte at `offset` (clamped to the text).
    public func position(ofByte offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < offset {
            // Continuation bytes do not start a new scalar.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (low + 1, column)
    }
}
