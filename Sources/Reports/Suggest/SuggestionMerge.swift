import RestmapEngine

/// `validate --suggest -o FILE`: the config with the suggested entries merged in. Every
/// existing entry is kept as it is; only what the config lacks is added — a section, an
/// entity in a section, a key in an entity's dictionary. An XML plist gets the new entries
/// written before the `</dict>` they belong in, so that its comments, order and layout stay;
/// a JSON config is written again, in its own key order (JSON has no comments). A binary
/// plist is not rewritten.
public enum SuggestionMerge {
    /// - Throws: `RestmapError` (usage) for a binary plist config.
    public static func merge(_ suggestions: ValueObject, intoConfig bytes: [UInt8], file: String) throws -> [UInt8] {
        let start = bytes.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 9 || $0 == 10 || $0 == 13 || $0 == 32 }.first
        if bytes.starts(with: Array("bplist".utf8)) {
            throw RestmapError.usage(
                .malformedArgument, "--suggest -o rewrites XML plist and JSON configs; '\(file)' is a binary plist (convert it: plutil -convert xml1)",
                at: .file(file))
        }
        if start == UInt8(ascii: "{") { return try mergeJSON(suggestions, bytes: bytes, file: file) }
        return try mergeXML(suggestions, bytes: bytes)
    }

    private static func mergeXML(_ suggestions: ValueObject, bytes: [UInt8]) throws -> [UInt8] {
        let dictionaries = PlistDictionaryEnds(bytes)
        var present = dictionaries.keys
        var insertions: [(offset: Int, text: String)] = []
        func add(_ entries: [ValueObject.Entry], into path: [String]) throws {
            guard let offset = dictionaries.ends[path], !entries.isEmpty else { return }
            // Written where `</dict>` stands, after its line's indentation: each entry one
            // level deeper, and the `</dict>` back at its own indentation.
            let outer = dictionaries.indents[path] ?? ""
            let lines = try ConfigSketchWriter().snippet(ValueObject(entries.map { ($0.key, $0.value) })).split(separator: "\n")
            insertions.append((offset, "\t" + lines.joined(separator: "\n" + outer + "\t") + "\n" + outer))
        }
        // Walks the suggestion tree: what the config has, recurse; what it lacks, add whole.
        func walk(_ object: ValueObject, at path: [String]) throws {
            var missing: [ValueObject.Entry] = []
            for entry in object.entries {
                let child = path + [entry.key]
                if dictionaries.ends[child] != nil, case .object(let inner) = entry.value {
                    try walk(inner, at: child)
                } else if !present.contains(child) {
                    missing.append(entry)
                    present.insert(child)
                }
            }
            try add(missing, into: path)
        }
        try walk(suggestions, at: [])
        var out = bytes
        for insertion in insertions.sorted(by: { $0.offset > $1.offset }) {
            out.insert(contentsOf: Array(insertion.text.utf8), at: insertion.offset)
        }
        return out
    }

    private static func mergeJSON(_ suggestions: ValueObject, bytes: [UInt8], file: String) throws -> [UInt8] {
        guard case .object(let config) = try JSONReader.value(from: bytes, file: file) else { return bytes }
        let sink = MemorySink()
        let writer = JSONWriter(sink: sink, style: .pretty)
        try writer.write(.object(DriftSuggestions.merged(config, suggestions)))
        try writer.newline()
        try writer.flush()
        return Array(sink.text.utf8)
    }
}
