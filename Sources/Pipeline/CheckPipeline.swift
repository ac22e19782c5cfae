import RestmapEngine
import RestmapReports

/// `restmap check --report sarif`: a config's findings as a SARIF log for code scanning.
public enum CheckPipeline {
    public static func sarif(_ diagnostics: [Diagnostic], workingDirectory: String?) -> String {
        SARIFLog(workingDirectory: workingDirectory).render(diagnostics: diagnostics)
    }
}
