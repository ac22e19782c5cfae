/// A failure that stops a command: unreadable input, a malformed document, a config that
/// cannot be used. Carries the diagnostic to print and whether it is a data problem (exit 1)
/// or a usage/config problem (exit 2), the distinction SPEC §3.6 makes public.
public struct RestmapError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// Malformed or unmappable input: exit 1.
        case data
        /// Bad arguments, unreadable or invalid config: exit 2.
        case usage
    }

    public var kind: Kind
    public var diagnostics: [Diagnostic]

    init(_ kind: Kind, _ diagnostic: Diagnostic) {
        self.kind = kind
        self.diagnostics = [diagnostic]
    }

    public init(_ kind: Kind, diagnostics: [Diagnostic]) {
        self.kind = kind
        self.diagnostics = diagnostics
    }

    public static func data(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil) -> RestmapError {
        RestmapError(.data, .error(code, message, at: location))
    }

    public static func usage(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil) -> RestmapError {
        RestmapError(.usage, .error(code, message, at: location))
    }

    /// The codes of the diagnostics, in order: what a stage boundary looks at to decide how
    /// to report a failure (never the message text).
    var codes: [DiagnosticCode] { diagnostics.map(\.code) }

    public var exitCode: Int32 { kind == .data ? 1 : 2 }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
