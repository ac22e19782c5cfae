/// Listens to the mapper while `validate` maps samples: turns what it reads and decides into
/// located findings, records coverage, and remembers which payload places the config read so
/// that the keys it never reads can be reported (SPEC §3.4).
///
/// One collector serves one run (one identity map): the positive samples share one, each
/// negative sample has its own.
final class ValidationCollector {
    let plans: MappingPlans
    /// Nil for runs that do not count towards coverage (negative samples).
    let coverage: CoverageTracker?
    var pathMappings: [Int: PathMapping] = [:]
    /// How findings name the config entry of each plan's mapping.
    var planEntries: [ObjectIdentifier: ValidationFinding.ConfigEntry] = [:]

    /// Findings by sample index.
    private(set) var findings: [Int: FindingAccumulator] = [:]

    // MARK: The document being mapped

    var sample = -1
    var sampleName = ""
    var document: Value = .null
    var locations = PayloadLocations()
    /// Places whose whole value the config read (attributes, matcher keys).
    var consumed = PayloadPlaceSet()
    /// Places the config looked into (representations, containers) and all their ancestors.
    var visited = PayloadPlaceSet()
    /// The plan that mapped the representation at a place.
    var representationPlans = PayloadPlaceMap<EntityPlan>()
    /// Representations reported as unmapped: their keys are not reported again one by one.
    var skipped = PayloadPlaceSet()
    var cachedParentPointer: String?
    var cachedParent: Value?

    // MARK: The representation being mapped

    struct Read {
        var index: Int
        var found: Bool
        var pointer: String?
    }

    var pendingPlan: EntityPlan?
    var pendingPointer: String?
    var pendingReads: [Read] = []
    var pendingMissingKey: ObjectIdentifier?
    /// Conversion failures, reported once the object exists and can be named (`Employee/1`),
    /// as `map` names it.
    var pendingFailures: [ValidationFinding] = []

    // MARK: Objects of the run

    typealias Site = ValidationSites.Site

    /// Where each object's attribute values were last read from, and where each object was
    /// last mapped from.
    var sites = ValidationSites()
    /// Which sites each plan's objects need: every attribute when the entity has identity
    /// (a later representation may conflict), connection sources (a connection may fail);
    /// nothing else, so that a big sample of plain objects does not keep a site per value.
    var siteMasks: [ObjectIdentifier: (attributes: [Bool], object: Bool)] = [:]

    func siteMask(_ plan: EntityPlan) -> (attributes: [Bool], object: Bool) {
        if let mask = siteMasks[ObjectIdentifier(plan)] { return mask }
        var attributes = Array(repeating: plan.hasIdentity, count: plan.mapping.attributes.count)
        var hasConnections = false
        for relationship in plan.mapping.relationships {
            for pair in relationship.connection ?? [] {
                hasConnections = true
                if let index = plan.attributeIndex[pair.sourceAttribute.value] { attributes[index] = true }
            }
        }
        let mask = (attributes, hasConnections)
        siteMasks[ObjectIdentifier(plan)] = mask
        return mask
    }

    init(plans: MappingPlans, coverage: CoverageTracker?) {
        self.plans = plans
        self.coverage = coverage
        for path in plans.definitions.pathMappings { pathMappings[path.index] = path }
        for plan in plans.entities {
            planEntries[ObjectIdentifier(plan)] = .init(
                "\(ConfigSection.entityAttributeMappings.rawValue).\(plan.name)", at: plan.mapping.location)
        }
        for path in plans.definitions.pathMappings {
            for index in path.matchers.indices {
                if let plan = plans.plainPlan(path: path.index, matcher: index) {
                    planEntries[ObjectIdentifier(plan)] = .init(
                        "path_mappings.\(path.index).matchers.\(index).attribute_mappings", at: plan.mapping.location)
                }
            }
        }
        if plans.definitions.errorMapping != nil {
            planEntries[ObjectIdentifier(plans.errorPlan)] = .init(
                ConfigSection.errorMappings.rawValue, at: plans.errorPlan.mapping.location)
        }
    }

    // MARK: - Samples and documents

    /// Findings from here on belong to sample `index`.
    func beginSample(_ index: Int, name: String) {
        sample = index
        sampleName = name
        if findings[index] == nil { findings[index] = FindingAccumulator() }
    }

    func add(_ finding: ValidationFinding, toSample index: Int? = nil) {
        findings[index ?? sample, default: FindingAccumulator()].add(finding)
    }

    /// A diagnostic the mapper logged while mapping the current sample.
    func mapperReported(_ diagnostic: Diagnostic) {
        guard sample >= 0 else { return }
        add(
            ValidationFinding(
                diagnostic.code, diagnostic.severity, diagnostic.message, at: diagnostic.location ?? .file(sampleName),
                related: diagnostic.related))
    }

