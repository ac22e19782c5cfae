import ArgumentParser
import RestmapEngine

/// `restmap request`: builds the body a RestKit app sends for client objects (SPEC §3.2).
struct RequestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Build a request body from client objects.",
        discussion: CommandManual(
            summary: "The input is a JSON object keyed by client attribute names, or an array of them ('-' or none: standard input). The request mapping is the first, in config order, whose uri matches --path or whose class_name is --class; with one request mapping in the config, both may be left out. A key absent from the object is written as null unless --omit-missing, which also leaves out keys whose value is null.",
            exitStatus: [
                (0, "the body was written"),
                (1, "malformed input, or values their declared types refuse"),
                (2, "usage or config errors: no such request mapping, conflicting body keys"),
            ],
            examples: [
                ("The body of a login request", "echo '{\"username\": \"ann\"}' | restmap request -c api.plist --path /user/auth"),
                ("As form fields", "restmap request -c api.plist --class UserLoginInfo --format form login.json"),
            ]).discussion)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Use the request mapping whose uri matches this path (':name' segments match any value).", valueName: "uri"))
    var path: String?

    @Option(name: .customLong("class"), help: ArgumentHelp("Use the request mapping whose class_name is this.", valueName: "name"))
    var className: String?

    @Option(name: .long, help: "json, form (application/x-www-form-urlencoded), xml, or plist.")
    var format: RequestBodyFormat = .json

    @Flag(name: .long, help: "One-line JSON or XML.")
    var compact = false

    @Flag(name: .customLong("omit-missing"), help: "Leave out keys the client object lacks, or holds as null, instead of writing null.")
    var omitMissing = false

    @OptionGroup var depth: DepthOption

    @OptionGroup var output: OutputOption

    @Argument(help: ArgumentHelp("The client objects: a JSON file, or '-' for standard input.", valueName: "input"))
    var input: String?

    func validate() throws {
        if path != nil && className != nil {
            throw ValidationError("--path and --class both choose the request mapping; pass one of them")
        }
    }

    func run() throws {
        let log = Console.shared.makeLog()
        let definitions = try global.loadDefinitions(log: log)
        let selector: RequestMappingSelector = path.map { .path($0) } ?? className.map { .className($0) } ?? .sole
        let mapping = try RequestMappingSelection.select(selector, in: definitions, log: log)
        var options = RequestOptions()
        options.format = format
        options.compact = compact
        options.omitMissing = omitMissing
        options.maxDepth = depth.maxDepth
        let request = try RequestRun(definitions: definitions, mapping: mapping, options: options)
        let source: ByteSource
        if let input, input != "-" {
            source = try FileByteSource(path: input)
        } else {
            source = FileByteSource(fileDescriptor: 0, name: "<stdin>")
        }
        let body = try request.render(source)
        // Only a complete body is written: -o's file appears when it is.
        try output.destination().write { sink in try sink.write(body) }
    }
}

extension RequestBodyFormat: ExpressibleByArgument {}
