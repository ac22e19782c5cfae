import RestmapEngine
import RestmapOpenAPI
import RestmapReports
import RestmapStore

/// `restmap check`: what a store would make of the config's names, and the findings as a
/// SARIF log for code scanning.
public enum CheckPipeline {
    /// Names a store could not hold as the config gives them, as warnings.
    public static func storeNameWarnings(_ definitions: MappingDefinitions) -> [Diagnostic] {
        StoreNames.findings(definitions, severity: .warning)
    }

    /// Where the config and an OpenAPI document disagree (`check --openapi`).
    /// - Throws: `RestmapError` (usage) when the document does not load.
    public static func openAPIFindings(_ definitions: MappingDefinitions, openAPI path: String) throws -> [Diagnostic] {
        var drift = OpenAPIDrift(document: try OpenAPIDocument(path: path), definitions: definitions)
        return try drift.findings()
    }

    /// `check`'s findings in a report format (`check --report`): SARIF with a rule per code,
    /// the others as `validate` writes them, the config as their one entry; `diagnosticCodes`:
    /// the text report's lines name their codes (`RESTMAP_DIAGNOSTIC_CODES=1`).
    public static func render(
        _ report: ValidationReport, diagnostics: [Diagnostic], format: ValidationReportFormat, workingDirectory: String?,
        diagnosticCodes: Bool = false
    ) -> String {
        if format == .sarif {
            let baselined = report.baselineInUse ? report.allFindings.map(\.baselined) : nil
            return SARIFLog(workingDirectory: workingDirectory).render(diagnostics: diagnostics, baselined: baselined)
        }
        return format.render(report, workingDirectory: workingDirectory, diagnosticCodes: diagnosticCodes)
    }
}
