#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads JSON from a `ByteSource` in chunks, one top-level value after another, so that a
/// payload larger than memory, NDJSON, or standard input can be mapped as it arrives.
///
/// Memory holds one chunk (1 MiB by default) plus what is being built: a whole top-level value
/// for `nextValue`, one element for `streamElements`. The chunk grows only when a single token
/// (a string, a number) is larger than half of it. Values may be separated by any whitespace,
/// or none (`{}{}`); lines and columns count from the start of the input, so an error in the
/// 3rd line of NDJSON says line 3.
///
/// Typical use:
/// - JSON: `let outcome = try reader.streamElements(at: ["employees_list"]) { ... }`, then
///   `try reader.hasMoreValues()` — true means several top-level values, i.e. NDJSON (SPEC §2,
///   auto-detection); for `--input-format json`, `try reader.expectEnd()` instead.
/// - NDJSON: `while let document = try reader.nextValue() { ... }`, or `streamElements` per
///   document while `hasMoreValues()`. After an error, `skipLine()` resumes at the next line.
public final class JSONStreamReader {
    /// How diagnostics name the input.
    var name: String { source.name }
    /// Top-level values read completely so far.
    private(set) var valuesRead = 0
    /// The last key path and member filter, prepared (NDJSON streams each line with the same).
    private var preparedTarget: JSONPathTarget?
    /// Parse streamed elements on a thread of their own while the caller maps (`--threads`
    /// above 1): the first document's through JSONParseThread; from the second on (NDJSON),
    /// one thread reads all the remaining documents ahead (JSONDocumentPrefetch).
    var parsesOnOwnThread = false
    /// From the second document on, with `parsesOnOwnThread`: the parser thread reading the
    /// remaining documents ahead (NDJSON; JSONDocumentPrefetch).
    private var prefetch: JSONDocumentPrefetch?

    private let source: ByteSource
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The window the reader grows to while the input keeps filling it: it starts small, so
    /// that a small input (a request body, one fuzzer input, a test) costs no megabyte-sized
    /// allocation, and doubles at each refill the source filled, up to `chunkSize`.
    private let chunkSize: Int
    private var filledLastTime = false
    static let initialCapacity = 1 << 14
    private var input: JSONInput
    private var machine: JSONMachine
    private var started = false
    /// Builders kept from one value to the next (NDJSON reads hundreds of thousands of small
    /// documents; their stacks and string cache are worth keeping).
    lazy var valueBuilder = JSONValueBuilder()
    private lazy var locatingBuilder = JSONLocatingBuilder(file: name)

    /// - Parameters:
    ///   - maxDepth: containers nested deeper than this are an error (`--max-depth`).
    ///   - chunkSize: bytes read at a time; tests use tiny ones so that values straddle chunks.
    init(source: ByteSource, maxDepth: Int = JSONReader.defaultMaxDepth, chunkSize: Int = 1 << 20) {
        self.source = source
        self.chunkSize = max(chunkSize, 2)
        capacity = min(self.chunkSize, Self.initialCapacity)
        buffer = .allocate(capacity: capacity)
        input = JSONInput(file: source.name, base: buffer, count: 0, isFinal: false)
        machine = JSONMachine(maxDepth: maxDepth)
    }

    deinit {
        buffer.deallocate()
    }

    /// Whether another top-level value follows (only whitespace was skipped to find out).
    func hasMoreValues() throws -> Bool {
        if let prefetch { return prefetch.hasMore() }
        return try skipToValue()
    }

    /// Throws `trailing characters after the JSON value` unless only whitespace is left: for
    /// inputs that must hold exactly one document.
    func expectEnd() throws {
        precondition(prefetch == nil, "expectEnd after NDJSON documents were read ahead")
        if try skipToValue() { throw input.fail(.jsonSyntax, "trailing characters after the JSON value", at: input.pos) }
    }

    /// The next top-level value, or nil at the end of the input.
    /// - Parameter withLocations: also record where each value starts (`validate`).
    public func nextValue(withLocations: Bool = false) throws -> JSONDocument? {
        precondition(prefetch == nil, "nextValue after NDJSON documents were read ahead with streamElements")
        guard try skipToValue() else { return nil }
        let location = input.location(at: input.pos)
        if withLocations {
            let builder = locatingBuilder
            builder.reset()
            var driver = builder
            try read(into: &driver)
            let (value, locations) = builder.take()
            return JSONDocument(value: value, location: location, locations: locations)
        }
        let builder = valueBuilder
        builder.reset()
        var driver = builder
        try read(into: &driver)
        return JSONDocument(value: builder.takeValue(), location: location, locations: PayloadLocations())
    }

