import RestmapEngine

/// A response example of the document, ready to be validated as a sample: its JSON text
/// (tokens at their places in the document, `PositionedJSON`), the file it is written in,
/// the request path with the path's parameters filled in, and the response status.
public struct OpenAPIExample {
    /// The file holding the example's value: what findings about it name.
    public var file: String
    /// `GET /pets/{petId} 200 example 'rex'`, for reports.
    public var label: String
    public var requestPath: String
    /// The response code; a range's first (`4XX` → 400), so that an error example is
    /// read with `error_mappings`. (`default` says no status: its examples are not read.)
    public var status: Int
    public var json: [UInt8]
}

extension OpenAPIDocument {
    /// Every JSON response example — a media type's `example`, and each `value` of its
    /// `examples` (`$ref`s to `#/components/examples` followed; `externalValue` is not
    /// fetched) — in document order.
    /// - Throws: `RestmapError` (usage, `RM1203`) for a `$ref` that cannot be followed.
    public func examples() throws -> [OpenAPIExample] {
        var result: [OpenAPIExample] = []
        try forEachOperation { path, pathItem, method, operation, _ in
            let parameters = (pathItem["parameters"]?.elements ?? []) + (operation["parameters"]?.elements ?? [])
            let requestPath = try filled(path, parameters: parameters)
            for (code, responseNode) in operation["responses"]?.members ?? [] {
                // Not `default`, nor a key that is no response code (`x-…`, `600`).
                guard let status = ResponseCode(code)?.representativeStatus else { continue }
                let response = try resolve(responseNode).node
                for (mediaType, content) in response["content"]?.members ?? [] where Self.isJSON(mediaType) {
                    let prefix = "\(method.uppercased()) \(path) \(code)"
                    if let example = content["example"] {
                        result.append(make(example, label: "\(prefix) example", path: requestPath, status: status))
                    }
                    for (name, entry) in content["examples"]?.members ?? [] {
                        guard let value = try resolve(entry).node["value"] else { continue }
                        result.append(make(value, label: "\(prefix) example '\(name)'", path: requestPath, status: status))
                    }
                }
            }
        }
        return result
    }

    private func make(_ value: SpecNode, label: String, path: String, status: Int) -> OpenAPIExample {
        OpenAPIExample(file: value.file, label: label, requestPath: path, status: status, json: PositionedJSON.render(value))
    }

    /// `/pets/{petId}` with `{petId}` replaced by the parameter's `example` (or its schema's
    /// `example`, `default` or first `enum` value); else `1` for a number and the
    /// parameter's name for anything else, as a stand-in a matching path mapping accepts.
    private func filled(_ path: String, parameters: [SpecNode]) throws -> String {
        guard path.contains("{") else { return path }
        var values: [String: String] = [:]
        for node in parameters {
            let parameter = try resolve(node).node
            guard parameter["in"]?.text == "path", let name = parameter["name"]?.text else { continue }
            let schema = try parameter["schema"].map { try resolve($0).node }
            let given = parameter["example"]?.text ?? schema?["example"]?.text ?? schema?["default"]?.text
                ?? schema?["enum"]?.elements.first?.text
            let numeric = ["integer", "number"].contains(schema?["type"]?.text ?? "")
            values[name] = given ?? (numeric ? "1" : name)
        }
        return OpenAPIPathTemplate.filled(path) { PercentEncoding.encode(values[$0] ?? $0) }
    }
}
