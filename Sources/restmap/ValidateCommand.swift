import ArgumentParser
import RestmapEngine
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

    @Option(name: .customLong("allow-outside"), help: ArgumentHelp("Let the manifest name samples in this directory too (repeatable); by default only the manifest's directory and the working directory.", valueName: "dir"))
    var allowOutside: [String] = []

    @Option(name: .long, help: "text, json, junit (JUnit XML), github (GitHub Actions annotations), sarif (SARIF 2.1.0 for code scanning) or html (a self-contained coverage page).")
    var report: ValidatePipeline.ReportFormat = .text

    @OptionGroup var output: OutputOption

    @Flag(name: .long, help: "Warnings fail samples too.")
    var strict = false

    @Flag(name: .long, help: "Print, for each payload key the config never reads, the plist entries that would map it.")
    var suggest = false

    @Option(name: .customLong("min-coverage"), help: ArgumentHelp("Fail when config coverage is below this percentage (0-100).", valueName: "pct"))
    var minCoverage: String?

    @OptionGroup var payload: PayloadOptions

    @Flag(name: [.short, .long], help: "No summary line on standard error (printed there for json and junit reports, and with -o).")
    var quiet = false

    @Argument(help: ArgumentHelp("Sample files, '-' for standard input, or URI=FILE.", valueName: "sample"))
    var samples: [String] = []

    func validate() throws {
        if let minCoverage, Self.percentage(minCoverage) == nil {
            throw ValidationError("--min-coverage must be a percentage from 0 to 100, e.g. 80 or 92.5")
        }
    }

    func run() throws {
        let log = Console.shared.makeLog()
        let definitions = try global.loadDefinitions(log: log)
        var list = try samples.map { try InputArgument(parsing: $0).sample() }
        if let manifest {
            var reader = ValidationManifest()
            reader.allowedOutside = allowOutside
            list += try reader.load(path: manifest, log: log)
        } else if samples.isEmpty {
            list = [try InputArgument(location: .standardInput, requestPath: nil).sample()]
        }
        if list.isEmpty {
            throw RestmapError.usage(.noSamples, "no samples to validate: the manifest lists none and no SAMPLE is given")
        }
        var options = ValidationOptions()
        options.strict = strict
        options.minCoverage = minCoverage.flatMap(Self.percentage)
        options.inputFormat = payload.inputFormat
        options.maxDepth = payload.maxDepth
        options.threads = payload.threads
        options.defaultPath = path
        options.defaultStatus = payload.status
        options.exchange = payload.exchange.exchange
        let meter = ProgressMeter.make(sizes: list.map(\.remainingSize), quiet: quiet, unit: "documents")
        options.progress = meter?.counter
        let pipeline = ValidatePipeline(
            options: options, format: report, suggests: suggest, workingDirectory: Self.workingDirectory(), sourceText: Self.readText)
        let result = try pipeline.run(list, definitions: definitions)
        meter?.finish()

        // A failing run's report is what CI needs most: it is kept whatever the verdict.
        try output.destination().write { sink in try sink.write(result.report) }
        if let text = result.suggestions {
            // Beside a text report on the terminal; never inside a machine-read report.
            if report == .text && !output.writesFile {
                try Console.shared.standardOutput.write(text)
            } else {
                Console.shared.writeError(text)
            }
        }
        // The text and GitHub reports end with the summary line; the others, or a report
        // written to a file, leave the job log without one unless it goes to stderr.
        let toFile = output.writesFile
        if !quiet && (toFile || report == .json || report == .junit || report == .sarif || report == .html) {
            Console.shared.writeError(result.summaryLine + "\n")
        }
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }

    /// `80`, `92.5` or `92.5%` as a number from 0 to 100.
    static func percentage(_ text: String) -> Double? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(digits), value.isFinite, (0...100).contains(value) else { return nil }
        return value
    }

    /// A file's text for the HTML report: UTF-8 text files up to 32 MiB; nil otherwise.
    static func readText(_ path: String) -> String? {
        guard let source = try? FileByteSource(path: path),
            let bytes = try? source.readAll(limit: InputLimits.sampleBytes),
            !bytes.contains(0)
        else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    static func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

extension ValidatePipeline.ReportFormat: ExpressibleByArgument {}