    /// Calls `body` with each remaining top-level value, in order (NDJSON); returns how many
    /// there were. Stops at the first error; `nextValue` with `skipLine` goes on past bad lines.
    @discardableResult
    func forEachValue(withLocations: Bool = false, _ body: (JSONDocument) throws -> Void) throws -> Int {
        var count = 0
        while let document = try nextValue(withLocations: withLocations) {
            try body(document)
            count += 1
        }
        return count
    }

    /// Reads the next top-level value and hands `body` the value at `keyPath` in it: each
    /// element, in order, when it is an array; the value itself (index nil) otherwise. What lies
    /// off the path is checked but not built. An empty `keyPath` means the document itself.
    ///
    /// - Parameters:
    ///   - keyPath: object keys from the root, e.g. `["data", "items"]`, compared with the
    ///     document's keys by their UTF-8 bytes.
    ///   - members: when given, an element that is an object keeps only these keys; the values
    ///     of the others are checked but not built (for a mapper that knows what it reads).
    ///   - withLocations: give each element its location and its values' locations, keyed by
    ///     pointers from the document's root.
    ///   An array met before the end of the path hands out its elements, each with the keys
    ///   still to apply (`JSONStreamElement.remainingKeyPath`), as key-value coding fans out
    ///   over arrays — on every thread count.
    /// - Returns: what was at the path; `.notFound` when nothing was.
    /// - Throws: `RestmapError` for malformed JSON (elements before the error were already
    ///   handed out), `JSONPathKeyRepeated` when a key of the path occurs again after the
    ///   target was reached, and whatever `body` throws. At the end of the input: `unexpected
    ///   end of input, expected a JSON value`.
    @discardableResult
    func streamElements(
        at keyPath: [String], members: Set<String>? = nil, withLocations: Bool = false,
        _ body: (JSONStreamElement) throws -> Void
    ) throws -> JSONPathOutcome {
        if let prefetch {
            precondition(
                !withLocations && prefetch.target.keyPath == keyPath && prefetch.target.memberSet == members,
                "documents read ahead are streamed with one key path and member set")
            return try streamPrefetched(prefetch, body)
        }
        guard try skipToValue() else {
            throw input.fail(.jsonUnexpectedEnd, "unexpected end of input, expected a JSON value", at: input.pos)
        }
        if preparedTarget?.keyPath != keyPath || preparedTarget?.memberSet != members {
            preparedTarget = JSONPathTarget(path: keyPath, members: members)
        }
        let target = preparedTarget!
        if parsesOnOwnThread && valuesRead > 0 && !withLocations {
            prefetch = JSONDocumentPrefetch(reader: self, target: target)
            if let prefetch { return try streamPrefetched(prefetch, body) }
        }
        return try withoutActuallyEscaping(body) { body in
            let onOwnThread = parsesOnOwnThread && valuesRead == 0
            if withLocations {
                locatingBuilder.reset()
                if onOwnThread, let outcome = try JSONParseThread(
                    reader: self, target: target, inner: locatingBuilder, locations: true).run(body) {
                    return outcome
                }
                var builder = JSONPathBuilder(
                    target: target, inner: locatingBuilder, file: name, locations: true, body: body)
                try read(into: &builder)
                return builder.outcome
            }
            // On a thread of its own, the parser leaves some values to be built here, on the
            // thread that maps them, while this one keeps up (JSONHandOffBuilder).
            if onOwnThread, let outcome = try JSONParseThread(
                reader: self, target: target, inner: JSONHandOffBuilder(members: target.members), locations: false).run(body) {
                return outcome
            }
            valueBuilder.reset()
            var builder = JSONPathBuilder(
                target: target, inner: valueBuilder, file: name, locations: false, body: body)
            try read(into: &builder)
            return builder.outcome
        }
    }

