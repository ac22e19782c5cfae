/// One config entry that coverage counts (SPEC §3.4), and whether the samples exercised it.
public struct CoverageEntry: Sendable, Equatable {
    /// The four kinds of entries coverage counts. Raw values are the JSON report's names.
    public enum Kind: String, Sendable, CaseIterable {
        case attributeMapping = "attribute_mapping"
        case relationship
        case matcher
        case pathMapping = "path_mapping"

        /// The plural, for summaries ("attribute mappings 7/8").
        public var plural: String {
            switch self {
            case .attributeMapping: return "attribute mappings"
            case .relationship: return "relationships"
            case .matcher: return "matchers"
            case .pathMapping: return "path mappings"
            }
        }
    }

    public var kind: Kind
    /// The entry's key path in the config, as `check` names it:
    /// `entity_attribute_mappings.Employee.id`, `path_mappings.0.matchers.1`.
    public var name: String
    /// What the entry does, for people: `Employee.entityId ← id`.
    public var detail: String
    /// Where the config writes it (file and line).
    public var location: SourceLocation
    public var exercised: Bool
}

/// Which attribute mappings, relationships, matchers and path mappings the samples
/// exercised, each counted once, in config order by kind.
public struct CoverageReport: Sendable, Equatable {
    public var entries: [CoverageEntry]

    init(entries: [CoverageEntry]) {
        self.entries = entries
    }

    public var total: Int { entries.count }
    public var exercised: Int { entries.filter(\.exercised).count }

    /// Exercised and total entries of one kind.
    public func counts(_ kind: CoverageEntry.Kind) -> (exercised: Int, total: Int) {
        let ofKind = entries.filter { $0.kind == kind }
        return (ofKind.filter(\.exercised).count, ofKind.count)
    }

    /// The entries no sample exercised.
    public var neverExercised: [CoverageEntry] { entries.filter { !$0.exercised } }

    /// The percentage in tenths, rounded down, so that 99.96% never shows as 100.0%.
    /// A config with nothing to cover is 100%.
    var percentTenths: Int {
        total == 0 ? 1000 : exercised * 1000 / total
    }

    /// `87.5`: one decimal, rounded down.
    public var percentText: String {
        "\(percentTenths / 10).\(percentTenths % 10)"
    }

    /// The percentage as a number, for the JSON report (one decimal, rounded down).
    var percent: Double { Double(percentTenths) / 10 }

    /// True when the exact percentage is below `minimum` (`--min-coverage`).
    func isBelow(_ minimum: Double) -> Bool {
        guard total > 0 else { return false }
        return Double(exercised) * 100 < minimum * Double(total)
    }
}

/// Records what the samples exercised, as the mapper reports it, and turns it into a
/// `CoverageReport` over every entry of the config.
final class CoverageTracker {
    enum Key: Hashable {
        case attribute(ObjectIdentifier, Int)
        case relationship(ObjectIdentifier, Int)
        case matcher(path: Int, matcher: Int)
        case pathMapping(Int)
    }

    private(set) var exercised = Set<Key>()

    init() {}

    func record(_ key: Key) {
        exercised.insert(key)
    }

    /// Every countable entry of the config, each marked exercised or not.
    func report(plans: MappingPlans) -> CoverageReport {
        let definitions = plans.definitions
        var entries: [CoverageEntry] = []
        func add(_ kind: CoverageEntry.Kind, _ key: Key, _ name: String, _ detail: String, _ location: SourceLocation) {
            var lineOnly = location
            if lineOnly.line != nil { lineOnly.column = nil }
            entries.append(
                CoverageEntry(kind: kind, name: name, detail: detail, location: lineOnly, exercised: exercised.contains(key)))
        }

        // Attribute mappings: entities, then plain-object matchers, then error_mappings.
        var attributePlans: [(plan: EntityPlan, prefix: String)] = plans.entities.map {
            ($0, "\(ConfigSection.entityAttributeMappings.rawValue).\($0.name)")
        }
        for path in definitions.pathMappings {
            for (matcherIndex, matcher) in path.matchers.enumerated() {
                guard case .plainObject = matcher.kind, let plan = plans.plainPlan(path: path.index, matcher: matcherIndex)
                else { continue }
                attributePlans.append((plan, "path_mappings.\(path.index).matchers.\(matcherIndex).attribute_mappings"))
            }
        }
        if definitions.errorMapping != nil {
            attributePlans.append((plans.errorPlan, "\(ConfigSection.errorMappings.rawValue).attribute_mappings"))
        }
        for (plan, prefix) in attributePlans {
            for (index, attribute) in plan.mapping.attributes.enumerated() {
                add(
                    .attributeMapping, .attribute(ObjectIdentifier(plan), index),
                    "\(prefix).\(Self.keyName(attribute.source.text))",
                    "\(plan.name).\(attribute.destination) ← \(Self.keyName(attribute.source.text))", attribute.location)
            }
        }

        for plan in plans.entities {
            for (index, relationship) in plan.mapping.relationships.enumerated() {
                var detail = "\(plan.name).\(relationship.name) → \(relationship.target.value)"
                if let pairs = relationship.connection {
                    let text = pairs.map { "\($0.sourceAttribute.value) = \($0.targetAttribute.value)" }.joined(separator: ", ")
                    detail += " (connection: \(text))"
                } else {
                    detail += " (nested, from \(Self.keyName(relationship.source.text)))"
                }
                add(
                    .relationship, .relationship(ObjectIdentifier(plan), index),
                    "\(ConfigSection.relationshipMappings.rawValue).\(plan.name).\(Self.keyName(relationship.source.text))",
                    detail, relationship.location)
            }
        }

        for path in definitions.pathMappings {
            for (matcherIndex, matcher) in path.matchers.enumerated() {
                let detail: String
                switch matcher.kind {
                case .keyed(let keyPath, let expected, let entity):
                    detail = "\(keyPath.text) = \(ConversionFailure.describe(expected)) → \(entity.value)"
                case .entityFallback(let entity):
                    detail = "fallback → \(entity.value)"
                case .plainObject(let mapping):
                    detail = "plain object → \(mapping.name)"
                }
                add(
                    .matcher, .matcher(path: path.index, matcher: matcherIndex),
                    "path_mappings.\(path.index).matchers.\(matcherIndex)", detail, matcher.location)
            }
        }

        for path in definitions.pathMappings {
            let keyPath = path.keyPath?.value.text ?? ""
            add(
                .pathMapping, .pathMapping(path.index), "path_mappings.\(path.index)",
                "'\(path.uri.value.text)' at \(keyPath.isEmpty ? "the root" : keyPath)", path.location)
        }
        return CoverageReport(entries: entries)
    }

    /// A config key as a name shows it: the empty key (the representation itself) as `""`.
    static func keyName(_ key: String) -> String {
        key.isEmpty ? "\"\"" : key
    }
}
