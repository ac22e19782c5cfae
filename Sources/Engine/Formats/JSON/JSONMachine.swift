/// The JSON grammar (RFC 8259), as a state machine over `JSONInput` that reports what it reads to
/// a `JSONBuilder`.
///
/// An explicit stack of open containers instead of recursion: nesting is bounded by `maxDepth`
/// alone, never by the thread's stack, so a 100,000-deep `[[[[…` is a prompt error wherever the
/// reader runs. The machine can also stop between two tokens when its window ends and go on
/// once a stream has put the next chunk in place: its state is the stack and `state`, and the
/// builder keeps what it has built, so streaming costs neither a second pass nor a copy of the
/// document, only that of the token cut by the chunk boundary.
struct JSONMachine {
    enum State: UInt8 {
        /// A value is next (top level, after `:`, after `,` in an array).
        case value
        /// Just after `[`: a value or `]`.
        case firstElement
        /// Just after `{`: a key or `}`.
        case firstKey
        /// After `,` in an object: a key.
        case nextKey
        /// After a key: `:`.
        case colon
        /// After a value inside a container: `,` or the closing bracket.
        case afterValue
    }

    var state = State.value
    /// The open containers, innermost last: set for an object.
    var containers = BitStack()
    let maxDepth: Int

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// Forgets a value left unfinished by an error, to read the next one.
    mutating func reset() {
        state = .value
        containers.removeAll()
    }

    /// Reads from `input.pos` until one top-level value is complete (true; `input.pos` is just
    /// after it) or the window ends while more input may come (false; `input.pos` is at the
    /// first byte still needed). Whitespace before the value is skipped.
    ///
    /// Whatever the error, `input.pos` is left at (or after) the byte where reading stood when
    /// it was thrown, so that a stream skipping the bad line resumes after that byte's line —
    /// a builder's own error (a repeated key path) included: left where this call began (the
    /// start of the value, or of the chunk), NDJSON locations after such an error would depend
    /// on how the bytes arrived.
    mutating func run<Builder: JSONBuilder>(_ input: inout JSONInput, _ builder: inout Builder) throws -> Bool {
        var pos = input.pos
        do {
            return try run(&input, &builder, from: &pos)
        } catch {
            input.pos = max(input.pos, pos)
            throw error
        }
    }