    /// A document of the current sample is about to be mapped.
    func beginDocument(_ value: Value, locations: PayloadLocations) {
        document = value
        self.locations = locations
        consumed.removeAll(keepingCapacity: true)
        visited.removeAll(keepingCapacity: true)
        representationPlans.removeAll(keepingCapacity: true)
        skipped.removeAll(keepingCapacity: true)
        cachedParentPointer = nil
        cachedParent = nil
        resetPending()
    }

    /// The document is mapped: reports the keys the config never read, one note per place
    /// of the payload's shape. Nothing is reported for a document that mapped nothing (its
    /// errors say more).
    func endDocument(entries: [PathMapping]) {
        defer {
            document = .null
            locations = PayloadLocations()
            cachedParentPointer = nil
            cachedParent = nil
        }
        guard visited.contains(.root), !skipped.contains(.root) else { return }
        let fallbackEntry = entries.first.map { ValidationFinding.ConfigEntry("path_mappings.\($0.index)", at: $0.location) }
        var walk = UnreadWalk(fallbackEntry: fallbackEntry)
        reportUnread(in: document, at: "", place: .root, shape: "", plan: representationPlans[.root], walk: &walk)
        for key in walk.order {
            var (finding, count) = walk.folded[key]!
            finding.count = count
            add(finding)
        }
    }

    /// The unread keys of one document, folded by place of the payload's shape as they are
    /// found (a thousand elements make one finding, not a thousand).
    struct UnreadWalk {
        var fallbackEntry: ValidationFinding.ConfigEntry?
        var folded: [String: (ValidationFinding, Int)] = [:]
        var order: [String] = []
    }

    /// Every unread key, once per place of the payload's shape, for `validate --suggest`.
    private(set) var unreadKeys: [UnreadKey] = []

    func reportUnread(
        in value: Value, at pointer: String, place: PayloadPlace, shape: String, plan: EntityPlan?, walk: inout UnreadWalk
    ) {
        switch value {
        case .object(let object):
            for entry in object.entries {
                let token = PayloadLocations.escaped(entry.key)
                let child = pointer + "/" + token
                let childPlace = locations.childPlace(token, of: place, pointer: child)
                if consumed.contains(childPlace) || skipped.contains(childPlace) { continue }
                let childShape = shape + "/" + token
                if visited.contains(childPlace) {
                    reportUnread(
                        in: entry.value, at: child, place: childPlace, shape: childShape,
                        plan: representationPlans[childPlace] ?? plan, walk: &walk)
                    continue
                }
                let key = childShape + "\u{1}" + (plan?.name ?? "")
                if walk.folded[key] != nil {
                    walk.folded[key]!.1 += 1
                    continue
                }
                let place = PayloadPointer.displayPath(childShape)
                let at = place == entry.key ? "" : " (at \(place))"
                let message: String
                let config: ValidationFinding.ConfigEntry?
                if let plan {
                    message = "key '\(entry.key)' of \(plan.name) objects is never read by the config\(at)"
                    config = planEntries[ObjectIdentifier(plan)]
                } else {
                    message = "key '\(entry.key)' is never read by the config\(at)"
                    config = walk.fallbackEntry
                }
                unreadKeys.append(UnreadKey(entity: plan?.name, key: entry.key, value: entry.value, location: location(child)))
                walk.order.append(key)
                walk.folded[key] = (
                    ValidationFinding(.unreadKey, .note, message, at: location(child), pointer: child, config: config), 1
                )
            }
        case .array(let elements):
            // Elements are not keys: one the config never looked into was reported already
            // (no matcher took it) or is null.
            let childShape = shape + "/*"
            for (index, element) in elements.enumerated() {
                let token = String(index)
                let child = pointer + "/" + token
                let childPlace = locations.childPlace(token, of: place, pointer: child)
                if visited.contains(childPlace) && !consumed.contains(childPlace) && !skipped.contains(childPlace) {
                    reportUnread(
                        in: element, at: child, place: childPlace, shape: childShape,
                        plan: representationPlans[childPlace] ?? plan, walk: &walk)
                }
            }
        default:
            return
        }
    }

    // MARK: - After the run

    /// Connections whose source is null are left unset (SPEC §1.3); `validate` reports
    /// them as notes: a null foreign key usually means "none".
    func reportNullConnections(in graph: ObjectGraph) {
        for object in graph.objects {
            let plan = object.plan
            for relationship in plan.mapping.relationships {
                guard let pairs = relationship.connection else { continue }
                let sources = pairs.map { pair in plan.attributeIndex[pair.sourceAttribute.value].flatMap { object.attribute($0) } }
                guard sources.contains(where: { $0 != nil }), sources.allSatisfy({ $0 == nil || $0 == .null }) else { continue }
                let names = pairs.map(\.sourceAttribute.value).joined(separator: ", ")
                let message =
                    "connection '\(relationship.name)' of \(object.id) is left unset: its source \(names) \(pairs.count == 1 ? "is" : "are") null"
                reportConnection(
                    object, pairs: pairs, code: .nullConnection, severity: .note, message: message, relationship: relationship)
            }
        }
    }

