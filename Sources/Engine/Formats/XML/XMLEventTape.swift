/// The events of the elements being built, as the walker found them, in a byte buffer: what
/// libxml2's callbacks saw, reduced to what `XMLElementAssembler` needs. The walker writes it
/// while libxml2 parses a chunk; an `XMLTapeReplayer` then builds the values from it, on the
/// same thread or on another one (a tape holds no Swift objects but its diagnostics, so the
/// thread that parses never shares reference counts with the one that builds and maps).
///
/// Events: a tag byte, then 32-bit fields in native order, then bytes:
/// - `name` index, identity (64 bits), member flag (8 bits), length, bytes: defines a name
///   before its first use;
/// - `open` name index (`openLocated` adds line and column, 0 for none);
/// - `attribute` name index, length, bytes; `text` length, bytes;
/// - `filtered` (the innermost element left a member out); `close`;
/// - `diagnostic` index into `diagnostics`.
///
/// A noncopyable value that owns its storage (`GrowableStorage`): writing to a tape held in a
/// property costs no reference counting, and the compiler holds every tape to one owner — it
/// is moved from the parser to the builder and back (`BoundedQueue`), and its storage is
/// freed when it goes.
struct XMLEventTape: ~Copyable {
    enum Tag: UInt8 {
        case name = 1, open, openLocated, attribute, text, filtered, close, diagnostic
    }

    private var storage: GrowableStorage<UInt8>
    var base: UnsafeMutableRawPointer { UnsafeMutableRawPointer(storage.base) }
    private(set) var count = 0
    /// Warnings met while this tape was written, referred to by `diagnostic` events.
    private(set) var diagnostics: [Diagnostic] = []

    init(capacity: Int = 1 << 16) {
        storage = GrowableStorage(capacity: capacity)
    }

    var isEmpty: Bool { count == 0 }

    /// Empties the tape, keeping its storage.
    mutating func reset() {
        count = 0
        if !diagnostics.isEmpty { diagnostics.removeAll() }
    }

    @inline(__always)
    private mutating func reserve(_ bytes: Int) {
        if count + bytes > storage.capacity { storage.grow(toHold: count + bytes, keeping: count) }
    }

    @inline(__always)
    private mutating func put(_ tag: Tag) {
        base.storeBytes(of: tag.rawValue, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inline(__always)
    private mutating func put(_ value: UInt32) {
        base.storeBytes(of: value, toByteOffset: count, as: UInt32.self)
        count += 4
    }

    @inline(__always)
    private mutating func put(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
        (base + count).copyMemory(from: bytes, byteCount: length)
        count += length
    }

    /// `id`: the name's identity (libxml2's dictionary pointer, 0 for none), the same however
    /// often the name is defined.
    mutating func writeName(_ index: UInt32, id: UInt, isMember: Bool, _ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(18 + bytes.count)
        put(.name)
        put(index)
        base.storeBytes(of: UInt64(id), toByteOffset: count, as: UInt64.self)
        count += 8
        base.storeBytes(of: isMember ? 1 : 0, toByteOffset: count, as: UInt8.self)
        count += 1
        put(UInt32(bytes.count))
        if let start = bytes.baseAddress { put(start, bytes.count) }
    }

    @inline(__always)
    mutating func writeOpen(_ name: UInt32) {
        reserve(5)
        put(.open)
        put(name)
    }

    mutating func writeOpen(_ name: UInt32, line: Int, column: Int) {
        reserve(13)
        put(.openLocated)
        put(name)
        put(UInt32(truncatingIfNeeded: line))
        put(UInt32(truncatingIfNeeded: column))
    }

    @inline(__always)
    mutating func writeAttribute(_ name: UInt32, _ start: UnsafePointer<UInt8>, _ length: Int) {
        reserve(9 + length)
        put(.attribute)
        put(name)
        put(UInt32(length))
        put(start, length)
    }

    @inline(__always)
    mutating func writeText(_ start: UnsafePointer<UInt8>, _ length: Int) {
        reserve(5 + length)
        put(.text)
        put(UInt32(length))
        put(start, length)
    }

    @inline(__always)
    mutating func writeFiltered() {
        reserve(1)
        put(.filtered)
    }

    @inline(__always)
    mutating func writeClose() {
        reserve(1)
        put(.close)
    }

    mutating func writeDiagnostic(_ diagnostic: Diagnostic) {
        reserve(5)
        put(.diagnostic)
        put(UInt32(diagnostics.count))
        diagnostics.append(diagnostic)
    }
}

/// Builds values from event tapes, one tape after another (an element may span tapes), and
/// hands each completed outermost element to the caller.
final class XMLTapeReplayer {
    private let assembler: XMLElementAssembler
    private let inputName: String
    private var names: [XMLName] = []
    /// Elements open, the outermost being depth 1.
    private var depth = 0

    init(recordsLocations: Bool, keepsOutermostText: Bool, inputName: String) {
        assembler = XMLElementAssembler(recordsLocations: recordsLocations, keepsOutermostText: keepsOutermostText)
        self.inputName = inputName
    }

    /// Replays `tape`: each element completed at the outermost level goes to `body`, each
    /// diagnostic to `diagnostics`. Stops at the first error `body` throws.
    func replay(
        _ tape: borrowing XMLEventTape, diagnostics: DiagnosticLog?, _ body: (XMLDocumentWalker.Item) throws -> Void
    ) throws {
        let base = UnsafeRawPointer(tape.base)
        let end = tape.count
        var offset = 0
        @inline(__always) func u32() -> Int {
            let value = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            offset += 4
            return Int(value)
        }
        @inline(__always) func bytes(_ length: Int) -> UnsafeBufferPointer<UInt8> {
            let start = (base + offset).assumingMemoryBound(to: UInt8.self)
            offset += length
            return UnsafeBufferPointer(start: start, count: length)
        }
        while offset < end {
            let tag = base.load(fromByteOffset: offset, as: UInt8.self)
            offset += 1
            switch XMLEventTape.Tag(rawValue: tag).unsafelyUnwrapped {
            case .text:
                let length = u32()
                let text = bytes(length)
                assembler.appendText(text.baseAddress!, count: length)
            case .open:
                let index = u32()
                assembler.open(name: names.withUnsafeBufferPointer { $0[index] })
                depth += 1
            case .close:
                depth -= 1
                if depth > 0 {
                    assembler.closeIntoParent()
                } else {
                    let element = assembler.close()
                    try body(XMLDocumentWalker.Item(value: element.value, locations: element.locations))
                }
            case .attribute:
                let index = u32()
                let name = names.withUnsafeBufferPointer { $0[index] }
                assembler.addAttribute(name: name, value: bytes(u32()))
            case .filtered:
                assembler.markFiltered()
            case .openLocated:
                assembler.open(name: names[u32()])
                let line = u32()
                let column = u32()
                assembler.locate(
                    SourceLocation(file: inputName, line: line > 0 ? line : nil, column: column > 0 ? column : nil))
                depth += 1
            case .name:
                let index = u32()
                let id = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                let isMember = base.load(fromByteOffset: offset + 8, as: UInt8.self) != 0
                offset += 9
                let string = XMLText.string(bytes(u32()))
                let name = XMLName(string, id: UInt(id), isMember: isMember)
                // Indices are given as names are met, definitions as they are first used.
                if index >= names.count { names.append(contentsOf: repeatElement(XMLName(""), count: index + 1 - names.count)) }
                names[index] = name
            case .diagnostic:
                let diagnostic = tape.diagnostics[u32()]
                diagnostics?.emit(diagnostic)
            }
        }
    }
}
