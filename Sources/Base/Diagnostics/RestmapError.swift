/// A failure that stops a command: unreadable input, a malformed document, a config that
/// cannot be used. Carries the diagnostic to print and whether it is a data problem (exit 1)
/// or a usage/config problem (exit 2), the distinction SPEC §3.6 makes public.
package struct RestmapError: Error, Sendable, CustomStringConvertible {
    package enum Kind: Sendable {
        /// Malformed or unmappable input: exit 1.
        case data
        /// Bad arguments, unreadable or invalid config: exit 2.
        case usage
    }

    package var kind: Kind
    package var diagnostics: [Diagnostic]

    package init(_ kind: Kind, _ diagnostic: Diagnostic) {
        self.kind = kind
        self.diagnostics = [diagnostic]
    }

    package init(_ kind: Kind, diagnostics: [Diagnostic]) {
        self.kind = kind
        self.diagnostics = diagnostics
    }

    package static func data(_ message: String, at location: SourceLocation? = nil) -> RestmapError {
        RestmapError(.data, .error(message, at: location))
    }

    package static func usage(_ message: String, at location: SourceLocation? = nil) -> RestmapError {
        RestmapError(.usage, .error(message, at: location))
    }

    package var exitCode: Int32 { kind == .data ? 1 : 2 }

    package var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
