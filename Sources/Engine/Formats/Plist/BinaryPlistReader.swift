/// Reads a binary property list (`bplist00`) into a `PlistNode` tree. Binary plists have no
/// lines, so each node's location is its key path (`relationship_mappings.Employee.dept`).
///
/// The format is a table of objects addressed by offsets and references; a hostile file can
/// point outside itself, claim absurd counts or make an object contain itself. Every offset,
/// count and reference is checked against the file before use, and a reference cycle is an
/// error, so no input can crash the reader, hang it or make it allocate more than the file
/// size justifies. Shared references (one object listed under many parents) are legal and
/// are expanded into a tree, so before building it the reader adds up how large that tree
/// would be (`BinaryPlistExpansion.swift`) and refuses one past `expansionLimit` values; each
/// scalar object is decoded once and its content shared by every place that lists it.
struct BinaryPlistReader {
    /// How many values (containers, keys' values and scalars) the expanded tree may hold.
    var expansionLimit: Int

    init(expansionLimit: Int = InputLimits.binaryPlistExpandedValues) {
        self.expansionLimit = expansionLimit
    }

    static let magic = Array("bplist00".utf8)
    static let maxDepth = 512

    func read(_ bytes: [UInt8], file: String) throws -> PlistNode {
        var parser = try Parser(bytes: bytes, file: file)
        try parser.checkExpansion(limit: expansionLimit)
        return try parser.parseRoot()
    }

