import ArgumentParser
import RestmapEngine

/// The HTTP exchange around the payloads, for `@metadata.HTTP.*` key paths (`map`,
/// `validate`): RestKit's mapping reads the request's method and headers and the
/// response's headers; restmap has only the payload, so they are given here.
struct ExchangeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The request method @metadata.HTTP.request.method reads.", valueName: "method"))
    var method: String = "GET"

    @Option(name: .customLong("header"), help: ArgumentHelp("A request header, 'Name: value' (repeatable), for @metadata.HTTP.request.headers.", valueName: "header"))
    var requestHeaders: [String] = []

    @Option(name: .customLong("response-header"), help: ArgumentHelp("A response header, 'Name: value' (repeatable), for @metadata.HTTP.response.headers.", valueName: "header"))
    var responseHeaders: [String] = []

    func validate() throws {
        for text in requestHeaders + responseHeaders where HTTPExchange.header(text) == nil {
            throw ValidationError("'\(text)' is not a header: write 'Name: value'")
        }
        if method.isEmpty || method.contains(where: { $0 == " " || $0 == "\t" }) {
            throw ValidationError("--method must be one word, such as GET or POST")
        }
    }

    /// The exchange the options describe (each input's URL is its request path).
    var exchange: HTTPExchange {
        HTTPExchange(
            method: method.uppercased(), requestHeaders: requestHeaders.compactMap(HTTPExchange.header),
            responseHeaders: responseHeaders.compactMap(HTTPExchange.header))
    }
}
