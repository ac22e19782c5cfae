import RestmapEngine

/// One operation of the document with what a mapping config cares about: its path, in
/// RestKit's pattern form, and the JSON schemas of its success response and request body.
public struct OpenAPIOperation {
    /// `get`, `post`, ...
    public var method: String
    /// The path as the document writes it: `/pets/{petId}`.
    public let path: String
    /// The schema of the first 2xx response (200, 201, ..., then `2XX`) with a JSON body
    /// (`application/json`, `+json` or `*/*`). `default` is left out: it is most often the
    /// error a failing call gets.
    public var response: SpecNode?
    /// The JSON schema of the request body.
    public var requestBody: SpecNode?
    /// The JSON schema of its first error response (`4xx`, `5xx`, then `default`).
    public var errorResponse: SpecNode?
    public var location: SourceLocation

    /// RestKit's form of the path: `{petId}` → `:petId`, `{pet-id}` → `:pet_id`,
    /// `/pets/{id}.json` → `/pets/:id\.json` (`PathTemplate.patternText`).
    public let pattern: String
    /// The path's parameters its pattern cannot keep apart from what follows them
    /// (`{id}v2` → `:idv2`, `{major}{minor}`): a mapping of the path needs editing by hand.
    public let unseparatedParameters: [String]

    init(
        method: String, path: String, response: SpecNode? = nil, requestBody: SpecNode? = nil, errorResponse: SpecNode? = nil,
        location: SourceLocation
    ) {
        self.method = method
        self.path = path
        self.response = response
        self.requestBody = requestBody
        self.errorResponse = errorResponse
        self.location = location
        pattern = PathTemplate.patternText(path)
        unseparatedParameters = PathTemplate.unseparatedParameters(path)
    }
}

extension OpenAPIDocument {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Every operation under `paths`, in document order.
    /// - Throws: `RestmapError` (usage, `RM1203`) for a `$ref` that cannot be followed.
    public func operations() throws -> [OpenAPIOperation] {
        var result: [OpenAPIOperation] = []
        try forEachOperation { path, _, method, operation, location in
            result.append(OpenAPIOperation(
                method: method, path: path, response: try successSchema(operation), requestBody: try bodySchema(operation),
                errorResponse: try errorSchema(operation), location: location))
        }
        return result
    }

    /// Calls `body` with each operation under `paths` — its path, its path item, its method,
    /// the operation (`$ref`s followed) and where it is written — in document order.
    func forEachOperation(_ body: (String, SpecNode, String, SpecNode, SourceLocation) throws -> Void) throws {
        for (path, item) in root["paths"]?.members ?? [] {
            let pathItem = try resolve(item).node
            for (method, operationNode) in pathItem.members where Self.methods.contains(method) {
                try body(path, pathItem, method, try resolve(operationNode).node, operationNode.location)
            }
        }
    }

    private func errorSchema(_ operation: SpecNode) throws -> SpecNode? {
        let responses = operation["responses"]?.members ?? []
        let codes = responses.map { (code: ResponseCode($0.key), response: $0.value) }
        let ordered = codes.filter { $0.code?.statusClass == 4 || $0.code?.statusClass == 5 } + codes.filter { $0.code == .default }
        for (_, response) in ordered {
            if let schema = try jsonSchema(in: try resolve(response).node) { return schema }
        }
        return nil
    }

    /// The first success response with a JSON schema: `200`, `201`, ..., then `2XX`.
    private func successSchema(_ operation: SpecNode) throws -> SpecNode? {
        let responses = operation["responses"]?.members ?? []
        var statuses: [(status: Int, response: SpecNode)] = []
        var ranges: [SpecNode] = []
        for (key, response) in responses {
            switch ResponseCode(key) {
            case .status(let status) where status / 100 == 2: statuses.append((status, response))
            case .range(2): ranges.append(response)
            default: break
            }
        }
        for response in statuses.sorted(by: { $0.status < $1.status }).map(\.response) + ranges {
            if let schema = try jsonSchema(in: try resolve(response).node) { return schema }
        }
        return nil
    }

    private func bodySchema(_ operation: SpecNode) throws -> SpecNode? {
        guard let body = operation["requestBody"] else { return nil }
        return try jsonSchema(in: try resolve(body).node)
    }

    /// The schema of a response's or request body's JSON content.
    private func jsonSchema(in node: SpecNode) throws -> SpecNode? {
        for (mediaType, content) in node["content"]?.members ?? [] where Self.isJSON(mediaType) {
            if let schema = content["schema"] { return schema }
        }
        return nil
    }

    /// `application/json`, a `+json` type or `*/*`, parameters (`; charset=utf-8`) aside: the
    /// bodies `init`, `check` and `validate --openapi` read.
    static func isJSON(_ mediaType: String) -> Bool {
        var type = mediaType.split(separator: ";", maxSplits: 1).first ?? ""
        while type.first == " " { type = type.dropFirst() }
        while type.last == " " { type = type.dropLast() }
        return type == "application/json" || type.hasSuffix("+json") || type == "*/*"
    }
}
