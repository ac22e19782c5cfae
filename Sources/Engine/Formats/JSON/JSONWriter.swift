/// Writes JSON by appending bytes to a buffer that goes to a `ByteSink` in large chunks: the
/// output side of `map`, `request` and the reports. Either whole `Value` trees (`write(_:)`) or
/// event by event (`beginObject`, `key`, `string`, ...), the writer placing commas, and in
/// pretty style line breaks and indentation.
///
/// - `.pretty`: 2-space indent (up to `IndentationCap.levels` levels, then flat), `"key": value`,
///   `[]` and `{}` for empty containers.
/// - `.compact`: no whitespace at all.
///
/// Strings escape `"`, `\` and control characters (`\n \t \r \b \f`, others as `\u001f`), and
/// write everything else as raw UTF-8 (`/`, DEL and U+2028 included). Numbers are written as
/// their text. Nothing depends on hashing or addresses: the same calls give the same bytes.
/// Nothing is written after a top-level value (a final newline, NDJSON's line breaks): the
/// caller adds `newline()` where it wants one. Call `flush()` at the end.
public final class JSONWriter {
    /// The layout of the output.
    public enum Style: Sendable {
        case pretty
        case compact
    }

    /// Pretty or compact, for the writer's whole life.
    let style: Style
    /// Whether strings stored inline are copied as their two words (`SmallStringBits`).
    private let writesInline = SmallStringBits.isUsable
    private let sink: ByteSink
    /// `sink`, when it keeps full buffers itself (`ChunkedMemorySink`): they are handed over,
    /// not copied.
    private let adoptingSink: BufferAdoptingSink?
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Open containers.
    private var depth = 0
    /// The innermost open container has members already (the next one needs a comma).
    private var hasMembers = false
    /// A key was just written; its value follows on the same line.
    private var afterKey = false
    /// How many times the buffer went to the sink: a replay mark is good while this stays.
    private var flushes = 0
    /// A line break and the deepest indentation, padded to whole words: a line's start is
    /// a prefix of it, copied a word at a time (a `memset` per line cost more than the copy).
    private let lineStart: UnsafeMutablePointer<UInt8>
    private static let lineStartCount = 1 + 2 * IndentationCap.levels

    /// - Parameter bufferSize: bytes collected before they go to `sink` (at least 64 KiB).
    public init(sink: ByteSink, style: Style = .pretty, bufferSize: Int = 1 << 18) {
        self.sink = sink
        adoptingSink = sink as? BufferAdoptingSink
        self.style = style
        capacity = max(bufferSize, 1 << 16)
        buffer = .allocate(capacity: capacity)
        let padded = JSONEncodedKey.paddedCount(Self.lineStartCount)
        lineStart = .allocate(capacity: padded)
        lineStart.initialize(repeating: 0x20, count: padded)
        lineStart[0] = 0x0A
    }

    deinit {
        buffer.deallocate()
        lineStart.deallocate()
    }

    /// Hands everything written so far to the sink.
    public func flush() throws {
        guard count > 0 else { return }
        let pending = count
        count = 0
        flushes &+= 1
        if let adoptingSink {
            let full = buffer
            buffer = .allocate(capacity: capacity)
            adoptingSink.adopt(full, count: pending)
            return
        }
        try sink.write(UnsafeRawBufferPointer(start: buffer, count: pending))
    }

    // MARK: - Events

    /// `{`: the members follow as `key` + value pairs.
    public func beginObject() throws {
        try open(UInt8(ascii: "{"))
    }

    /// `}`: on a line of its own in pretty style, unless the object is empty (`{}`).
    public func endObject() throws {
        try close(UInt8(ascii: "}"))
    }

    /// `[`: the elements follow.
    public func beginArray() throws {
        try open(UInt8(ascii: "["))
    }

    /// `]`: on a line of its own in pretty style, unless the array is empty (`[]`).
    public func endArray() throws {
        try close(UInt8(ascii: "]"))
    }