    /// Tells whether `bytes` start like a binary plist.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && Array(bytes[0..<8]) == magic
    }

    struct Parser {
        let bytes: [UInt8]
        let file: String
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        let offsetTableStart: Int
        var visiting: Set<Int> = []
        /// Decoded scalar objects by index: a string listed a million times is decoded once.
        var decodedScalars: [Int: PlistNode.Content] = [:]

        init(bytes: [UInt8], file: String) throws {
            self.bytes = bytes
            self.file = file
            let trailerSize = 32
            guard bytes.count >= 8 + trailerSize + 1, BinaryPlistReader.looksBinary(bytes) else {
                throw RestmapError.usage(.binaryPlistCorrupt, "the binary property list is truncated", at: .file(file))
            }
            let trailer = bytes.count - trailerSize
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            func readWord(_ start: Int) -> UInt64 {
                var value: UInt64 = 0
                for i in 0..<8 { value = value << 8 | UInt64(bytes[start + i]) }
                return value
            }
            let count = readWord(trailer + 8)
            let top = readWord(trailer + 16)
            let table = readWord(trailer + 24)
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
                throw RestmapError.usage(
                    .binaryPlistCorrupt, "the binary property list's trailer has invalid integer sizes", at: .file(file))
            }
            guard count > 0, count < UInt64(bytes.count), top < count, table >= 8,
                table < UInt64(trailer),
                UInt64(trailer) - table >= count * UInt64(offsetSize)
            else {
                throw RestmapError.usage(
                    .binaryPlistCorrupt, "the binary property list's trailer points outside the file", at: .file(file))
            }
            objectCount = Int(count)
            topObject = Int(top)
            offsetTableStart = Int(table)
        }

        func fail(_ code: DiagnosticCode, _ message: String, _ path: [String]) -> RestmapError {
            RestmapError.usage(code, message, at: SourceLocation(file: file, keyPath: path.isEmpty ? "(root)" : path.joined(separator: ".")))
        }

        func readUInt(at start: Int, size: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in 0..<size { value = value << 8 | UInt64(bytes[start + i]) }
            return value
        }

        /// The object reference at `start`. References are unsigned and up to 8 bytes wide:
        /// one past `Int.max` would trap in `Int(_:)`, so it is clamped there — a reference
        /// out of range either way, which `parseObject` reports.
        func readReference(at start: Int) -> Int {
            let value = readUInt(at: start, size: referenceSize)
            return value > UInt64(Int.max) ? Int.max : Int(value)
        }

        func offset(ofObject index: Int, _ path: [String]) throws -> Int {
            let value = readUInt(at: offsetTableStart + index * offsetSize, size: offsetSize)
            guard value >= 8, value < UInt64(offsetTableStart) else {
                throw fail(.binaryPlistCorrupt, "object \(index) of the binary property list lies outside the object area", path)
            }
            return Int(value)
        }

        mutating func parseRoot() throws -> PlistNode {
            try parseObject(topObject, path: [])
        }

        /// Reads the length of an object whose marker's low nibble is `nibble`: the nibble itself,
        /// or, when it is 0xF, an integer object that follows.
        func length(nibble: UInt8, after start: Int, _ path: [String]) throws -> (count: Int, dataStart: Int) {
            if nibble != 0x0F { return (Int(nibble), start + 1) }
            let marker = start + 1
            guard marker < offsetTableStart else { throw fail(.binaryPlistCorrupt, "a length runs past the object area", path) }
            let intMarker = bytes[marker]
            guard intMarker >> 4 == 0x1 else { throw fail(.binaryPlistCorrupt, "a length is not an integer", path) }
            let size = 1 << Int(intMarker & 0x0F)
            guard size <= 8, marker + 1 + size <= offsetTableStart else {
                throw fail(.binaryPlistCorrupt, "a length runs past the object area", path)
            }
            let value = readUInt(at: marker + 1, size: size)
            guard value <= UInt64(bytes.count) else {
                throw fail(.binaryPlistCorrupt, "an object claims \(value) elements, more than the file can hold", path)
            }
            return (Int(value), marker + 1 + size)
        }

        func location(_ path: [String]) -> SourceLocation {
            SourceLocation(file: file, keyPath: path.isEmpty ? "(root)" : path.joined(separator: "."))
        }

        /// The object at `index` as a node located at `path`; scalars come from
        /// `decodedScalars` after their first decoding.
        mutating func parseObject(_ index: Int, path: [String]) throws -> PlistNode {
            if let content = decodedScalars[index], path.count < BinaryPlistReader.maxDepth {
                return PlistNode(content, at: location(path))
            }
            let node = try decodeObject(index, path: path)
            switch node.content {
            case .array, .dictionary: break
            default: decodedScalars[index] = node.content
            }
            return node
        }

        mutating func decodeObject(_ index: Int, path: [String]) throws -> PlistNode {
            guard index >= 0, index < objectCount else {
                throw fail(.binaryPlistCorrupt, "a reference points to object \(index), but there are only \(objectCount)", path)
            }
            guard path.count < BinaryPlistReader.maxDepth else {
                throw fail(.plistTooDeep, "the property list nests deeper than \(BinaryPlistReader.maxDepth) levels", path)
            }
            guard !visiting.contains(index) else {
                throw fail(.binaryPlistCorrupt, "the binary property list contains a reference cycle", path)
            }
            let start = try offset(ofObject: index, path)
            let marker = bytes[start]
            let type = marker >> 4
            let nibble = marker & 0x0F
            let here = location(path)
            switch type {
            case 0x0:
                switch nibble {
                case 0x8: return PlistNode(.boolean(false), at: here)
                case 0x9: return PlistNode(.boolean(true), at: here)
                case 0x0: return PlistNode(.null, at: here)
                default: throw fail(.binaryPlistCorrupt, "unsupported binary plist marker 0x\(String(marker, radix: 16))", path)
                }
            case 0x1:
                let size = 1 << Int(nibble)
                guard size <= 16, start + 1 + size <= offsetTableStart else {
                    throw fail(.binaryPlistCorrupt, "an integer runs past the object area", path)
                }
                return PlistNode(.integer(integerText(at: start + 1, size: size)), at: here)
            case 0x2:
                let size = 1 << Int(nibble)
                guard size == 4 || size == 8, start + 1 + size <= offsetTableStart else {
                    throw fail(.binaryPlistCorrupt, "a real has an unsupported size", path)
                }
                let raw = readUInt(at: start + 1, size: size)
                let value = size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
                return PlistNode(.real(Self.realText(value)), at: here)
            case 0x3:
                guard nibble == 0x3, start + 9 <= offsetTableStart else {
                    throw fail(.binaryPlistCorrupt, "a date has an unsupported size", path)
                }
                let seconds = Double(bitPattern: readUInt(at: start + 1, size: 8))
                return PlistNode(.date(Self.isoText(secondsSince2001: seconds)), at: here)
            case 0x4:
                let (count, dataStart) = try length(nibble: nibble, after: start, path)
                guard dataStart + count <= offsetTableStart else { throw fail(.binaryPlistCorrupt, "data runs past the object area", path) }
                return PlistNode(.data(Array(bytes[dataStart..<dataStart + count])), at: here)
            case 0x5:
                let (count, dataStart) = try length(nibble: nibble, after: start, path)
                guard dataStart + count <= offsetTableStart else {
                    throw fail(.binaryPlistCorrupt, "a string runs past the object area", path)
                }
                let slice = bytes[dataStart..<dataStart + count]
                guard slice.allSatisfy({ $0 < 0x80 }) else {
                    throw fail(.binaryPlistCorrupt, "an ASCII string holds non-ASCII bytes", path)
                }
                return PlistNode(.string(String(decoding: slice, as: UTF8.self)), at: here)
            case 0x6:
                let (count, dataStart) = try length(nibble: nibble, after: start, path)
                guard count <= bytes.count / 2, dataStart + count * 2 <= offsetTableStart else {
                    throw fail(.binaryPlistCorrupt, "a string runs past the object area", path)
                }
                var units = [UInt16]()
                units.reserveCapacity(count)
                for i in 0..<count {
                    units.append(UInt16(bytes[dataStart + 2 * i]) << 8 | UInt16(bytes[dataStart + 2 * i + 1]))
                }
                var text = ""
                var decoder = UTF16()
                var iterator = units.makeIterator()
                loop: while true {
                    switch decoder.decode(&iterator) {
                    case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
                    case .emptyInput: break loop
                    case .error: throw fail(.binaryPlistCorrupt, "a UTF-16 string is malformed", path)
                    }
                }
                return PlistNode(.string(text), at: here)
            case 0x8:
                // A UID (keyed-archiver reference): shown as its integer value.
                let size = Int(nibble) + 1
                guard size <= 8, start + 1 + size <= offsetTableStart else { throw fail(.binaryPlistCorrupt, "a UID is malformed", path) }
                return PlistNode(.integer(String(readUInt(at: start + 1, size: size))), at: here)
            case 0xA, 0xC:
                let (count, refsStart) = try length(nibble: nibble, after: start, path)
                guard count <= objectCount * 2 + 1, refsStart + count * referenceSize <= offsetTableStart else {
                    throw fail(.binaryPlistCorrupt, "an array's references run past the object area", path)
                }
                visiting.insert(index)
                defer { visiting.remove(index) }
                var elements: [PlistNode] = []
                elements.reserveCapacity(count)
                for i in 0..<count {
                    let reference = readReference(at: refsStart + i * referenceSize)
                    elements.append(try parseObject(reference, path: path + [String(i)]))
                }
                return PlistNode(.array(elements), at: here)
            case 0xD:
                let (count, refsStart) = try length(nibble: nibble, after: start, path)
                guard count <= objectCount, refsStart + 2 * count * referenceSize <= offsetTableStart else {
                    throw fail(.binaryPlistCorrupt, "a dictionary's references run past the object area", path)
                }
                visiting.insert(index)
                defer { visiting.remove(index) }
                var entries: [PlistNode.Entry] = []
                entries.reserveCapacity(count)
                for i in 0..<count {
                    let keyReference = readReference(at: refsStart + i * referenceSize)
                    let valueReference = readReference(at: refsStart + (count + i) * referenceSize)
                    let keyNode = try parseObject(keyReference, path: path + ["(key \(i))"])
                    guard let key = keyNode.stringValue else {
                        throw fail(.binaryPlistCorrupt, "a dictionary key is a \(keyNode.kindName), not a string", path)
                    }
                    let value = try parseObject(valueReference, path: path + [key])
                    entries.append(PlistNode.Entry(key: key, keyLocation: location(path + [key]), value: value))
                }
                return PlistNode(.dictionary(entries), at: here)
            default:
                throw fail(.binaryPlistCorrupt, "unsupported binary plist marker 0x\(String(marker, radix: 16))", path)
            }
        }

        /// Integers of 1, 2 and 4 bytes are unsigned, 8 bytes signed, 16 bytes a signed
        /// 128-bit value whose high half must be a sign extension.
        func integerText(at start: Int, size: Int) -> String {
            switch size {
            case 8:
                return String(Int64(bitPattern: readUInt(at: start, size: 8)))
            case 16:
                let high = readUInt(at: start, size: 8)
                let low = readUInt(at: start + 8, size: 8)
                if high == 0 { return String(low) }
                return String(Int64(bitPattern: low))
            default:
                return String(readUInt(at: start, size: size))
            }
        }

        static func realText(_ value: Double) -> String {
            if value.isNaN { return "nan" }
            if value.isInfinite { return value < 0 ? "-inf" : "inf" }
            if value == value.rounded(), abs(value) < 1e15 {
                return String(Int64(value)) + ".0"
            }
            return "\(value)"
        }

        /// A plist date (seconds since 2001-01-01 UTC) as ISO 8601 text.
        static func isoText(secondsSince2001 seconds: Double) -> String {
            let milliseconds = ((seconds + 978_307_200) * 1000).rounded(.down)
            guard milliseconds.isFinite, abs(milliseconds) < 1e15,
                let instant = UTCInstant(millisecondsSince1970: Int64(milliseconds))
            else { return "invalid-date" }
            return instant.iso8601String
        }
    }
}
