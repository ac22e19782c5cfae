/// Collects the diagnostics of one command run, in the order they were found, and answers the
/// questions that decide the exit code. Library code appends to it instead of printing;
/// the CLI renders it through one printer.
public final class DiagnosticLog: @unchecked Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    /// Called for every diagnostic as it arrives (the CLI prints as it goes, so that a long
    /// streaming run shows warnings early). Nil keeps them only in `diagnostics`.
    var onEmit: ((Diagnostic) -> Void)?
    /// Upper bound on kept diagnostics, so that a payload with a million bad values cannot
    /// exhaust memory through its warnings; counts stay exact.
    var retentionLimit = 10_000
    public private(set) var errorCount = 0
    public private(set) var warningCount = 0
    private(set) var noteCount = 0

    public init(onEmit: ((Diagnostic) -> Void)? = nil) {
        self.onEmit = onEmit
    }

    public func emit(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errorCount += 1
        case .warning: warningCount += 1
        case .note: noteCount += 1
        }
        if diagnostics.count < retentionLimit { diagnostics.append(diagnostic) }
        onEmit?(diagnostic)
    }

    public func emit(contentsOf list: [Diagnostic]) {
        for diagnostic in list { emit(diagnostic) }
    }

    func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil) {
        emit(.error(code, message, at: location))
    }

    func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil) {
        emit(.warning(code, message, at: location))
    }

    public func note(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil) {
        emit(.note(code, message, at: location))
    }

    public var hasErrors: Bool { errorCount > 0 }
    public var hasWarnings: Bool { warningCount > 0 }
}
