import XCTest
@testable import RestmapEngine

/// Engine values whose initializers are the engine's own, made for the tests of the modules
/// around it (reports, suggestions), which import the engine as those modules do: without
/// `@testable`.
enum EngineFixtures {
    static func unreadKey(entity: String?, key: String, value: Value) -> UnreadKey {
        UnreadKey(entity: entity, key: key, value: value, location: nil)
    }

    static func finding(
        _ code: DiagnosticCode, _ severity: Diagnostic.Severity, _ message: String, at location: SourceLocation,
        config: (name: String, location: SourceLocation)? = nil
    ) -> ValidationFinding {
        ValidationFinding(code, severity, message, at: location, config: config.map { .init($0.name, at: $0.location) })
    }

    static let xmlExternalEntity = DiagnosticCode.xmlExternalEntity

    /// The top-level keys of an XML plist document.
    static func plistTopLevelKeys(_ text: String, file: String) throws -> [String]? {
        let parsed = try XMLPlistReader().read(Array(text.utf8), file: file)
        guard case .dictionary(let entries) = parsed.content else { return nil }
        return entries.map(\.key)
    }

    /// An input read from memory, as a file would be.
    static func input(_ text: String, name: String, requestPath: String?) -> MapInput {
        MapInput(source: MemoryByteSource(text, name: name), requestPath: requestPath)
    }
}
