import Synchronization

/// Collects the diagnostics of one command run, in the order they were found, and answers the
/// questions that decide the exit code. Library code appends to it instead of printing;
/// the CLI renders it through one printer. Safe to share between threads: a run's parse
/// and mapping threads may both report to it. Its state is behind a lock; `onEmit` runs on
/// whichever thread emits, outside the lock (hence `@unchecked`: the closure is the caller's).
public final class DiagnosticLog: @unchecked Sendable {
    private struct State {
        var diagnostics: [Diagnostic] = []
        var errorCount = 0
        var warningCount = 0
        var noteCount = 0
        /// Upper bound on kept diagnostics, so that a payload with a million bad values cannot
        /// exhaust memory through its warnings; counts stay exact.
        var retentionLimit = 10_000
    }

    private let state = Mutex(State())
    /// Called for every diagnostic as it arrives (the CLI prints as it goes, so that a long
    /// streaming run shows warnings early), outside the log's lock. Nil keeps them only in
    /// `diagnostics`.
    private let onEmit: ((Diagnostic) -> Void)?

    public init(onEmit: ((Diagnostic) -> Void)? = nil) {
        self.onEmit = onEmit
    }

    public var diagnostics: [Diagnostic] { state.withLock { $0.diagnostics } }
    public var errorCount: Int { state.withLock { $0.errorCount } }
    public var warningCount: Int { state.withLock { $0.warningCount } }
    var noteCount: Int { state.withLock { $0.noteCount } }

    /// How many diagnostics are kept (counts stay exact beyond it).
    var retentionLimit: Int {
        get { state.withLock { $0.retentionLimit } }
        set { state.withLock { $0.retentionLimit = newValue } }
    }

    public func emit(_ diagnostic: Diagnostic) {
        state.withLock { state in
            switch diagnostic.severity {
            case .error: state.errorCount += 1
            case .warning: state.warningCount += 1
            case .note: state.noteCount += 1
            }
            if state.diagnostics.count < state.retentionLimit { state.diagnostics.append(diagnostic) }
        }
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

    /// How many diagnostics were reported, of every severity (beyond the retention limit too).
    public var count: Int { state.withLock { $0.errorCount + $0.warningCount + $0.noteCount } }

    /// A log for work run again after a part of it was reported here already (a store load
    /// that lost a conflict, read again from its inputs): it passes on to `log` only what
    /// comes after the first `skipped` diagnostics, which the same work reports first.
    public static func replaying(into log: DiagnosticLog, skipping skipped: Int) -> DiagnosticLog {
        final class Counter: Sendable {
            let seen = Mutex(0)
        }
        let counter = Counter()
        return DiagnosticLog { diagnostic in
            let position = counter.seen.withLock { seen in
                seen += 1
                return seen
            }
            if position > skipped { log.emit(diagnostic) }
        }
    }

    public var hasErrors: Bool { errorCount > 0 }
}
