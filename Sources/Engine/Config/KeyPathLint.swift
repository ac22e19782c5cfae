/// The `check` rule that nothing in a key path or path pattern is silently ignored: every
/// construct restmap does not understand — an `@` key that is neither a
/// collection operator nor a pseudo key, a pseudo key where RestKit does not honour it, an
/// `@metadata` path RestKit 0.27 does not provide, an unbalanced `(name)`/`{name}`
/// placeholder, a path-pattern escape SOCKit does not know — is a located warning.
struct KeyPathLint {
    let definitions: MappingDefinitions
    let log: DiagnosticLog

    /// Where a key path is read, which decides what it may contain.
    enum Place {
        /// An attribute or nested relationship of a response mapping: pseudo keys allowed.
        case mapping
        /// A path mapping's or error mapping's `key_path`, a matcher's key path, a request
        /// mapping's source: read with plain key-value coding.
        case plain(String)
    }

    func run() {
        var mappings = definitions.entities
        if let errorMapping = definitions.errorMapping { mappings.append(errorMapping) }
        for path in definitions.pathMappings {
            for matcher in path.matchers {
                if case .plainObject(let mapping) = matcher.kind { mappings.append(mapping) }
            }
        }
        for mapping in mappings {
            for attribute in mapping.attributes {
                check(attribute.source, at: attribute.location, place: .mapping, owner: "'\(mapping.name).\(attribute.destination)'")
            }
            for relationship in mapping.relationships where !relationship.isConnection {
                check(relationship.source, at: relationship.location, place: .mapping, owner: "relationship '\(mapping.name).\(relationship.name)'")
            }
        }
        for path in definitions.pathMappings {
            let owner = "path_mappings.\(path.index)"
            checkPattern(path.uri, owner: owner)
            if let keyPath = path.keyPath {
                check(keyPath.value, at: keyPath.location, place: .plain("a path mapping's key_path"), owner: owner)
            }
            for matcher in path.matchers {
                if case .keyed(let keyPath, _, _) = matcher.kind {
                    check(keyPath, at: matcher.location, place: .plain("a matcher's key_path"), owner: owner)
                }
            }
        }
        if let keyPath = definitions.errorKeyPath, let mapping = definitions.errorMapping {
            check(keyPath, at: mapping.location, place: .plain("error_mappings.key_path"), owner: "error_mappings")
        }
        for request in definitions.requestMappings {
            let owner = "request_mappings.\(request.index)"
            if let uri = request.uri { checkPattern(uri, owner: owner) }
            for attribute in request.attributes {
                check(attribute.source, at: attribute.location, place: .plain("a request mapping's source"), owner: owner)
            }
        }
    }

    private func checkPattern(_ uri: Located<PathPattern>, owner: String) {
        for problem in uri.value.problems {
            log.warning(.lintUnsupportedPattern, "uri '\(uri.value.text)' of \(owner): \(problem)", at: uri.location)
        }
    }

    private func check(_ keyPath: KeyPath, at location: SourceLocation, place: Place, owner: String) {
        for problem in problems(in: keyPath, place: place) {
            log.warning(.lintUnsupportedKeyPath, "key path '\(keyPath.text)' of \(owner): \(problem)", at: location)
        }
    }

    /// What restmap would not read as RestKit does in `keyPath`.
    func problems(in keyPath: KeyPath, place: Place) -> [String] {
        var problems: [String] = []
        if let problem = Self.placeholderProblem(keyPath.text) { problems.append(problem) }
        var leading = true
        for (position, segment) in keyPath.segments.enumerated() {
            guard case .key(let name, _) = segment, name.hasPrefix("@") else {
                if case .key = segment { leading = false }
                if case .collectionOperator = segment { leading = false }
                continue
            }
            guard let pseudo = PseudoKey(rawValue: name) else {
                problems.append(
                    "'\(name)' is neither a key-value-coding collection operator (\(CollectionOperator.allCases.map { "@" + $0.rawValue }.joined(separator: ", "))) nor a RestKit pseudo key (@parent, @root, @metadata); RestKit reads nothing there, restmap would read a payload key '\(name)'")
                break
            }
            if case .plain(let what) = place {
                problems.append("\(pseudo.rawValue) is read only in the attribute and relationship key paths of a mapping, not in \(what); RestKit reads nothing there")
                break
            }
            guard leading else {
                problems.append("\(pseudo.rawValue) is understood only at the start of a key path (or after @parent)")
                break
            }
            switch pseudo {
            case .parent:
                continue
            case .root:
                leading = false
            case .metadata:
                if let problem = metadataProblem(Array(keyPath.segments[(position + 1)...])) { problems.append(problem) }
                return problems
            }
        }
        return problems
    }

