/// Where a config entry or payload value came from, so that every message can point at it.
/// Text formats (XML plists, JSON, XML payloads) give a 1-based line and column; binary
/// plists have no lines and give the key path instead (`relationship_mappings.Employee.dept`).
public struct SourceLocation: Sendable, Hashable {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// A dotted key path inside the document, used when there are no lines.
    public var keyPath: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    /// A location naming only a file.
    public static func file(_ file: String) -> SourceLocation { SourceLocation(file: file) }

    /// `FILE:LINE:COL`, `FILE:LINE`, `FILE:KEY.PATH` or `FILE`, as compilers print it.
    public var description: String {
        var text = FilePath.display(file)
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        } else if let keyPath, !keyPath.isEmpty {
            text += ":\(keyPath)"
        }
        return text
    }

    /// `FILE:LINE` (no column) — how a finding names the config entry that expects it.
    public var shortDescription: String {
        if let line { return "\(FilePath.display(file)):\(line)" }
        return description
    }
}
