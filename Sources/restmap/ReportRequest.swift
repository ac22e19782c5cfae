import ArgumentParser
import RestmapEngine
import RestmapPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `--report FORMAT[=FILE]`: a report format and, optionally, the file it goes to (its
/// parent directories created). Without a file the report goes to standard output, or `-o`.
struct ReportRequest: ExpressibleByArgument, Equatable {
    var format: ValidatePipeline.ReportFormat
    var file: String?

    init(format: ValidatePipeline.ReportFormat, file: String? = nil) {
        self.format = format
        self.file = file
    }

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let format = ValidatePipeline.ReportFormat(rawValue: String(parts[0])) else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            self.init(format: format, file: String(parts[1]))
        } else {
            self.init(format: format)
        }
    }

    static var allValueStrings: [String] { ValidatePipeline.ReportFormat.allCases.map(\.rawValue) }

    /// Refuses a format asked for twice and more than one report without a file.
    static func check(_ requests: [ReportRequest]) throws {
        var seen = Set<String>()
        for request in requests where !seen.insert(request.format.rawValue).inserted {
            throw ValidationError("--report \(request.format.rawValue) is given twice; ask for each format once")
        }
        let unnamed = requests.filter { $0.file == nil }
        if unnamed.count > 1 {
            let names = unnamed.map(\.format.rawValue).joined(separator: ", ")
            throw ValidationError("only one report can go to standard output (or -o), but \(names) have no file; give the others one: --report FORMAT=FILE")
        }
    }

    /// Makes the directories above `path` that do not exist yet (`mkdir -p` of its parent).
    static func createParentDirectories(of path: String) throws {
        var prefix = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, part) in parts.enumerated() {
            prefix += (index == 0 ? "" : "/") + part
            guard !part.isEmpty, part != ".", part != ".." else { continue }
            let made = FilePath.withCString(prefix) { mkdir($0, 0o777) }
            if made != 0 && errno != EEXIST {
                let reason = String(cString: strerror(errno))
                throw RestmapError.usage(.writeFailed, "cannot create directory '\(prefix)' for the report '\(path)': \(reason)", at: .file(path))
            }
        }
    }

    /// Writes `text` to the request's file, or else to `output` (`-o`; nil or `-`: standard
    /// output), parent directories made either way.
    func deliver(_ text: String, output: String?) throws {
        if let file {
            try Self.createParentDirectories(of: file)
            try OutputDestination(path: file).write { sink in try sink.write(text) }
        } else {
            // A report's `-o` makes its directories as `=FILE` does (`-o build/junit.xml`).
            if let output, output != "-" { try Self.createParentDirectories(of: output) }
            try OutputDestination(path: output).write { sink in try sink.write(text) }
        }
    }
}
