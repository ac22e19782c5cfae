/// One thing `validate` found in a sample (SPEC §3.4): what, how bad, where in the sample,
/// and which config entry expects what the sample does not give.
public struct ValidationFinding: Sendable, Equatable {
    /// The kinds of findings, a view on `code` (see `init(code:)`): the raw values are the
    /// `kind` of the JSON report, which keeps it beside the `code`.
    public enum Kind: String, Sendable, CaseIterable {
        /// Malformed JSON (or an unreadable sample). Error.
        case parseError = "parse-error"
        /// No path mapping serves the sample's request path. Error.
        case noPathMapping = "no-path-mapping"
        /// The sample (one NDJSON line) mapped no object. Error (warning for 4xx/5xx samples,
        /// as `map --status` treats it).
        case nothingMapped = "nothing-mapped"
        /// A primary-key value is absent, null or not convertible. Error.
        case missingPrimaryKey = "missing-primary-key"
        /// A value its declared type refuses. Error.
        case conversionFailed = "conversion-failed"
        /// A path mapping's `key_path` is not in the payload. Warning.
        case keyPathAbsent = "key-path-absent"
        /// An object at a path mapping's container that no matcher takes. Warning.
        case unmatchedObject = "unmatched-object"
        /// An object a matcher took that carries none of its mapping's key paths, so nothing
        /// is made of it (RestKit drops it). Warning.
        case unmappedObject = "unmapped-object"
        /// An `fk_mapping` connection with a non-null source that finds no target. Warning.
        case unresolvedConnection = "unresolved-connection"
        /// An `fk_mapping` connection whose source is null: left unset. Note.
        case nullConnection = "null-connection"
        /// Two representations with one primary key and different attribute values. Warning.
        case conflictingDuplicate = "conflicting-duplicate"
        /// A payload key the config never reads (API drift). Note.
        case unreadKey = "unread-key"
        /// Something else the reader or the mapper reported about the sample (an external XML
        /// entity not loaded, a matcher key path that reaches an array, elements that are not
        /// objects, ...). Its own severity.
        case mapping = "mapping"
        /// A negative sample (`expect: error`) that has no errors. Error.
        case expectationNotMet = "expectation-not-met"
    }

    /// The config entry a finding is about, by its place in the config.
    public struct ConfigEntry: Sendable, Equatable {
        /// The entry's key path in the config (`entity_attribute_mappings.Employee.id`,
        /// `path_mappings.0`), as `check` names entries.
        public var name: String
        /// Where the config writes it: file and line (no column; a binary plist gives the
        /// key path instead).
        public var location: SourceLocation

        init(_ name: String, at location: SourceLocation) {
            self.name = UntrustedText.escaped(name)
            var lineOnly = location
            if lineOnly.line != nil { lineOnly.column = nil }
            self.location = lineOnly
        }
    }

    /// What the finding is: one of `validate`'s own codes (`RM5xxx`, and the mapping
    /// codes it shares with `map`), or the code of the parse error or mapper diagnostic it
    /// reports.
    public var code: DiagnosticCode
    public var kind: Kind { Kind(code: code) }
    public var severity: Diagnostic.Severity
    public var message: String
    /// Where in the sample: the offending value's line and column, or the file alone.
    public var location: SourceLocation
    /// The JSON pointer of the offending value in its document, when known.
    public var pointer: String?
    public var configEntry: ConfigEntry?
    /// Further places ("the earlier value is here").
    public var related: [Diagnostic.RelatedLocation]
    /// How many times the finding occurred in the sample at the same place of the payload's
    /// shape (every element of an array): it is reported once, at the first occurrence.
    public var count: Int
    /// For findings of a negative sample that failed as expected: the severity the finding
    /// had before it was reported as a note.
    public var expectedSeverity: Diagnostic.Severity?
    /// The finding is in the run's `--baseline`: reported, marked, and never failing the run.
    public var baselined = false

    init(
        _ code: DiagnosticCode, _ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation,
        pointer: String? = nil, config: ConfigEntry? = nil, related: [Diagnostic.RelatedLocation] = []
    ) {
        self.code = code
        self.severity = severity
        self.message = UntrustedText.escaped(message)
        self.location = location
        self.pointer = pointer
        self.configEntry = config
        self.related = related
        self.count = 1
        self.expectedSeverity = nil
    }

