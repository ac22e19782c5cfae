/// Turns diagnostics into the text lines the CLI prints, optionally with ANSI colours.
/// Whether colours are wanted is the caller's decision (a terminal, `NO_COLOR`).
public struct DiagnosticRenderer: Sendable {
    var colors: Bool

    public init(colors: Bool) {
        self.colors = colors
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var text = ""
        if let location = diagnostic.location {
            text += bold(location.description + ":") + " "
        }
        // A file name quoted in a message shows its raw bytes as `\xFF`, as locations do.
        text += severityLabel(diagnostic.severity) + " " + FilePath.displayRawBytes(diagnostic.message)
        for related in diagnostic.related {
            text += "\n" + bold(related.location.description + ":") + " "
                + severityLabel(.note) + " " + FilePath.displayRawBytes(related.message)
        }
        return text
    }

    private func severityLabel(_ severity: Diagnostic.Severity) -> String {
        let label = severity.rawValue + ":"
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
