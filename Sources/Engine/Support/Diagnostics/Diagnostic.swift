/// One finding about a config or a payload: what is wrong, how bad it is, and where.
/// Every command reports through this one type, so that `check`, `map` and `validate` print
/// the same `FILE:LINE:COL: severity: message` lines and count errors the same way.
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: return 0
            case .warning: return 1
            case .error: return 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// What kind of finding this is, stably (`RM3001`); the message says it for people.
    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// Further places that explain the finding ("`Employee` is defined here").
    public var related: [RelatedLocation]

    /// A secondary location with its own short explanation.
    public struct RelatedLocation: Sendable, Hashable {
        public var message: String
        public var location: SourceLocation
        public init(_ message: String, at location: SourceLocation) {
            self.message = UntrustedText.escaped(message)
            self.location = location
        }
    }

    public init(
        _ code: DiagnosticCode, _ severity: Severity, _ message: String, at location: SourceLocation? = nil,
        related: [RelatedLocation] = []
    ) {
        self.code = code
        self.severity = severity
        self.message = UntrustedText.escaped(message)
        self.location = location
        self.related = related
    }

    public static func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(code, .error, message, at: location)
    }

    static func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(code, .warning, message, at: location)
    }

    public static func note(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(code, .note, message, at: location)
    }

    /// The compiler-style line: `FILE:LINE:COL: error: message`.
    public var description: String {
        var text = ""
        if let location { text = location.description + ": " }
        text += "\(severity.rawValue): \(message)"
        return text
    }
}
