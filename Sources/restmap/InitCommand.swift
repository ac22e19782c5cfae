import ArgumentParser
import RestmapEngine
import RestmapPipeline

/// `restmap init`: writes a starter config from sample payloads.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter config from sample payloads.",
        discussion: """
            Each sample is a file or URI=FILE. Its objects become an entity named after the \
            request path (/employees: Employee), nested objects and arrays of objects become \
            related entities, identifiers are inferred as RestKit infers them (<entity>ID, \
            <entity>_id, identifier, id, ID, URL, url), types come from the values seen, and \
            each sample gets a path mapping. A sample without a path is served at / and its \
            file name (employees.json: /employees). Exit 0 on success; 1 for a malformed \
            sample; 2 for usage errors.
            """)

    @Option(name: .long, help: ArgumentHelp("The request path of samples that carry none (URI=FILE).", valueName: "uri"))
    var path: String?

    @OptionGroup var depth: DepthOption

    @OptionGroup var output: OutputOption

    @Argument(help: ArgumentHelp("Sample payload files, or URI=FILE.", valueName: "sample"))
    var samples: [String]

    func validate() throws {
        if samples.isEmpty { throw ValidationError("give at least one sample payload") }
    }

    func run() throws {
        let run = InitPipeline(maxDepth: depth.maxDepth)
        for sample in samples {
            var input = try InputArgument(parsing: sample).mapInput()
            if input.requestPath == nil { input.requestPath = path }
            try run.add(input)
        }
        let config = try run.config()
        try output.destination().write { sink in try sink.write(config) }
    }
}