    func reportConnection(
        _ object: MappedObject, pairs: [ConnectionPair], code: DiagnosticCode, severity: Diagnostic.Severity,
        message: String, relationship: RelationshipMapping
    ) {
        let id = ObjectIdentifier(object)
        let sourceIndex = object.plan.attributeIndex[pairs[0].sourceAttribute.value]
        guard let site = sourceIndex.flatMap({ sites.attribute($0, of: id) }) ?? sites.object(id) else { return }
        let config = ValidationFinding.ConfigEntry(
            "\(ConfigSection.relationshipMappings.rawValue).\(object.plan.name).\(CoverageTracker.keyName(relationship.source.text))",
            at: relationship.location)
        add(
            ValidationFinding(code, severity, message, at: site.location, pointer: site.pointer, config: config),
            toSample: site.sample)
    }

    // MARK: - Helpers

    func reportMissingKey(_ object: MappedObject, origin: Mapper.Origin) {
        let plan = object.plan
        var problems: [String] = []
        var pointer: String?
        for keyIndex in plan.primaryKeyIndices {
            let attribute = plan.mapping.attributes[keyIndex]
            let read = pendingReads.first { $0.index == keyIndex }
            let name = "'\(CoverageTracker.keyName(attribute.source.text))' (\(attribute.destination))"
            let problem: String
            if read?.found != true {
                problem = "\(name) is absent"
            } else {
                switch object.attribute(keyIndex) {
                case .null?: problem = "\(name) is null"
                case nil: problem = "\(name) could not be converted"
                case .array?: problem = "\(name) is an array, which cannot identify an object"
                case .object?: problem = "\(name) is an object, which cannot identify an object"
                default: continue
                }
                if pointer == nil { pointer = read?.pointer }
            }
            problems.append(problem)
        }
        guard !problems.isEmpty else { return }
        let at = pointer ?? origin.pointer
        add(
            ValidationFinding(
                .missingPrimaryKey, .error,
                "\(plan.name) has no primary-key value: \(problems.joined(separator: "; ")); it is mapped as an object of its own (\(object.id))",
                at: location(at, origin: origin), pointer: at, config: primaryKeyEntry(plan)))
    }

    func resetPending() {
        // Failures of a representation that made no object: named by the entity.
        for var failure in pendingFailures {
            failure.message = "\(pendingPlan?.name ?? "object"): " + failure.message
            add(failure)
        }
        pendingFailures.removeAll()
        pendingPlan = nil
        pendingPointer = nil
        pendingReads.removeAll(keepingCapacity: true)
        pendingMissingKey = nil
    }

    func consume(_ pointer: String) {
        consumed.insert(locations.place(of: pointer))
        markAncestorsVisited(pointer)
    }

    func markVisited(_ pointer: String) {
        guard visited.insert(locations.place(of: pointer)).inserted else { return }
        markAncestorsVisited(pointer)
    }

    /// Ancestors of a visited place are visited; once one is known, so are its own.
    func markAncestorsVisited(_ pointer: String) {
        for place in locations.ancestorPlaces(of: pointer) where !visited.insert(place).inserted { return }
    }

    /// The value at `pointer` in the document. Elements of one array come one after another:
    /// the array is kept, so that finding each is one step, not a walk from the root.
    func value(at pointer: String) -> Value? {
        guard let (parent, token) = PayloadPointer.split(pointer) else { return document }
        if parent != cachedParentPointer {
            cachedParentPointer = parent
            cachedParent = PayloadPointer.value(at: parent, in: document)
        }
        switch cachedParent {
        case .array(let elements)?:
            guard let index = KeyPath.arrayIndex(String(token)), index < elements.count else { return nil }
            return elements[index]
        case .object?:
            return PayloadPointer.value(at: pointer, in: document)
        default:
            return nil
        }
    }

    /// Where the value at `pointer` is in the sample; the file alone when unknown.
    func location(_ pointer: String?, origin: Mapper.Origin? = nil) -> SourceLocation {
        if let pointer, let found = locations.nearest(pointer) { return found }
        if let origin, let pointer = origin.pointer, let found = locations.nearest(pointer) { return found }
        return .file(sampleName)
    }

    func attributeEntry(_ plan: EntityPlan, _ index: Int) -> ValidationFinding.ConfigEntry {
        let attribute = plan.mapping.attributes[index]
        var prefix = planEntries[ObjectIdentifier(plan)]?.name ?? plan.name
        if prefix == ConfigSection.errorMappings.rawValue { prefix += ".attribute_mappings" }
        let name = "\(prefix).\(CoverageTracker.keyName(attribute.source.text))"
        return .init(name, at: attribute.location)
    }

    func primaryKeyEntry(_ plan: EntityPlan) -> ValidationFinding.ConfigEntry? {
        guard let first = plan.mapping.primaryKeys.first else { return nil }
        return .init("\(ConfigSection.primaryKeyMappings.rawValue).\(plan.name)", at: first.location)
    }
}
