/// Where each dictionary of an XML plist ends, by its key path from the root (`[]` the root,
/// `["entity_attribute_mappings", "Employee"]` one entity's attributes): the offset of its
/// `</dict>`, where new entries can be written without touching anything else in the file —
/// comments, order, indentation. Dictionaries inside arrays are not listed. The text has
/// been read by the real plist reader first, so it is well-formed; this only walks tags.
struct PlistDictionaryEnds {
    private(set) var ends: [[String]: Int] = [:]
    /// The indentation of the line each `</dict>` is on.
    private(set) var indents: [[String]: String] = [:]
    /// Every key's path, whatever its value.
    private(set) var keys: Set<[String]> = []

    init(_ text: [UInt8]) {
        var stack: [(isDict: Bool, path: [String]?)] = []
        var pendingKey: String?
        var index = 0
        while let open = Self.find(UInt8(ascii: "<"), in: text, from: index) {
            if Self.starts(text, at: open, with: "<!--") {
                index = Self.end(of: "-->", in: text, from: open + 4)
                continue
            }
            if Self.starts(text, at: open, with: "<![CDATA[") {
                index = Self.end(of: "]]>", in: text, from: open + 9)
                continue
            }
            guard let close = Self.find(UInt8(ascii: ">"), in: text, from: open) else { break }
            let tag = String(decoding: text[(open + 1)..<close], as: UTF8.self)
            index = close + 1
            if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
            let name = tag.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "\t" || $0 == "\n" }).first.map(String.init) ?? ""
            let selfClosing = tag.hasSuffix("/")
            let parentPath: [String]? = stack.last.map { parent in parent.isDict ? parent.path.flatMap { path in pendingKey.map { path + [$0] } } : nil } ?? []
            switch (name, tag.hasPrefix("/")) {
            case ("key", false):
                let textEnd = Self.find(UInt8(ascii: "<"), in: text, from: index) ?? text.count
                pendingKey = Self.unescaped(String(decoding: text[index..<textEnd], as: UTF8.self))
                if let parent = stack.last, parent.isDict, let path = parent.path, let key = pendingKey { keys.insert(path + [key]) }
                index = textEnd
            case ("dict", false):
                if !selfClosing { stack.append((true, parentPath)) }
                pendingKey = nil
            case ("array", false):
                if !selfClosing { stack.append((false, nil)) }
                pendingKey = nil
            case ("dict", true), ("array", true):
                let done = stack.removeLast()
                if done.isDict, let path = done.path {
                    ends[path] = open
                    var lineStart = open
                    while lineStart > 0 && text[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
                    indents[path] = String(decoding: text[lineStart..<open].prefix { $0 == 9 || $0 == 32 }, as: UTF8.self)
                }
                pendingKey = nil
            default:
                // Any other value (`<string>`, `<true/>`, ...) takes the key it follows.
                if !tag.hasPrefix("/") && name != "plist" { pendingKey = nil }
            }
        }
    }

    private static func find(_ byte: UInt8, in text: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < text.count {
            if text[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private static func starts(_ text: [UInt8], at index: Int, with prefix: String) -> Bool {
        var position = index
        for byte in prefix.utf8 {
            guard position < text.count, text[position] == byte else { return false }
            position += 1
        }
        return true
    }

    /// The index just past `marker`, or the end of the text.
    private static func end(of marker: String, in text: [UInt8], from start: Int) -> Int {
        var index = start
        while index < text.count {
            if starts(text, at: index, with: marker) { return index + marker.utf8.count }
            index += 1
        }
        return text.count
    }

    /// A key's text with XML's entities and character references decoded.
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = "", rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: amp)..<semicolon]
            switch name {
            case "lt": out += "<"
            case "gt": out += ">"
            case "amp": out += "&"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let digits = name.dropFirst()
                let value = name.hasPrefix("#x") ? UInt32(digits.dropFirst(), radix: 16) : name.hasPrefix("#") ? UInt32(digits) : nil
                if let value, let scalar = Unicode.Scalar(value) { out.unicodeScalars.append(scalar) } else { out += "&" + name + ";" }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}
