import Foundation
import RestmapEngine
import RestmapTestSupport

/// One case of `DiagnosticExamples/`: a directory named after the code it shows, holding a
/// `command` (one shell line) and the small inputs the command reads.
struct DiagnosticExample: Sendable {
    var code: String
    var directory: URL
    var command: String
}

/// What running a case printed, and the line of it that shows the case's code.
struct DiagnosticExampleRun: Sendable {
    var example: DiagnosticExample
    var status: Int32
    var stdout: String
    var stderr: String
    /// The first line of standard error (else of standard output: a report) naming the
    /// code as `[RMxxxx]`, with the scratch directory taken out; nil when none does.
    var line: String?
}

/// The corpus behind the examples of docs/diagnostics.md: finding the cases, running each in
/// a scratch copy of its directory the way a user would (`sh`, the built restmap first on
/// PATH, `RESTMAP_DIAGNOSTIC_CODES=1`), and writing the page's examples section from the runs.
enum DiagnosticExamples {
    static let corpus = RestmapBinary.packageRoot.appendingPathComponent("Tests/RestmapCLITests/DiagnosticExamples")
    static let page = RestmapBinary.packageRoot.appendingPathComponent("docs/diagnostics.md")
    static let begin = "<!-- diagnostic-examples:begin -->\n"
    static let end = "<!-- diagnostic-examples:end -->"

    /// Catalogued codes no command can make restmap print in a scratch directory, each with
    /// why; the page says so in place of an example. Keep it short: a code that can be
    /// reached gets a case instead.
    static let withoutExample: [String: String] = [
        "RM3104": "libxml2 refuses nested entity references itself, as an entity loop (RM3103), long before restmap's own bound of 64 levels; that bound is a second line of defence",
        "RM3105": "libxml2 rejects a document without a root element itself (\"Document is empty\", RM3101) before restmap's check can see it",
        "RM3107": "libxml2 fails to create a parser only when memory runs out",
        "RM7012": "the catch-all for an error restmap does not expect while reading a sample; no input is known to reach it (seeing it is a bug worth reporting)",
    ]

    /// The catalogue's codes in order, as `RMxxxx`.
    static var codes: [String] { DiagnosticCode.catalogue.map(\.rawValue) }

    /// Every case directory, in code order.
    static func cases() throws -> [DiagnosticExample] {
        let files = FileManager.default
        let names = try files.contentsOfDirectory(atPath: corpus.path).filter { !$0.hasPrefix(".") }.sorted()
        return try names.map { name in
            let directory = corpus.appendingPathComponent(name)
            let text = try String(contentsOf: directory.appendingPathComponent("command"), encoding: .utf8)
            return DiagnosticExample(code: name, directory: directory, command: text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Runs `example` in a scratch copy of its directory.
    static func run(_ example: DiagnosticExample) throws -> DiagnosticExampleRun {
        let files = FileManager.default
        let base = files.temporaryDirectory.appendingPathComponent("restmap-diagnostic-example-\(example.code)-\(UUID().uuidString)")
        let scratch = base.appendingPathComponent("case"), captured = base.appendingPathComponent("output")
        try files.createDirectory(at: captured, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: base) }
        try files.copyItem(at: example.directory, to: scratch)
        try? files.removeItem(at: scratch.appendingPathComponent("command"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", example.command]
        process.currentDirectoryURL = scratch
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = RestmapBinary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["RESTMAP_DIAGNOSTIC_CODES"] = "1"
        environment["NO_COLOR"] = "1"
        environment["LC_ALL"] = "C"
        process.environment = environment
        // Captured through files: a pipe could fill up and block the command.
        let outURL = captured.appendingPathComponent("stdout"), errURL = captured.appendingPathComponent("stderr")
        _ = files.createFile(atPath: outURL.path, contents: nil)
        _ = files.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        let tag = "[\(example.code)]"
        let line = (stderr.components(separatedBy: "\n") + stdout.components(separatedBy: "\n")).first { $0.contains(tag) }
        return DiagnosticExampleRun(
            example: example, status: process.terminationStatus, stdout: stdout, stderr: stderr,
            line: line.map { normalized($0, scratch: scratch) })
    }

    /// Runs every case, several at a time; in the order given.
    static func runAll(_ examples: [DiagnosticExample]) -> [Result<DiagnosticExampleRun, any Error>] {
        let results = Results(count: examples.count)
        DispatchQueue.concurrentPerform(iterations: examples.count) { index in
            results.set(index, Result { try run(examples[index]) })
        }
        return results.all
    }

    /// `line` without the scratch directory: paths in it read as the case's own.
    static func normalized(_ line: String, scratch: URL) -> String {
        var text = line
        for path in Set([scratch.path, scratch.resolvingSymlinksInPath().path]).sorted(by: { $0.count > $1.count }) {
            text = text.replacingOccurrences(of: path + "/", with: "").replacingOccurrences(of: path, with: ".")
        }
        return text
    }

    // MARK: The page

    /// The headings the examples are grouped under, by the first two digits of the code.
    static let areas: [(prefix: String, title: String)] = [
        ("RM10", "Reading the config"),
        ("RM11", "The Core Data model"),
        ("RM12", "An OpenAPI document"),
        ("RM20", "Config lint"),
        ("RM21", "The config against the model"),
        ("RM22", "The config against an OpenAPI document"),
        ("RM30", "Parsing JSON"),
        ("RM31", "Parsing XML"),
        ("RM32", "Parsing property lists"),
        ("RM40", "Mapping"),
        ("RM50", "validate's findings"),
        ("RM51", "validate's manifest"),
        ("RM60", "Request bodies"),
        ("RM70", "Files and arguments"),
        ("RM80", "The store"),
    ]

    /// The examples section of docs/diagnostics.md: per catalogued code, in order and under
    /// its area, the command and the line it printed (`lines`, by code), or why there is none.
    static func section(lines: [String: String], commands: [String: String]) -> String {
        var text = ""
        var area: String?
        for code in DiagnosticCode.catalogue {
            let prefix = String(code.rawValue.prefix(4))
            if prefix != area {
                area = prefix
                let title = areas.first { $0.prefix == prefix }?.title ?? "Other"
                text += "### \(title) (\(prefix)xx)\n\n"
            }
            text += "#### \(code.rawValue)\n\n\(code.summary)"
            if let reason = withoutExample[code.rawValue] {
                text += "\n\nNo runnable example: \(reason).\n\n"
            } else if let command = commands[code.rawValue], let line = lines[code.rawValue] {
                let files = "../Tests/RestmapCLITests/DiagnosticExamples/\(code.rawValue)"
                text += " ([the example's files](\(files)))\n\n```sh-session\n$ \(command)\n\(line)\n```\n\n"
            } else {
                text += "\n\nNo example yet.\n\n"
            }
        }
        return text
    }

    /// The page's text and where its examples section lies, or nil without the markers.
    static func pageSection() throws -> (page: String, range: Range<String.Index>)? {
        let text = try String(contentsOf: page, encoding: .utf8)
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            return nil
        }
        return (text, start.upperBound..<stop.lowerBound)
    }
}

/// The results of concurrent runs, each written once by its own iteration.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<DiagnosticExampleRun, any Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<DiagnosticExampleRun, any Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    var all: [Result<DiagnosticExampleRun, any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
