import RestmapEngine

/// `restmap init`: a starter config from sample payloads and their request paths. Each
/// sample gets a path mapping; the objects it holds become an entity named after the path
/// (`/employees` → `Employee`), nested objects become related entities, identifiers are
/// inferred as RestKit infers them and types are taken from the values seen.
struct StarterConfig {
    private var sketcher = ShapeSketcher()
    private var paths: [PathSketch] = []

    init() {}

    /// Learns one sample. Where its objects sit: the root when it is an array, or a single
    /// object without an array of objects inside; otherwise the first member holding an
    /// array of objects (an envelope such as `{"employees": [...], "count": 3}`).
    mutating func add(_ payload: Value, requestPath: String) {
        let entity = Self.entityName(forPath: requestPath)
        var keyPath: String?
        var objects = payload
        if case .object(let object) = payload,
            let member = object.entries.first(where: { ShapeSketcher.kind(of: $0.value) == .objects })
        {
            keyPath = member.key
            objects = member.value
        }
        sketcher.learn(objects, as: entity)
        let sketch = PathSketch(uri: requestPath, keyPath: keyPath, entity: entity)
        if !paths.contains(sketch) { paths.append(sketch) }
    }

    /// The config's sections: the entities learnt (those of one shape as one,
    /// `SameShapeEntities`), and a path mapping for each sample whose objects made one (a
    /// sample holding none has nothing for a matcher to name).
    func sections() -> ValueObject {
        let (entities, merges) = merged
        var renamed: [String: String] = [:]
        for merge in merges { for name in merge.merged { renamed[name] = merge.kept } }
        let mapped = paths.filter { sketcher.entity(named: $0.entity) != nil }.map { path -> PathSketch in
            var path = path
            path.entity = renamed[path.entity] ?? path.entity
            return path
        }
        var unique: [PathSketch] = []
        for path in mapped where !unique.contains(path) { unique.append(path) }
        return ConfigSketchWriter().sections(entities: entities, paths: unique)
    }

    /// The entities, those of one shape merged, and which were merged into which.
    var merged: (entities: [EntitySketch], merges: [SameShapeEntities.Merge]) {
        SameShapeEntities.merge(sketcher.entities, preferred: paths.map(\.entity))
    }

    /// Whether any sample held an object.
    var hasEntities: Bool { !sketcher.entities.isEmpty }

    /// Request paths of the samples that held no object.
    var pathsWithoutObjects: [String] {
        paths.filter { sketcher.entity(named: $0.entity) == nil }.map(\.uri)
    }

    /// Keys the samples hold that no key path can read, by entity.
    var leftOut: [(entity: String, key: String)] { sketcher.leftOut }

    /// The entity a request path's objects are: its last segment that is not a `:name`
    /// argument or a number, singular, in UpperCamelCase (`/users/:id/posts` → `Post`).
    static func entityName(forPath path: String) -> String {
        let withoutQuery = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        let segments = withoutQuery.split(separator: "/").map { segment -> String in
            // `123.json`: the extension says nothing about the entity.
            guard let dot = segment.lastIndex(of: "."), dot != segment.startIndex else { return String(segment) }
            return String(segment[..<dot])
        }.filter { !$0.hasPrefix(":") && !$0.allSatisfy(\.isNumber) }
        guard let last = segments.last else { return "Object" }
        return NameStyle.entityName(last)
    }
}
