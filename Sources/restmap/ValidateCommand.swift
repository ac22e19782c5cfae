import ArgumentParser
import RestmapBase
import RestmapFormats
import RestmapTypes
import RestmapConfig
import RestmapMapping
import RestmapOutput
import RestmapRequest
import RestmapValidation
import RestmapDescribe
import RestmapPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `restmap validate`: maps sample payloads as `map` would and reports what drifted, with
/// config coverage, in a form CI understands (SPEC §3.4).
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate sample payloads against the config: located findings per sample, config coverage, CI reports.",
        discussion: """
            Samples are files, '-' for standard input, or URI=FILE; --manifest adds those a manifest \
            lists (a plist or JSON array of {file, path, status?, expect?}, files relative to the \
            manifest). All samples expected to pass are mapped in one run, so connections resolve \
            across them. The report goes to standard output (or -o); other diagnostics to standard \
            error. Exit 0 when every sample passes (warnings allowed unless --strict) and coverage \
            is at least --min-coverage; 1 otherwise; 2 for usage, config or manifest errors.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The request path of samples that carry none (URI=FILE, a manifest 'path').", valueName: "uri"))
    var path: String?

    @Option(name: .long, help: ArgumentHelp("A plist or JSON array of {file, path, status?, expect?}; files relative to it.", valueName: "file"))
    var manifest: String?

    @Option(name: .long, help: ArgumentHelp("The HTTP status of samples that carry none; 4xx/5xx map with error_mappings.", valueName: "code"))
    var status: Int?

    @Option(name: .long, help: "text, json, junit (JUnit XML) or github (GitHub Actions annotations).")
    var report: ValidationReportFormat = .text

    @Option(name: [.short, .long], help: ArgumentHelp("Write the report to FILE (atomically; also when the run fails).", valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Warnings fail samples too.")
    var strict = false

    @Option(name: .customLong("min-coverage"), help: ArgumentHelp("Fail when config coverage is below this percentage (0-100).", valueName: "pct"))
    var minCoverage: String?

    @Option(name: .customLong("input-format"), help: "auto: XML when a sample starts with <, NDJSON when it holds several JSON values, else JSON.")
    var inputFormat: PayloadFormat = .auto

    @Option(name: .customLong("max-depth"), help: "Payload nesting deeper than this is an error.")
    var maxDepth: Int = InputLimits.defaultMaxDepth

    @Flag(name: [.short, .long], help: "No summary line on standard error (printed there for json and junit reports, and with -o).")
    var quiet = false

    @Argument(help: ArgumentHelp("Sample files, '-' for standard input, or URI=FILE.", valueName: "sample"))
    var samples: [String] = []

    func validate() throws {
        if let status, !(100...599).contains(status) {
            throw ValidationError("--status must be an HTTP status code (100-599)")
        }
        if maxDepth < 1 { throw ValidationError("--max-depth must be at least 1") }
        if let minCoverage, Self.percentage(minCoverage) == nil {
            throw ValidationError("--min-coverage must be a percentage from 0 to 100, e.g. 80 or 92.5")
        }
    }

    func run() throws {
        let log = Console.shared.makeLog()
        let definitions = try global.loadDefinitions(log: log)
        var list = try samples.map(Self.sample)
        if let manifest {
            list += try ValidationManifest().load(path: manifest, log: log)
        } else if samples.isEmpty {
            list = [ValidationSample(input: .source(FileByteSource(fileDescriptor: 0, name: "<stdin>")), name: "<stdin>")]
        }
        if list.isEmpty {
            throw RestmapError.usage(.noSamples, "no samples to validate: the manifest lists none and no SAMPLE is given")
        }
        var options = ValidationOptions()
        options.strict = strict
        options.minCoverage = minCoverage.flatMap(Self.percentage)
        options.inputFormat = inputFormat
        options.maxDepth = maxDepth
        options.defaultPath = path
        options.defaultStatus = status
        let result = try Validator(definitions: definitions, options: options).validate(list)

        let destination = try OutputDestination(path: output)
        do {
            try destination.sink.write(report.render(result, workingDirectory: Self.workingDirectory()))
            // A failing run's report is what CI needs most: it is kept whatever the verdict.
            try destination.commit()
        } catch {
            destination.discard()
            throw error
        }
        // The text and GitHub reports end with the summary line; the others, or a report
        // written to a file, leave the job log without one unless it goes to stderr.
        let toFile = output != nil && output != "-"
        if !quiet && (toFile || report == .json || report == .junit) {
            Console.shared.writeError(result.summaryLine + "\n")
        }
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }

    /// A sample argument: `-`, a file, or `URI=FILE` (split at the last `=`; an argument that
    /// names an existing file is that file), as `map` reads its inputs.
    static func sample(_ argument: String) throws -> ValidationSample {
        if argument == "-" {
            return ValidationSample(input: .source(FileByteSource(fileDescriptor: 0, name: "<stdin>")), name: "<stdin>")
        }
        var file = argument
        var requestPath: String?
        if access(argument, F_OK) != 0, let split = argument.lastIndex(of: "=") {
            requestPath = String(argument[..<split])
            file = String(argument[argument.index(after: split)...])
            guard !file.isEmpty else {
                throw RestmapError.usage(.malformedArgument, "'\(argument)' names no file after '='; write URI=FILE")
            }
            if file == "-" {
                return ValidationSample(
                    input: .source(FileByteSource(fileDescriptor: 0, name: "<stdin>")), name: "<stdin>",
                    requestPath: requestPath)
            }
        }
        // Opened now only to report a missing file as a usage error; read when validated.
        _ = try FileByteSource(path: file)
        return ValidationSample(input: .file(file), name: file, requestPath: requestPath)
    }

    /// `80`, `92.5` or `92.5%` as a number from 0 to 100.
    static func percentage(_ text: String) -> Double? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(digits), value.isFinite, (0...100).contains(value) else { return nil }
        return value
    }

    static func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

extension ValidationReportFormat: ExpressibleByArgument {}
