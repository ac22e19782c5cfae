/// Collects the diagnostics of one command run, in the order they were found, and answers the
/// questions that decide the exit code. Library code appends to it instead of printing;
/// the CLI renders it through one printer.
package final class DiagnosticLog: @unchecked Sendable {
    package private(set) var diagnostics: [Diagnostic] = []
    /// Called for every diagnostic as it arrives (the CLI prints as it goes, so that a long
    /// streaming run shows warnings early). Nil keeps them only in `diagnostics`.
    package var onEmit: ((Diagnostic) -> Void)?
    /// Upper bound on kept diagnostics, so that a payload with a million bad values cannot
    /// exhaust memory through its warnings; counts stay exact.
    package var retentionLimit = 10_000
    package private(set) var errorCount = 0
    package private(set) var warningCount = 0
    package private(set) var noteCount = 0

    package init(onEmit: ((Diagnostic) -> Void)? = nil) {
        self.onEmit = onEmit
    }

    package func emit(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errorCount += 1
        case .warning: warningCount += 1
        case .note: noteCount += 1
        }
        if diagnostics.count < retentionLimit { diagnostics.append(diagnostic) }
        onEmit?(diagnostic)
    }

    package func emit(contentsOf list: [Diagnostic]) {
        for diagnostic in list { emit(diagnostic) }
    }

    package func error(_ message: String, at location: SourceLocation? = nil) {
        emit(.error(message, at: location))
    }

    package func warning(_ message: String, at location: SourceLocation? = nil) {
        emit(.warning(message, at: location))
    }

    package func note(_ message: String, at location: SourceLocation? = nil) {
        emit(.note(message, at: location))
    }

    package var hasErrors: Bool { errorCount > 0 }
    package var hasWarnings: Bool { warningCount > 0 }
}