    @inline(__always)
    private mutating func run<Builder: JSONBuilder>(
        _ input: inout JSONInput, _ builder: inout Builder, from pos: inout Int
    ) throws -> Bool {
        let p = input.base
        let end = input.end
        while true {
            JSONMachine.skipWhitespace(p, &pos, end, &input)
            guard pos < end else {
                input.pos = pos
                if !input.isFinal { return false }
                throw input.fail(.jsonUnexpectedEnd, endOfInputMessage(), at: end)
            }
            var c = p[pos]

            // The sections below follow the order in which JSON's tokens follow each other; one
            // that knows what comes next moves on to it directly rather than round the loop
            // (whose only job is to resume after a refill).
            if state == .afterValue {
                if containers[containers.count &- 1] {
                    if c == UInt8(ascii: ",") {
                        pos &+= 1
                        state = .nextKey
                        JSONMachine.skipWhitespace(p, &pos, end, &input)
                        guard pos < end else { continue }
                        c = p[pos]
                    } else if c == UInt8(ascii: "}") {
                        pos &+= 1
                        containers.pop()
                        try builder.endObject()
                        if containers.isEmpty { return finish(&input, at: pos) }
                        continue
                    } else {
                        throw input.fail(.jsonSyntax, "expected ',' or '}' after an object member", at: pos)
                    }
                } else {
                    if c == UInt8(ascii: ",") {
                        pos &+= 1
                        state = .value
                        JSONMachine.skipWhitespace(p, &pos, end, &input)
                        guard pos < end else { continue }
                        c = p[pos]
                    } else if c == UInt8(ascii: "]") {
                        pos &+= 1
                        containers.pop()
                        try builder.endArray()
                        if containers.isEmpty { return finish(&input, at: pos) }
                        continue
                    } else {
                        throw input.fail(.jsonSyntax, "expected ',' or ']' after an array element", at: pos)
                    }
                }
            }
            if state == .firstKey || state == .nextKey {
                if c == UInt8(ascii: "\"") {
                    let position = builder.wantsLocations ? input.position(at: pos) : .none
                    guard let (close, escaped) = try input.scanString(from: pos) else {
                        input.pos = pos
                        return false
                    }
                    let token = JSONStringToken(
                        bytes: UnsafeBufferPointer(start: p + (pos &+ 1), count: close &- pos &- 1), hasEscapes: escaped,
                        readable: end &- pos &- 1)
                    try builder.key(token, at: position)
                    pos = close &+ 1
                    state = .colon
                    JSONMachine.skipWhitespace(p, &pos, end, &input)
                    guard pos < end else { continue }
                    c = p[pos]
                } else if c == UInt8(ascii: "}") {
                    if state == .nextKey { throw input.fail(.jsonSyntax, "trailing comma before '}'", at: pos) }
                    pos &+= 1
                    containers.pop()
                    try builder.endObject()
                    state = .afterValue
                    if containers.isEmpty { return finish(&input, at: pos) }
                    continue
                } else if state == .firstKey {
                    throw input.fail(.jsonSyntax, "expected a string key or '}' in an object", at: pos)
                } else {
                    throw input.fail(.jsonSyntax, "expected a string key after ','", at: pos)
                }
            }
            if state == .colon {
                guard c == UInt8(ascii: ":") else { throw input.fail(.jsonSyntax, "expected ':' after an object key", at: pos) }
                pos &+= 1
                state = .value
                JSONMachine.skipWhitespace(p, &pos, end, &input)
                guard pos < end else { continue }
                c = p[pos]
            } else if state == .firstElement {
                if c == UInt8(ascii: "]") {
                    pos &+= 1
                    containers.pop()
                    try builder.endArray()
                    state = .afterValue
                    if containers.isEmpty { return finish(&input, at: pos) }
                    continue
                }
                state = .value
            }

            // A value starts at `pos`.
            let position = builder.wantsLocations ? input.position(at: pos) : .none
            switch c {
            case UInt8(ascii: "\""):
                guard let (close, escaped) = try input.scanString(from: pos) else {
                    input.pos = pos
                    return false
                }
                let token = JSONStringToken(
                    bytes: UnsafeBufferPointer(start: p + (pos &+ 1), count: close &- pos &- 1), hasEscapes: escaped,
                    readable: end &- pos &- 1)
                try builder.string(token, at: position)
                pos = close &+ 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if containers.count >= maxDepth {
                    throw input.fail(.jsonTooDeep, "nesting deeper than \(maxDepth) levels", at: pos)
                }
                pos &+= 1
                if c == UInt8(ascii: "{") {
                    containers.push(true)
                    try builder.beginObject(at: position)
                    state = .firstKey
                } else {
                    containers.push(false)
                    try builder.beginArray(at: position)
                    state = .firstElement
                }
                continue
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let (numberEnd, isInteger) = try input.scanNumber(from: pos) else {
                    input.pos = pos
                    return false
                }
                let token = JSONNumberToken(
                    bytes: UnsafeBufferPointer(start: p + pos, count: numberEnd &- pos), isInteger: isInteger)
                try builder.number(token, at: position)
                pos = numberEnd
            case UInt8(ascii: "t"):
                guard try input.scanLiteral(.true, at: pos) else {
                    input.pos = pos
                    return false
                }
                try builder.bool(true, at: position)
                pos &+= 4
            case UInt8(ascii: "f"):
                guard try input.scanLiteral(.false, at: pos) else {
                    input.pos = pos
                    return false
                }
                try builder.bool(false, at: position)
                pos &+= 5
            case UInt8(ascii: "n"):
                guard try input.scanLiteral(.null, at: pos) else {
                    input.pos = pos
                    return false
                }
                try builder.null(at: position)
                pos &+= 4
            default:
                if c == UInt8(ascii: "]"), containers.top == false {
                    throw input.fail(.jsonSyntax, "trailing comma before ']'", at: pos)
                }
                // A multi-byte character cut by the window: name it once it is whole.
                if c >= 0x80, try input.utf8SequenceLength(at: pos) == 0 {
                    input.pos = pos
                    return false
                }
                let name = try input.characterName(at: pos)
                throw input.fail(.jsonSyntax, "unexpected character \(name)", at: pos)
            }
            state = .afterValue
            if containers.isEmpty { return finish(&input, at: pos) }
        }
    }

    /// Skips whitespace, counting lines: JSON allows line breaks nowhere else.
    @inline(__always)
    private static func skipWhitespace(
        _ p: UnsafePointer<UInt8>, _ pos: inout Int, _ end: Int, _ input: inout JSONInput
    ) {
        while pos < end {
            let c = p[pos]
            if c > 0x20 { return }
            if c == 0x20 || c == 0x09 || c == 0x0D {
                pos &+= 1
            } else if c == 0x0A {
                pos &+= 1
                input.line &+= 1
                input.lineStart = input.offset &+ pos
            } else {
                return
            }
        }
    }

    @inline(__always)
    private mutating func finish(_ input: inout JSONInput, at pos: Int) -> Bool {
        input.pos = pos
        state = .value
        return true
    }

    private func endOfInputMessage() -> String {
        guard let innermost = containers.top else { return "unexpected end of input, expected a JSON value" }
        return innermost ? "unexpected end of input in an object" : "unexpected end of input in an array"
    }
}
