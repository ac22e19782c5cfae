/// One finding about a config or a payload: what is wrong, how bad it is, and where.
/// Every command reports through this one type, so that `check`, `map` and `validate` print
/// the same `FILE:LINE:COL: severity: message` lines and count errors the same way.
package struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
    package enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: return 0
            case .warning: return 1
            case .error: return 2
            }
        }

        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    package var severity: Severity
    package var message: String
    package var location: SourceLocation?
    /// Further places that explain the finding ("`Employee` is defined here").
    package var related: [RelatedLocation]

    /// A secondary location with its own short explanation.
    package struct RelatedLocation: Sendable, Hashable {
        package var message: String
        package var location: SourceLocation
        package init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    package init(
        _ severity: Severity, _ message: String, at location: SourceLocation? = nil,
        related: [RelatedLocation] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.related = related
    }

    package static func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    package static func warning(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    package static func note(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// The compiler-style line: `FILE:LINE:COL: error: message`.
    package var description: String {
        var text = ""
        if let location { text = location.description + ": " }
        text += "\(severity.rawValue): \(message)"
        return text
    }
}
