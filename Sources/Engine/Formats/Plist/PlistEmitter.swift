/// Writes an XML property list (`--format plist`). Numbers keep their text: `<integer>` when
/// the literal is an integer (no fraction, no exponent), else `<real>`. Plists have no null,
/// so null members and elements are left out. Lines are indented with one tab per level up to
/// `IndentationCap.levels`, and the buffer goes to the sink whenever it passes 64 KiB, so
/// output is streamed and linear in size however deep the value nests.
public final class PlistEmitter: StructuredEmitter {
    private let sink: ByteSink
    private var buffer: [UInt8] = []
    private var depth = 0
    /// A key waiting for its value: written only if the value is not null.
    private var pendingKey: String?

    init(sink: ByteSink) {
        self.sink = sink
        buffer.reserveCapacity(1 << 16)
    }

    /// Writes the XML declaration, the DOCTYPE and `<plist>`.
    func beginDocument() throws {
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        append("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n")
        append("<plist version=\"1.0\">\n")
    }

    /// Closes `<plist>` and flushes.
    func endDocument() throws {
        append("</plist>\n")
        try flush()
    }

    func beginObject() throws {
        try writePendingKey()
        try line("<dict>")
        depth += 1
    }

    func key(_ name: String) throws {
        pendingKey = name
    }

    func endObject() throws {
        pendingKey = nil
        depth -= 1
        try line("</dict>")
    }

    func beginArray() throws {
        try writePendingKey()
        try line("<array>")
        depth += 1
    }

    func endArray() throws {
        depth -= 1
        try line("</array>")
    }

    func scalar(_ value: Value) throws {
        switch value {
        case .null:
            pendingKey = nil
        case .bool(let flag):
            try writePendingKey()
            try line(flag ? "<true/>" : "<false/>")
        case .number(let text):
            try writePendingKey()
            let isInteger = !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
            try line(isInteger ? "<integer>\(text)</integer>" : "<real>\(text)</real>")
        case .string(let text):
            try writePendingKey()
            try line("<string>\(XMLEscaping.escape(text))</string>")
        case .array, .object:
            try emit(value)
        }
    }

    private func writePendingKey() throws {
        if let key = pendingKey {
            try line("<key>\(XMLEscaping.escape(key))</key>")
            pendingKey = nil
        }
    }

    /// The most tabs a line starts with, copied from here in one piece rather than appended
    /// one by one (a generic iteration per tab where the build is not optimized).
    private static let tabs = [UInt8](repeating: UInt8(ascii: "\t"), count: IndentationCap.levels)

    private func line(_ text: String) throws {
        let levels = IndentationCap.levels(atDepth: depth)
        Self.tabs.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<levels])) }
        append(text)
        buffer.append(UInt8(ascii: "\n"))
        try flushIfLarge()
    }

    private func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private func flushIfLarge() throws {
        if buffer.count >= 1 << 16 { try flush() }
    }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Escaping for XML text and attribute values. Characters XML 1.0 cannot carry at all
/// (most C0 controls) become U+FFFD rather than producing a document no parser accepts.
public enum XMLEscaping {
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 < 0x20 }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}

extension PlistEmitter {
    /// `value` as a whole XML plist document.
    public static func document(_ value: Value) throws -> String {
        let sink = MemorySink()
        let emitter = PlistEmitter(sink: sink)
        try emitter.beginDocument()
        try emitter.emit(value)
        try emitter.endDocument()
        return sink.text
    }
}
