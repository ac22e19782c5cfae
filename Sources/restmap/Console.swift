import RestmapEngine
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that writes diagnostics to stderr, colouring them only on a terminal and
/// never when `NO_COLOR` is set (no-color.org) or `TERM=dumb`. With
/// `RESTMAP_DIAGNOSTIC_CODES=1` each line names its code (`warning[RM1006]:`), for scripts
/// that key on codes; without it the lines are as they always were.
final class Console: @unchecked Sendable {
    static let shared = Console()

    let renderer: DiagnosticRenderer
    /// `RESTMAP_DIAGNOSTIC_CODES=1`: diagnostics, here and in the text report, name their codes.
    let showsCodes: Bool
    let standardError = FileDescriptorSink(fileDescriptor: 2, name: "<stderr>")
    /// Results go here unless `-o` names a file.
    let standardOutput = FileDescriptorSink(fileDescriptor: 1, name: "<stdout>")

    init() {
        let environment = ProcessEnvironment.variables
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        showsCodes = environment["RESTMAP_DIAGNOSTIC_CODES"] == "1"
        renderer = DiagnosticRenderer(colors: isatty(2) == 1 && !noColor && !dumb, codes: showsCodes)
    }

    /// At most this many diagnostics of each severity are printed; a payload with a million
    /// bad values must not bury the terminal. The rest are counted and summed up at the end.
    let printLimit = 200
    private var printed: [Diagnostic.Severity: Int] = [:]
    private var suppressed: [Diagnostic.Severity: Int] = [:]

    /// Serializes writes to stderr: the progress meter draws from a timer thread.
    private let lock = Mutex(())
    /// The progress meter's line, redrawn under every diagnostic printed while it shows.
    private var statusLine: String?

    func report(_ diagnostic: Diagnostic) {
        let count = printed[diagnostic.severity, default: 0]
        guard count < printLimit else {
            suppressed[diagnostic.severity, default: 0] += 1
            return
        }
        printed[diagnostic.severity] = count + 1
        writeError(renderer.render(diagnostic) + "\n")
    }

    /// Shows `line` as the last line of the terminal (nil: erases it). Diagnostics printed
    /// meanwhile go above it.
    func setStatusLine(_ line: String?) {
        lock.withLock { _ in
            statusLine = line
            try? standardError.write("\r\u{1B}[K" + (line ?? ""))
        }
    }

    /// Says how many diagnostics were not printed.
    func finish() {
        for severity in Diagnostic.Severity.allCases.reversed() {
            guard let count = suppressed[severity], count > 0 else { continue }
            let noun = severity == .error ? "error" : severity == .warning ? "warning" : "note"
            writeError(
                renderer.render(.note(.diagnosticsOmitted, "\(count) more \(noun)\(count == 1 ? "" : "s") not shown (the first \(printLimit) were)"))
                    + "\n")
        }
    }

    func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { report(diagnostic) }
    }

    func writeError(_ text: String) {
        lock.withLock { _ in
            guard let statusLine else {
                try? standardError.write(text)
                return
            }
            try? standardError.write("\r\u{1B}[K" + text + statusLine)
        }
    }

    /// A log whose diagnostics are printed as they arrive.
    func makeLog() -> DiagnosticLog {
        DiagnosticLog { [self] diagnostic in report(diagnostic) }
    }
}

/// The process environment, read from `environ` (the CLI does not link Foundation).
enum ProcessEnvironment {
    static var variables: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
