/// Lets a reader look at the first bytes of an input before choosing a parser (auto
/// detection of XML vs JSON), then replays them: standard input cannot be rewound.
public final class PeekableByteSource: ByteSource {
    private let base: ByteSource
    private var head: [UInt8] = []
    private var headOffset = 0

    public var name: String { base.name }
    public var readsWithoutWaiting: Bool { base.readsWithoutWaiting }

    public init(_ base: ByteSource) {
        self.base = base
    }

    /// The first non-blank byte after an optional UTF-8 byte-order mark, reading at most
    /// `limit` bytes ahead; nil for an empty or all-blank prefix. UTF-16 input (a UTF-16
    /// byte-order mark, or an ASCII character padded with a zero byte) is read as such: its
    /// first non-blank character, as a byte when it is ASCII (0xFF when not), so that UTF-16
    /// XML is told by its `<` like UTF-8 XML (SPEC §2).
    func firstSignificantByte(limit: Int = 1 << 16) throws -> UInt8? {
        while head.count < 2, try readMore() {}
        if let bigEndian = utf16ByteOrder() { return try firstSignificantUnit(bigEndian: bigEndian, limit: limit) }
        var scanned = 0
        while true {
            while scanned < head.count {
                let byte = head[scanned]
                let isBOM = scanned < 3 && head.count >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF
                scanned += 1
                if isBOM { continue }
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
                return byte
            }
            guard head.count < limit else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = try chunk.withUnsafeMutableBytes { try base.read(into: $0) }
            if count == 0 { return nil }
            head.append(contentsOf: chunk[0..<count])
        }
    }

    /// Appends up to 4 KiB of the input to `head`; false at its end.
    private func readMore() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = try chunk.withUnsafeMutableBytes { try base.read(into: $0) }
        head.append(contentsOf: chunk[0..<count])
        return count > 0
    }

    /// True for big-endian UTF-16, false for little-endian, nil when the input is not UTF-16.
    private func utf16ByteOrder() -> Bool? {
        guard head.count >= 2 else { return nil }
        switch (head[0], head[1]) {
        case (0xFE, 0xFF): return true
        case (0xFF, 0xFE): return false
        case (0x00, 0x01...0x7F): return true
        case (0x01...0x7F, 0x00): return head.count < 4 || head[2] != 0 || head[3] != 0 ? false : nil  // not UTF-32
        default: return nil
        }
    }

    private func firstSignificantUnit(bigEndian: Bool, limit: Int) throws -> UInt8? {
        var scanned = 0
        while true {
            while scanned + 1 < head.count {
                let unit = bigEndian
                    ? UInt16(head[scanned]) << 8 | UInt16(head[scanned + 1])
                    : UInt16(head[scanned + 1]) << 8 | UInt16(head[scanned])
                scanned += 2
                if unit == 0xFEFF || unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D { continue }
                return unit < 0x80 ? UInt8(unit) : 0xFF
            }
            guard head.count < limit, try readMore() else { return nil }
        }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if headOffset < head.count {
            let count = min(buffer.count, head.count - headOffset)
            head.withUnsafeBytes { raw in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[headOffset..<headOffset + count]))
            }
            headOffset += count
            if headOffset == head.count {
                head = []
                headOffset = 0
            }
            return count
        }
        return try base.read(into: buffer)
    }

}
