import ArgumentParser
import RestmapEngine
import RestmapPipeline

/// `restmap init`: writes a starter config from sample payloads.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter config from sample payloads or an OpenAPI document.",
        discussion: CommandManual(
            summary: "Each sample is a file or URI=FILE. Its objects become an entity named after the request path (/employees: Employee), nested objects and arrays of objects become related entities, identifiers are inferred as RestKit infers them (<entity>ID, <entity>_id, identifier, id, ID, URL, url), types come from the values seen, and each sample gets a path mapping. A sample without a path is served at / and its file name (employees.json: /employees).",
            exitStatus: [
                (0, "the config was written"),
                (1, "a malformed sample, or samples holding no object"),
                (2, "usage errors"),
            ],
            examples: [
                ("A starter config from two samples", "restmap init /employees=emp.json /departments=dep.json -o api.plist"),
                ("With a manifest that validates the same samples", "restmap init issues.json users.json -o a.plist --manifest-out m.json"),
                ("From the API's OpenAPI document", "restmap init --openapi openapi.yaml -o api.plist"),
            ]).discussion)

    @Option(name: .long, help: ArgumentHelp("The request path of samples that carry none (URI=FILE).", valueName: "uri"))
    var path: String?

    @OptionGroup var depth: DepthOption

    @OptionGroup var output: OutputOption

    @Option(name: .customLong("manifest-out"), help: ArgumentHelp("Also write a validate manifest listing each sample with the path it was given, so that 'restmap validate --manifest FILE' checks the same samples at the same paths.", valueName: "file"))
    var manifestOut: String?

    @Option(name: .customLong("openapi"), help: ArgumentHelp("Sketch the config from this OpenAPI 3.0 or 3.1 document (YAML or JSON) instead of from samples.", valueName: "document"))
    var openAPI: String?

    @Argument(help: ArgumentHelp("Sample payload files, or URI=FILE.", valueName: "sample"))
    var samples: [String] = []

    func validate() throws {
        if openAPI != nil {
            if !samples.isEmpty { throw ValidationError("give sample payloads or --openapi, not both") }
            if manifestOut != nil { throw ValidationError("--manifest-out lists samples; --openapi reads none") }
            if path != nil { throw ValidationError("--path applies to samples; --openapi reads none") }
        } else if samples.isEmpty {
            throw ValidationError("give at least one sample payload, or --openapi DOCUMENT")
        }
    }

    func run() throws {
        if let openAPI {
            let config = try InitPipeline.config(openAPI: openAPI)
            try output.destination().write { sink in try sink.write(config) }
            return
        }
        let run = InitPipeline(maxDepth: depth.maxDepth)
        var entries: [(file: String, path: String)] = []
        for sample in samples {
            var input = try InputArgument(parsing: sample).mapInput()
            if input.requestPath == nil { input.requestPath = path }
            if manifestOut != nil {
                guard sample != "-" && !sample.hasSuffix("=-") else {
                    throw RestmapError.usage(.malformedArgument, "--manifest-out cannot list a sample read from standard input; give it as a file")
                }
                entries.append((input.source.name, InitPipeline.requestPath(of: input)))
            }
            try run.add(input)
        }
        let config = try run.config()
        if let manifestOut {
            let manifest = try ManifestWriter(location: manifestOut, workingDirectory: ValidateCommand.workingDirectory()).render(entries)
            try ReportRequest.createParentDirectories(of: manifestOut)
            try OutputDestination(path: manifestOut).write { sink in try sink.write(manifest) }
        }
        try output.destination().write { sink in try sink.write(config) }
    }
}
