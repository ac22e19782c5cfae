/// The stable identity of a kind of diagnostic: `RM3001` stays `RM3001` when its message is
/// reworded, so scripts, CI annotations and tests can rely on it while people read the
/// sentence. The thousands digit names the area:
///
/// - `RM1xxx` reading and loading the config (and its Core Data model, `RM11xx`; an OpenAPI
///   document, `RM12xx`);
/// - `RM2xxx` config lint: entries that contradict each other or the model (`RM21xx`), or
///   an OpenAPI document (`RM22xx`);
/// - `RM3xxx` parsing a document: JSON (`RM30xx`), XML (`RM31xx`), property lists (`RM32xx`);
/// - `RM4xxx` mapping a payload;
/// - `RM5xxx` `validate`'s own findings and its manifest (`RM51xx`);
/// - `RM6xxx` building a request body;
/// - `RM7xxx` files, arguments and other usage problems.
/// - `RM8xxx` the store (`map --store`, `dump`).
///
/// Every code is declared once, with its usual severity, a one-line summary and a one-line
/// fix, in `DiagnosticCode.catalogue` (the docs/diagnostics.md table is checked against it).
/// Whether a failure exits 1 (data) or 2 (usage) is not part of the code: the stage that
/// stops on it decides (a JSON syntax error is data in a payload and usage in a config).
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// `RM` and four digits.
    public let rawValue: String
    /// The severity diagnostics of this code usually have (some sites lower or raise it:
    /// `map --status 404` makes "nothing mapped" a warning).
    public let severity: Diagnostic.Severity
    /// One line saying what the code means, for the README table and report rule lists.
    public let summary: String
    /// One imperative sentence saying what a user can do about it, for the docs table.
    let fix: String

    init(_ rawValue: String, _ severity: Diagnostic.Severity, _ summary: String, fix: String) {
        self.rawValue = rawValue
        self.severity = severity
        self.summary = summary
        self.fix = fix
    }

    /// The catalogued code with this identifier; nil for an unknown one.
    public init?(rawValue: String) {
        guard let known = DiagnosticCode.catalogue.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    /// The area digit: 1 config, 2 lint, 3 parse, 4 mapping, 5 validation, 6 request, 7 usage, 8 store.
    var area: Int { Int(rawValue.dropFirst(2).prefix(1)) ?? 0 }

    public var description: String { rawValue }

    /// Codes no longer reported, kept so that they are never given another meaning:
    /// RM2108 (a single-valued fk_mapping source on a to-many relationship) since such a
    /// source connects every matching target, as RestKit does; RM8008 (`restmap connect`
    /// given a store file) since store files keep pending connections too.
    static let retired: Set<String> = ["RM2108", "RM8008"]

    public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
