/// Reads a config file in any of its three forms — XML plist, binary plist, JSON — into a
/// located `PlistNode` tree, telling them apart by their first bytes.
struct ConfigDocumentReader {
    /// Configs are hand-written files of kilobytes; anything past this is not a config and
    /// is refused before it can eat memory.
    static let sizeLimit = InputLimits.configBytes

    init() {}

    /// Reads and parses the file at `path`.
    /// - Throws: `RestmapError` (usage): unreadable, too large, malformed.
    func read(path: String) throws -> PlistNode {
        let source = try FileByteSource(path: path)
        let bytes: [UInt8]
        do {
            bytes = try source.readAll(limit: Self.sizeLimit)
        } catch let error as RestmapError where error.codes == [.inputTooLarge] {
            throw RestmapError.usage(
                .configTooLarge, "the config is larger than \(Self.sizeLimit >> 20) MiB; that is not a mapping config",
                at: .file(source.name))
        } catch let error as RestmapError {
            throw RestmapError(.usage, diagnostics: error.diagnostics)
        }
        return try parse(bytes, file: path)
    }

    /// Parses a config (or another located plist document, named `document` in messages:
    /// `validate`'s manifest) held in memory.
    func parse(_ bytes: [UInt8], file: String, document: String = "config") throws -> PlistNode {
        if BinaryPlistReader.looksBinary(bytes) {
            return try BinaryPlistReader().read(bytes, file: file)
        }
        // UTF-16 (with a byte-order mark or an ASCII `<` padded with zeros) can only be XML;
        // libxml2 transcodes it.
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
            || bytes.starts(with: [0x00, 0x3C]) || bytes.starts(with: [0x3C, 0x00])
        {
            return try XMLPlistReader().read(bytes, file: file)
        }
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else {
            throw RestmapError.usage(.documentEmpty, "the \(document) is empty", at: SourceLocation(file: file, line: 1, column: 1))
        }
        switch bytes[index] {
        case UInt8(ascii: "<"):
            return try XMLPlistReader().read(bytes, file: file)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            do {
                return try JSONReader.plist(from: bytes, file: file)
            } catch let error as RestmapError {
                // A config that cannot be read is a usage error (exit 2), not a data one.
                throw RestmapError(.usage, diagnostics: error.diagnostics)
            }
        default:
            let location = LineTable(bytes).position(ofByte: index)
            throw RestmapError.usage(
                .documentFormatUnknown, "the \(document) is neither a property list (XML or binary) nor JSON",
                at: SourceLocation(file: file, line: location.line, column: location.column))
        }
    }
}
