import RestmapEngine

/// A document value (an example) as JSON text whose tokens sit on the lines and columns
/// they have in the document: JSON allows any whitespace between tokens, so newlines and
/// spaces carry each value to its place. What `validate` then says about "line 12,
/// column 7" of the example is line 12, column 7 of the OpenAPI document itself — exactly
/// for block-style YAML; on a line of flow style (`{id: 7, name: Rex}`) JSON's quotes push
/// later tokens to the right, so the line is right and the column approximate.
///
/// Scalars are typed as YAML's core schema types them: plain `null`, `~` and nothing are
/// null, plain `true`/`false` are booleans, plain numbers that JSON can write are numbers,
/// everything else (quoted, or `0x1F`, `.5`) is a string.
struct PositionedJSON {
    private(set) var bytes: [UInt8] = []
    private var line = 1
    private var column = 1

    /// `node` as positioned JSON.
    static func render(_ node: SpecNode) -> [UInt8] {
        var writer = PositionedJSON()
        writer.write(node)
        writer.bytes.append(UInt8(ascii: "\n"))
        return writer.bytes
    }

    private mutating func write(_ node: SpecNode) {
        switch node.content {
        case .scalar(let text, let plain):
            move(to: node)
            emit(Self.scalar(text, plain: plain))
        case .sequence(let elements):
            openCollection(node)
            emit("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { emit(",") }
                write(element)
            }
            emit("]")
        case .mapping(let members):
            openCollection(node)
            emit("{")
            for (index, member) in members.enumerated() {
                if index > 0 { emit(",") }
                // A scalar's key goes just before it on its line, where the document has it; a
                // block collection's key on the line above its first member.
                let key = Self.quoted(member.key) + ":"
                let isScalar = member.value.text != nil
                advanceLines(to: isScalar ? member.value.line : member.value.line - 1)
                let start = member.value.column - key.unicodeScalars.count - 1
                if line == member.value.line, column < start {
                    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: start - column))
                    column = start
                }
                emit(key)
                write(member.value)
            }
            emit("}")
        }
    }

    /// A bracket goes where the previous token ended (a nested object's `{` on its key's
    /// line), so that the keys and values inside can take their own columns; the outermost
    /// one goes on the line above its first member.
    private mutating func openCollection(_ node: SpecNode) {
        if bytes.isEmpty { advanceLines(to: node.line - 1) }
    }

    private mutating func move(to node: SpecNode) {
        advanceLines(to: node.line)
        if line == node.line, column < node.column {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: node.column - column))
            column = node.column
        }
    }

    private mutating func advanceLines(to target: Int) {
        while line < target {
            bytes.append(UInt8(ascii: "\n"))
            line += 1
            column = 1
        }
    }

    private mutating func emit(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        column += text.unicodeScalars.count
    }

    static func scalar(_ text: String, plain: Bool) -> String {
        guard plain else { return quoted(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return "null"
        case "true", "True", "TRUE": return "true"
        case "false", "False", "FALSE": return "false"
        default: return isJSONNumber(text) ? text : quoted(text)
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if digits() == 0 { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }

    /// `text` as a JSON string, escaped as restmap writes every JSON string.
    static func quoted(_ text: String) -> String {
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .compact)
        try? writer.string(text)
        try? writer.flush()
        return sink.text
    }
}