    private func streamPrefetched(
        _ prefetch: JSONDocumentPrefetch, _ body: (JSONStreamElement) throws -> Void
    ) throws -> JSONPathOutcome {
        try prefetch.streamNext(body) {
            failHere(.jsonUnexpectedEnd, "unexpected end of input, expected a JSON value")
        }
    }

    /// An error located where reading stands (after `nextValue` returned nil: the end).
    func failHere(_ code: DiagnosticCode, _ message: String) -> RestmapError {
        input.fail(code, message, at: input.pos)
    }

    /// After an error, drops the rest of the current line, so that the next read starts on
    /// the following one (NDJSON: report a bad line and go on). A line that runs on past
    /// `InputLimits.skippedLineBytes` without a break (`/dev/zero`, a binary file) ends the
    /// input with an error instead of being read to its end.
    func skipLine() throws {
        if prefetch != nil { return }  // the parser thread skipped it already
        try skipRestOfLine()
    }

    /// `skipLine` on the thread that parses.
    func skipRestOfLine() throws {
        machine.reset()
        let start = input.offset + input.pos
        while true {
            if input.pos < input.end, let newline = memchr(buffer + input.pos, 0x0A, input.end - input.pos) {
                input.pos = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                input.line += 1
                input.lineStart = input.offset + input.pos
                return
            }
            input.pos = input.end
            if input.isFinal { return }
            if input.offset + input.pos - start > InputLimits.skippedLineBytes {
                throw input.fail(
                    .inputTooLarge,
                    "a malformed line runs on for more than \(InputLimits.skippedLineBytes >> 20) MiB without a line break; the rest of the input is not read",
                    at: input.pos)
            }
            try refill()
        }
    }

    // MARK: - Chunks

    /// Runs the grammar over one top-level value, refilling the window as it needs.
    func read<Builder: JSONBuilder>(into builder: inout Builder) throws {
        machine.reset()
        while true {
            if try machine.run(&input, &builder) {
                valuesRead += 1
                return
            }
            try refill()
        }
    }

    /// Skips whitespace to the next value, refilling as needed; false at the end of the input.
    func skipToValue() throws -> Bool {
        if !started { try start() }
        while true {
            input.skipWhitespace()
            if input.pos < input.end { return true }
            if input.isFinal { return false }
            try refill()
        }
    }

    /// The first chunk, and a byte-order mark at its start.
    /// A UTF-16 byte-order mark is refused here, once its two bytes are in, however they
    /// arrive.
    private func start() throws {
        started = true
        repeat {
            try refill()
        } while !input.isFinal && input.end < 3
            && ((0..<input.end).allSatisfy { buffer[$0] == [0xEF, 0xBB, 0xBF][$0] }
                || (input.end == 1 && (buffer[0] == 0xFF || buffer[0] == 0xFE)))
        input.skipByteOrderMark()
        if input.end >= 2, (buffer[0], buffer[1]) == (0xFF, 0xFE) || (buffer[0], buffer[1]) == (0xFE, 0xFF) {
            throw input.fail(.jsonInvalidUTF8, "the input starts with a UTF-16 byte-order mark; JSON must be UTF-8 (RFC 8259)", at: 0)
        }
    }

    /// Drops the bytes before `input.pos` and reads more after those kept. Reads until the new
    /// bytes at least match the kept ones (or the window is full), so that a token cut by the
    /// chunk boundary is scanned again at most as many times as the window doubles.
    private func refill() throws {
        let keep = input.pos
        input.anchor(at: keep)
        let kept = input.end - keep
        if keep > 0 && kept > 0 { memmove(buffer, buffer + keep, kept) }
        input.offset += keep
        input.pos = 0
        input.end = kept
        if kept * 2 > capacity || (filledLastTime && capacity < chunkSize) {
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            bigger.update(from: buffer, count: kept)
            buffer.deallocate()
            buffer = bigger
            capacity *= 2
        }
        input.base = UnsafePointer(buffer)
        var added = 0
        defer { filledLastTime = input.end == capacity }
        while input.end < capacity {
            let count = try source.read(
                into: UnsafeMutableRawBufferPointer(start: buffer + input.end, count: capacity - input.end))
            if count == 0 {
                input.isFinal = true
                return
            }
            input.end += count
            added += count
            if added >= kept { return }
        }
    }
}
