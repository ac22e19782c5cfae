/// Turns diagnostics into the text lines the CLI prints, optionally with ANSI colours.
/// Whether colours are wanted is the caller's decision (a terminal, `NO_COLOR`), and so is
/// whether each line names its code (`RESTMAP_DIAGNOSTIC_CODES=1`):
/// `api.plist:3:5: warning[RM1006]: ...`, as rustc writes `error[E0308]`.
public struct DiagnosticRenderer: Sendable {
    var colors: Bool
    /// Whether the severity carries the code: `warning[RM1006]:` rather than `warning:`.
    var codes: Bool

    public init(colors: Bool, codes: Bool = false) {
        self.colors = colors
        self.codes = codes
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var text = ""
        if let location = diagnostic.location {
            text += bold(location.description + ":") + " "
        }
        // A file name quoted in a message shows its raw bytes as `\xFF`, as locations do.
        text += severityLabel(diagnostic.severity, code: codes ? diagnostic.code : nil) + " "
            + FilePath.displayRawBytes(diagnostic.message)
        for related in diagnostic.related {
            // A related place explains its diagnostic; it has no code of its own.
            text += "\n" + bold(related.location.description + ":") + " "
                + severityLabel(.note, code: nil) + " " + FilePath.displayRawBytes(related.message)
        }
        return text
    }

    private func severityLabel(_ severity: Diagnostic.Severity, code: DiagnosticCode?) -> String {
        let label = severity.rawValue + (code.map { "[\($0.rawValue)]" } ?? "") + ":"
        guard colors else { return label }
        switch severity {
        case .error: return "\u{1B}[1;31m\(label)\u{1B}[0m"
        case .warning: return "\u{1B}[1;33m\(label)\u{1B}[0m"
        case .note: return "\u{1B}[1;36m\(label)\u{1B}[0m"
        }
    }

    private func bold(_ text: String) -> String {
        colors ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
