/// Shape checks on config nodes: each returns the typed content, or records an error at
/// the node ("`relationship_mappings.Employee.dept.target` must be a string, found an
/// integer") and returns nil so that loading goes on and reports every problem in one run.
struct PlistShape {
    let log: DiagnosticLog

    init(log: DiagnosticLog) {
        self.log = log
    }

    func dictionary(_ node: PlistNode, _ path: String, what: String = "a dictionary") -> [PlistNode.Entry]? {
        if let entries = node.entries { return withoutDuplicates(entries, path) }
        wrongType(node, path, expected: what)
        return nil
    }

    func array(_ node: PlistNode, _ path: String, what: String = "an array") -> [PlistNode]? {
        if let elements = node.elements { return elements }
        wrongType(node, path, expected: what)
        return nil
    }

    func string(_ node: PlistNode, _ path: String, what: String = "a string") -> String? {
        if let text = node.stringValue { return text }
        wrongType(node, path, expected: what)
        return nil
    }

    func boolean(_ node: PlistNode, _ path: String) -> Bool? {
        if case .boolean(let flag) = node.content { return flag }
        wrongType(node, path, expected: "a boolean (<true/> or <false/>)")
        return nil
    }

    /// A scalar usable as a matcher's expected value or a value mapping's output.
    func scalar(_ node: PlistNode, _ path: String) -> Value? {
        switch node.content {
        case .string, .integer, .real, .boolean, .date: return node.value
        default:
            wrongType(node, path, expected: "a string, number or boolean")
            return nil
        }
    }

    func wrongType(_ node: PlistNode, _ path: String, expected: String) {
        log.error(.configWrongType, "\(path) must be \(expected), found \(article(node.kindName))", at: node.location)
    }

    /// Warns about keys a dictionary does not know, suggesting the closest known one.
    func unknownKeys(_ entries: [PlistNode.Entry], allowed: [String], _ path: String) {
        for entry in entries where !allowed.contains(entry.key) {
            log.warning(
                .configUnknownKey, "unknown key '\(entry.key)' in \(path)\(Suggestions.hint(for: entry.key, among: allowed)); it is ignored",
                at: entry.keyLocation)
        }
    }

    /// A dictionary that repeats a key keeps the last value (as plist readers do), with a warning.
    func withoutDuplicates(_ entries: [PlistNode.Entry], _ path: String) -> [PlistNode.Entry] {
        var lastIndex: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { lastIndex[entry.key] = index }
        guard lastIndex.count != entries.count else { return entries }
        var kept: [PlistNode.Entry] = []
        for (index, entry) in entries.enumerated() {
            if lastIndex[entry.key] == index {
                kept.append(entry)
            } else {
                let later = entries[lastIndex[entry.key]!]
                log.emit(
                    Diagnostic(
                        .configDuplicateKey, .warning, "key '\(entry.key)' appears more than once in \(path); the last one is used",
                        at: entry.keyLocation,
                        related: [.init("the one used is here", at: later.keyLocation)]))
            }
        }
        return kept
    }

    func article(_ noun: String) -> String {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        return (noun.first.map { vowels.contains($0) } ?? false ? "an " : "a ") + noun
    }
}