    /// The key of the next object member; its value comes with the next call.
    public func key(_ key: String) throws {
        try beforeValue()
        try writeQuoted(key)
        try reserve(2)
        put(UInt8(ascii: ":"))
        if style == .pretty { put(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// A key encoded beforehand: for the keys written in every record (attribute names), this
    /// spares escaping them again each time.
    func key(_ key: JSONEncodedKey) throws {
        guard depth > 0, !afterKey else {
            // (Not inside an object: the general path, which places it as a value.)
            try beforeValue()
            try reserve(JSONEncodedKey.paddedCount(key.quoted.count) + 2)
            putWords(key.quoted)
            put(UInt8(ascii: ":"))
            if style == .pretty { put(UInt8(ascii: " ")) }
            afterKey = true
            return
        }
        // A member: comma, line start, key and colon under one check for room, written
        // through a local cursor (each `put` stores the count back).
        let pretty = style == .pretty
        let lineCount = pretty ? 1 &+ 2 &* IndentationCap.levels(atDepth: depth) : 0
        try reserve(1 &+ JSONEncodedKey.paddedCount(lineCount) &+ JSONEncodedKey.paddedCount(key.quoted.count) &+ 2)
        var cursor = buffer + count
        if hasMembers {
            cursor.pointee = UInt8(ascii: ",")
            cursor += 1
        }
        hasMembers = true
        if pretty { cursor = JSONEncodedKey.copyPadded(UnsafeBufferPointer(start: lineStart, count: lineCount), to: cursor) }
        cursor = JSONEncodedKey.copyPadded(key.quoted, to: cursor)
        cursor.pointee = UInt8(ascii: ":")
        cursor[1] = UInt8(ascii: " ")
        count = cursor - buffer + (pretty ? 2 : 1)
        afterKey = true
    }

    /// A string value encoded beforehand.
    func string(_ encoded: JSONEncodedKey) throws {
        try beforeValue()
        try reserve(JSONEncodedKey.paddedCount(encoded.quoted.count))
        putWords(encoded.quoted)
    }

    /// Appends short bytes (an encoded key, a line's start) a word at a time: a call to
    /// `memcpy` cost more than the copy. Their storage must run on to a whole number of
    /// words; the words past their end land beyond `count`, room `reserve` made, and are
    /// overwritten by what comes next.
    @inline(__always)
    private func putWords(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = JSONEncodedKey.copyPadded(bytes, to: buffer + count) - buffer
    }

    /// A string value, escaped as the type's comment says.
    public func string(_ text: String) throws {
        try beforeValue()
        try writeQuoted(text)
    }

    /// A number, written as the given literal text (which the caller vouches for).
    func number(_ text: String) throws {
        try beforeValue()
        try writeRaw(text)
    }

    /// `true` or `false`.
    func bool(_ value: Bool) throws {
        try beforeValue()
        try writeRaw(value ? "true" : "false")
    }

    /// `null`.
    public func null() throws {
        try beforeValue()
        try writeRaw("null")
    }

    /// A line break, between top-level values or after the last one.
    public func newline() throws {
        try reserve(1)
        put(0x0A)
    }

    // MARK: - Replay

    /// Room kept free when a replayable value begins, so that a value of up to this size is
    /// still in the buffer when it ends (a flush in between makes it unavailable).
    static let replayHeadroom = 1 << 13

    /// Writes what goes before a value (comma, line break, indentation) and marks where the
    /// value's own bytes begin; the value's first event then adds no separator of its own.
    func beginReplayableValue() throws -> ReplayMark? {
        try beforeValue()
        afterKey = true
        if capacity - count < Self.replayHeadroom { try flush() }
        return ReplayMark(depth: depth, offset: count, generation: flushes)
    }

    /// The bytes written since `mark` (one whole value), nil when they went to the sink.
    func valueBytes(since mark: ReplayMark) -> [UInt8]? {
        guard mark.generation == flushes, mark.offset <= count else { return nil }
        return Array(UnsafeBufferPointer(start: buffer + mark.offset, count: count - mark.offset))
    }

    /// Writes, after `beginReplayableValue()`, a value as bytes `valueBytes(since:)` gave for
    /// a value begun at the same depth.
    func replayValue(_ bytes: [UInt8]) throws {
        afterKey = false
        try bytes.withUnsafeBufferPointer { try writeBytes($0) }
    }

    // MARK: - Bytes

    /// Commas, line breaks and indentation before a value or a key.
    @inline(__always)
    private func beforeValue() throws {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        let comma = hasMembers
        hasMembers = true
        if style == .compact {
            if comma {
                try reserve(1)
                put(UInt8(ascii: ","))
            }
            return
        }
        let indent = IndentationCap.levels(atDepth: depth)
        try reserve(2 + 2 * indent + 7)
        if comma { put(UInt8(ascii: ",")) }
        newlineAndIndent(indent)
    }

    private func open(_ bracket: UInt8) throws {
        try beforeValue()
        try reserve(1)
        put(bracket)
        hasMembers = false
        depth += 1
    }

    private func close(_ bracket: UInt8) throws {
        let hadMembers = hasMembers
        depth -= 1
        // The enclosing container has a member now, this one (`beforeValue` said so as it
        // opened); the top level has none to separate.
        hasMembers = depth > 0
        let indent = IndentationCap.levels(atDepth: depth)
        try reserve(2 + 2 * indent + 7)
        if hadMembers && style == .pretty { newlineAndIndent(indent) }
        put(bracket)
    }

    /// Copied as `putWords` copies keys: up to seven bytes past the line's end, into room
    /// the caller reserved.
    @inline(__always)
    private func newlineAndIndent(_ levels: Int) {
        putWords(UnsafeBufferPointer(start: lineStart, count: 1 + 2 * levels))
    }

    /// Makes room for `n` more bytes, flushing (and, for one huge piece, growing) the buffer.
    @inline(__always)
    private func reserve(_ n: Int) throws {
        if count + n <= capacity { return }
        try flush()
        if n > capacity {
            buffer.deallocate()
            capacity = n
            buffer = .allocate(capacity: capacity)
        }
    }

    @inline(__always)
    private func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    private func writeRaw(_ text: String) throws {
        if writesInline, let inline = SmallStringBits.inlineWords(of: text) {
            try reserve(Self.inlineBytes)
            putInline(inline)
            return
        }
        if let done: Void = try text.utf8.withContiguousStorageIfAvailable({ try writeBytes($0) }) {
            return done
        }
        try Array(text.utf8).withUnsafeBufferPointer { try writeBytes($0) }
    }

    /// Copies `bytes` in; a piece larger than the room left fills the buffer, which is flushed
    /// whole, so that the sink always gets full chunks.
    private func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard var source = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            if count == capacity { try flush() }
            let n = min(remaining, capacity - count)
            (buffer + count).update(from: source, count: n)
            count += n
            source += n
            remaining -= n
        }
    }

    private func writeQuoted(_ text: String) throws {
        if writesInline, let inline = SmallStringBits.inlineWords(of: text),
            !WordMask.hasJSONEscapes(low: inline.low, high: inline.high, count: inline.count)
        {
            try reserve(Self.inlineBytes + 2)
            put(UInt8(ascii: "\""))
            putInline(inline)
            put(UInt8(ascii: "\""))
            return
        }
        if let done: Void = try text.utf8.withContiguousStorageIfAvailable({ try writeQuotedBytes($0) }) {
            return done
        }
        try Array(text.utf8).withUnsafeBufferPointer { try writeQuotedBytes($0) }
    }

    /// What `putInline` stores: a string's two words, whatever its length.
    private static let inlineBytes = 16

    /// Appends the bytes of a string stored inline, its two words whole (what lands past its
    /// bytes is room `reserve` made for `inlineBytes`, overwritten by what comes next).
    @inline(__always)
    private func putInline(_ inline: (low: UInt64, high: UInt64, count: Int)) {
        let target = UnsafeMutableRawPointer(buffer + count)
        target.storeBytes(of: inline.low, toByteOffset: 0, as: UInt64.self)
        target.storeBytes(of: inline.high, toByteOffset: 8, as: UInt64.self)
        count += inline.count
    }

    /// A string between quotes. Most strings need no escape and fit in the buffer: they are
    /// found so with one scan and copied whole; the others go through `writeEscaped`.
    @inline(__always)
    private func writeQuotedBytes(_ text: UnsafeBufferPointer<UInt8>) throws {
        let n = text.count
        guard let source = text.baseAddress, count + n + 2 <= capacity else {
            try reserve(1)
            put(UInt8(ascii: "\""))
            try writeEscaped(text, from: 0)
            return
        }
        let plain = JSONWriter.plainPrefixLength(source, n)
        buffer[count] = UInt8(ascii: "\"")
        (buffer + count + 1).update(from: source, count: plain)
        count += plain + 1
        if plain == n {
            buffer[count] = UInt8(ascii: "\"")
            count += 1
        } else {
            try writeEscaped(text, from: plain)
        }
    }

    /// How many bytes from the start of `source` need no escape.
    @inline(__always)
    private static func plainPrefixLength(_ source: UnsafePointer<UInt8>, _ n: Int) -> Int {
        ByteScan.first(JSONEscapes(), in: source, count: n)
    }

    /// The rest of a string from `start` (its opening quote and what precedes `start` are
    /// written), escaping what must be, then the closing quote.
    private func writeEscaped(_ text: UnsafeBufferPointer<UInt8>, from start: Int) throws {
        let n = text.count
        var i = start
        while i < n {
            let plain = JSONWriter.plainPrefixLength(text.baseAddress! + i, n - i)
            try writeBytes(UnsafeBufferPointer(rebasing: text[i..<i + plain]))
            i += plain
            guard i < n else { break }
            try reserve(JSONEscapeSequence.maximumCount)
            count += JSONEscapeSequence.write(text[i], to: buffer + count)
            i += 1
        }
        try reserve(1)
        put(UInt8(ascii: "\""))
    }
}

