/// What RestKit's response mapper tells the mapping about the HTTP exchange a payload came
/// from, readable through `@metadata` key paths under RestKit 0.27's names
/// (RKResponseMapperOperation `setMappingMetadata`):
///
/// - `HTTP.request.URL`, `HTTP.request.method`, `HTTP.request.headers.<Name>`;
/// - `HTTP.response.URL`, `HTTP.response.headers.<Name>`;
/// - `network.arguments.<name>`: the arguments of the matched path patterns; those of an
///   entry with a `key_path` sit under that key path (`network.arguments.users.version`).
///
/// One per input; built only when the config reads `@metadata` (or `@parent`/`@root`).
final class PayloadContext {
    /// The metadata document `@metadata.<path>` is read from (after the mapping metadata).
    let document: Value

    init(document: Value) {
        self.document = document
    }

    /// The context of one input: its exchange and the arguments of every entry serving it.
    convenience init(exchange: HTTPExchange, entries: [PathMapping]) {
        let url: Value = exchange.url.map(Value.string) ?? .null
        let request = Value.object(ValueObject([
            ("URL", url), ("method", .string(exchange.method)),
            ("headers", Self.headers(exchange.requestHeaders)),
        ]))
        let response = Value.object(ValueObject([("URL", url), ("headers", Self.headers(exchange.responseHeaders))]))
        var document = ValueObject([("HTTP", .object(ValueObject([("request", request), ("response", response)])))])
        if let path = exchange.url {
            document["network"] = .object(ValueObject([("arguments", Self.arguments(of: path, entries: entries))]))
        }
        self.init(document: .object(document))
    }

    /// RestKit's `buildResponseMappingArgumentsDictionary`: the arguments of an entry
    /// without a key path are merged at the top; those of an entry with one are nested
    /// under its key path, as one key.
    static func arguments(of path: String, entries: [PathMapping]) -> Value {
        var arguments = ValueObject()
        for entry in entries {
            guard let matched = entry.uri.value.match(path) else { continue }
            let values = entry.uri.value.parameterNames.compactMap { name in matched[name].map { (name, Value.string($0)) } }
            if let keyPath = entry.keyPath?.value.text, !keyPath.isEmpty {
                arguments[keyPath] = .object(ValueObject(values))
            } else {
                for (name, value) in values { arguments[name] = value }
            }
        }
        return .object(arguments)
    }

    private static func headers(_ pairs: [(name: String, value: String)]) -> Value {
        var object = ValueObject()
        for (name, value) in pairs { object[name] = .string(value) }
        return .object(object)
    }
}

/// The HTTP request and response a payload belongs to, as `map`/`validate` options and
/// manifest fields describe them.
public struct HTTPExchange: Sendable {
    /// The request path or URL (`--path`, `URI=FILE`, the manifest's `path`); RestKit's
    /// request URL and response URL (restmap follows no redirects).
    var url: String?
    /// `--method` (default `GET`).
    var method: String
    /// `--header 'Name: value'`, in order; a repeated name keeps the last value.
    var requestHeaders: [(name: String, value: String)]
    /// `--response-header 'Name: value'`.
    var responseHeaders: [(name: String, value: String)]

    public init(
        url: String? = nil, method: String = "GET", requestHeaders: [(name: String, value: String)] = [],
        responseHeaders: [(name: String, value: String)] = []
    ) {
        self.url = url
        self.method = method
        self.requestHeaders = requestHeaders
        self.responseHeaders = responseHeaders
    }

    /// Parses `Name: value` (the value trimmed); nil when there is no colon or no name.
    public static func header(_ text: String) -> (name: String, value: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = trimmed(text[..<colon])
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
        return (name, trimmed(text[text.index(after: colon)...]))
    }

    private static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