    /// `@metadata.<rest>`: what RestKit 0.27's mapper and response mapper provide.
    private func metadataProblem(_ rest: [KeyPath.Segment]) -> String? {
        let names = rest.map { segment -> String in
            switch segment {
            case .key(let name, _): return name
            case .collectionOperator(let op): return "@" + op.rawValue
            }
        }
        let known =
            "@metadata.mapping.collectionIndex, @metadata.mapping.rootKeyPath, @metadata.HTTP.request.URL|method|headers.<Name>, @metadata.HTTP.response.URL|headers.<Name>, @metadata.network.arguments.<name>"
        switch names.first {
        case "mapping":
            if names.count == 2, names[1] == "collectionIndex" || names[1] == "rootKeyPath" { return nil }
        case "HTTP":
            if names.count >= 3, names[1] == "request" || names[1] == "response" {
                let fields = names[1] == "request" ? ["URL", "method", "headers"] : ["URL", "headers"]
                if fields.contains(names[2]), names[2] == "headers" ? names.count <= 4 : names.count == 3 { return nil }
            }
            if names.count >= 3, names[1] == "response", names[2] == "statusCode" || names[2] == "status" {
                return "RestKit 0.27's metadata has no response status (only HTTP.response.URL and headers); it reads nothing"
            }
        case "network":
            if names.count >= 3, names[1] == "arguments" { return argumentsProblem(Array(names.dropFirst(2))) }
        default:
            break
        }
        return "'@metadata.\(names.joined(separator: "."))' is not metadata RestKit 0.27 provides (\(known)); it reads nothing"
    }

    /// `network.arguments.<name>` (an entry without key_path) or
    /// `network.arguments.<keyPath>.<name>` (an entry with that key_path).
    private func argumentsProblem(_ names: [String]) -> String? {
        var atRoot = Set<String>()
        var byKeyPath: [String: Set<String>] = [:]
        for path in definitions.pathMappings {
            let parameters = Set(path.uri.value.parameterNames)
            if let keyPath = path.keyPath?.value.text, !keyPath.isEmpty {
                byKeyPath[keyPath, default: []].formUnion(parameters)
            } else {
                atRoot.formUnion(parameters)
            }
        }
        if names.count == 1, atRoot.contains(names[0]) { return nil }
        if names.count == 2, byKeyPath[names[0]]?.contains(names[1]) == true { return nil }
        var hint = ""
        if names.count == 1, let keyPath = byKeyPath.first(where: { $0.value.contains(names[0]) })?.key {
            hint = "; the arguments of a path mapping with key_path '\(keyPath)' are under @metadata.network.arguments.\(keyPath).\(names[0])"
        }
        return "no path mapping's uri gives an argument '\(names.joined(separator: "."))' (arguments of a path mapping without key_path are @metadata.network.arguments.<name>, with one @metadata.network.arguments.<key_path>.<name>)\(hint); it reads nothing"
    }

    /// An opening `(`/`{` without its closing one, or the reverse, or nesting.
    static func placeholderProblem(_ text: String) -> String? {
        var open: Character?
        for character in text {
            switch character {
            case "(", "{":
                if open != nil { return "placeholder brackets nest; RestKit's '(name)' placeholders do not" }
                open = character
            case ")", "}":
                // RestKit rewrites every '(' and ')' to '{' and '}', so they pair freely.
                guard open != nil else {
                    return "'\(character)' closes no placeholder (RestKit's placeholders are written '(name)' or '{name}')"
                }
                open = nil
            default:
                break
            }
        }
        if let open { return "the placeholder opened by '\(open)' is never closed (RestKit's placeholders are written '(name)' or '{name}')" }
        return nil
    }
}
