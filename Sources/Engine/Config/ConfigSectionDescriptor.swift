/// One config section as a unit: its key, the reader that turns its plist node into typed
/// content of `MappingDefinitions` (shape problems reported at their location), its lint
/// rules for `restmap check`, and the lines it adds to `restmap describe`. `ConfigLoader`,
/// `ConfigLinter` and `DefinitionsSummary` walk `ConfigSection.registry` and never name a
/// section themselves, so a section's behaviour lives in one file.
///
/// Adding a section touches three source files:
/// 1. `Sections/<Name>Section.swift` (new): the descriptor, with its reader, lint rules and
///    describe lines;
/// 2. `ConfigSection.swift`: the section's case (its key) and its descriptor in
///    `ConfigSection.descriptor`, whose switch the compiler checks for completeness;
/// 3. `MappingDefinitions.swift`: the typed field the reader fills.
/// The stage that acts on the content (the mapper, the request builder) is the feature itself.
public struct ConfigSectionDescriptor: Sendable {
    /// The section this descriptor describes.
    let section: ConfigSection
    /// Reads the section's node into the definitions under construction.
    let read: @Sendable (inout SectionReader, PlistNode) -> Void
    /// Lint rules run for each entity, in config order (findings read entity by entity).
    let lintEntity: (@Sendable (LintContext, EntityMapping) -> Void)?
    /// Lint rules run once over all definitions, after the per-entity rules.
    let lint: (@Sendable (LintContext) -> Void)?
    /// What the section adds to `restmap describe`.
    public let summary: SectionSummary

    /// The key the config writes the section under.
    var key: String { section.rawValue }

    init(
        _ section: ConfigSection,
        read: @escaping @Sendable (inout SectionReader, PlistNode) -> Void,
        lintEntity: (@Sendable (LintContext, EntityMapping) -> Void)? = nil,
        lint: (@Sendable (LintContext) -> Void)? = nil,
        summary: SectionSummary = SectionSummary()
    ) {
        self.section = section
        self.read = read
        self.lintEntity = lintEntity
        self.lint = lint
        self.summary = summary
    }
}

/// A section's part of the `restmap describe` text. The frame of the summary (entities with
/// their attributes, keys and relationships; paths; requests) is RestKitMapper's core; the
/// other sections add to it at these places. Each hook returns nothing when the section
/// has nothing to say there.
public struct SectionSummary: Sendable {
    /// Text right after an attribute's `source -> destination`, such as its type (` : integer`).
    public var attributeDetail: (@Sendable (EntityMapping, AttributeMapping) -> String?)?
    /// Text after every section's details, such as `  (value mapping)`.
    public var attributeNote: (@Sendable (EntityMapping, AttributeMapping) -> String?)?
    /// Lines after an entity's relationships.
    public var entityLines: (@Sendable (EntityMapping) -> [String])?
    /// Lines after the list of entities, before the paths.
    public var afterEntities: (@Sendable (MappingDefinitions) -> [String])?
    /// Lines at the end of the summary.
    public var closing: (@Sendable (MappingDefinitions) -> [String])?

    init(
        attributeDetail: (@Sendable (EntityMapping, AttributeMapping) -> String?)? = nil,
        attributeNote: (@Sendable (EntityMapping, AttributeMapping) -> String?)? = nil,
        entityLines: (@Sendable (EntityMapping) -> [String])? = nil,
        afterEntities: (@Sendable (MappingDefinitions) -> [String])? = nil,
        closing: (@Sendable (MappingDefinitions) -> [String])? = nil
    ) {
        self.attributeDetail = attributeDetail
        self.attributeNote = attributeNote
        self.entityLines = entityLines
        self.afterEntities = afterEntities
        self.closing = closing
    }

    /// A source key path as the summary prints it: the empty one and the key of a keyed
    /// representation (`key_attribute`) are spelled out.
    public static func quoted(_ keyPath: String) -> String {
        if keyPath == KeyedRepresentation.keySourceText { return "(the representation's key)" }
        return keyPath.isEmpty ? "\"\" (the representation itself)" : keyPath
    }
}