    /// The message as reports print it: with the occurrence count, and marked when a
    /// negative sample expected it.
    public var fullMessage: String {
        var text = message
        if let expectedSeverity { text = "expected \(expectedSeverity.rawValue): " + text }
        if baselined { text = "baselined: " + text }
        if count > 1 { text += " (\(count) occurrences, the first shown)" }
        return text
    }

    /// The finding as a compiler-style diagnostic: the sample location, then the related
    /// places, then the config entry as a note (`Configs/employees.plist:20: note: config:
    /// entity_attribute_mappings.Employee.id`).
    public var diagnostic: Diagnostic {
        var notes = related
        if let configEntry { notes.append(.init("config: \(configEntry.name)", at: configEntry.location)) }
        return Diagnostic(code, severity, fullMessage, at: location, related: notes)
    }
}

extension ValidationFinding.Kind {
    /// The kind a code is reported as: `validate`'s own codes have a kind each; any other
    /// error that stops reading a sample (a parse or I/O code) is a `parse-error`; the rest
    /// (what the reader or the mapper reported while mapping) is `mapping`.
    init(code: DiagnosticCode) {
        switch code {
        case .noPathMapping: self = .noPathMapping
        case .nothingMapped: self = .nothingMapped
        case .missingPrimaryKey: self = .missingPrimaryKey
        case .conversionFailed: self = .conversionFailed
        case .keyPathAbsent: self = .keyPathAbsent
        case .unmatchedObject, .declinedRelatedObject: self = .unmatchedObject
        case .unmappedObject: self = .unmappedObject
        case .unresolvedConnection: self = .unresolvedConnection
        case .nullConnection: self = .nullConnection
        case .conflictingDuplicate: self = .conflictingDuplicate
        case .unreadKey: self = .unreadKey
        case .expectationNotMet: self = .expectationNotMet
        case .sampleTooLarge: self = .parseError
        default:
            self = (code.area == 3 || code.area == 7) && code.severity == .error ? .parseError : .mapping
        }
    }
}

extension ValidationFinding.Kind {
    /// Whether occurrences at the same place of every element of an array are reported once
    /// with a count. Everything but what is about the whole sample or manifest entry.
    var aggregates: Bool {
        switch self {
        case .noPathMapping, .expectationNotMet: return false
        default: return true
        }
    }
}

extension ValidationFinding.Kind {
    /// Kinds whose message tells occurrences apart in a way worth keeping (an object no
    /// matcher takes says what its matcher key holds): they fold only with equal messages.
    var foldsByMessage: Bool { self == .unmatchedObject }
}

/// Collects one sample's findings, folding repeats: findings of one kind about one config
/// entry at the same place of the payload's shape (`/employees_list/*/nickname`) count as
/// one, reported at the first occurrence — so a drifting key in 1,000 array elements is one
/// note with a count, not 1,000.
struct FindingAccumulator {
    private(set) var findings: [ValidationFinding] = []
    private var positions: [Key: Int] = [:]

    private struct Key: Hashable {
        var code: DiagnosticCode
        var severity: Diagnostic.Severity
        var shape: String
        var config: String
        /// Findings without a pointer fold only when their message is the same.
        var message: String
    }

    mutating func add(_ finding: ValidationFinding) {
        guard finding.kind.aggregates else {
            findings.append(finding)
            return
        }
        let shape = finding.pointer.map(PayloadPointer.shape) ?? ""
        let key = Key(
            code: finding.code, severity: finding.severity, shape: shape,
            config: finding.configEntry.map { "\($0.name)@\($0.location.description)" } ?? "",
            message: finding.pointer == nil || finding.kind.foldsByMessage ? finding.message : "")
        if let position = positions[key] {
            findings[position].count += finding.count
        } else {
            positions[key] = findings.count
            findings.append(finding)
        }
    }

    /// The findings in the order of the sample: by line and column, file-level ones first,
    /// ties in the order found.
    var sorted: [ValidationFinding] {
        findings.enumerated().sorted { a, b in
            let x = (a.element.location.line ?? 0, a.element.location.column ?? 0)
            let y = (b.element.location.line ?? 0, b.element.location.column ?? 0)
            if x != y { return x < y }
            return a.offset < b.offset
        }.map(\.element)
    }
}
