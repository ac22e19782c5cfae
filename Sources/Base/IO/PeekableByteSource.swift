/// Lets a reader look at the first bytes of an input before choosing a parser (auto
/// detection of XML vs JSON), then replays them: standard input cannot be rewound.
public final class PeekableByteSource: ByteSource {
    private let base: ByteSource
    private var head: [UInt8] = []
    private var headOffset = 0

    public var name: String { base.name }

    public init(_ base: ByteSource) {
        self.base = base
    }

    /// The first non-blank byte after an optional UTF-8 byte-order mark, reading at most
    /// `limit` bytes ahead; nil for an empty or all-blank prefix.
    public func firstSignificantByte(limit: Int = 1 << 16) throws -> UInt8? {
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
